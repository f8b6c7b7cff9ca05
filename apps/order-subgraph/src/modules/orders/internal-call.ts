import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import { PlatformError, errorMessage } from '@platform/errors';
import { tracedFetch } from '@platform/observability';

/** Per-call timeout of the storefront's service calls (catalog prices, tax), ms. */
const TIMEOUT_MS = 5000;

/**
 * POST to another platform service's `/internal/...` route with the platform's internal
 * credential. Unreachable, 5xx or 429 → 503 SERVICE_UNAVAILABLE (the subgraph answers HTTP 503
 * with Retry-After); any other status is returned to the caller to map.
 */
export async function postInternal(
  baseUrl: string,
  path: string,
  credential: string,
  payload: unknown,
  service: string,
): Promise<{ status: number; body: unknown }> {
  let status: number;
  let body: unknown;
  try {
    const response = await tracedFetch(`${baseUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        [INTERNAL_CREDENTIAL_HEADER]: credential,
      },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    status = response.status;
    const text = await response.text();
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch (e) {
    throw unavailable(`${service} unreachable: ${errorMessage(e)}`);
  }
  if (status >= 500 || status === 429) throw unavailable(`${service} answered ${status}`);
  return { status, body };
}

function unavailable(message: string): PlatformError {
  return new PlatformError({ status: 503, code: 'SERVICE_UNAVAILABLE', message });
}

/** The `code` of an error body, if any. */
export function codeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
  return undefined;
}
