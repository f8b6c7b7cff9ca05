import { InternalCallUnreachableError, callInternalRoute } from '@platform/auth';
import type { InternalTarget } from '@platform/auth';
import { PlatformError } from '@platform/errors';

/**
 * POST to another platform service's `/internal/...` route (callInternalRoute, 5 s timeout).
 * Unreachable, 5xx or 429 → 503 SERVICE_UNAVAILABLE (the subgraph answers HTTP 503 with
 * Retry-After); any other status is returned to the caller to map.
 */
export async function postInternal(
  target: InternalTarget,
  path: string,
  payload: unknown,
  service: string,
): Promise<{ status: number; body: unknown }> {
  let answer: { status: number; body: unknown };
  try {
    answer = await callInternalRoute(target, 'POST', path, payload);
  } catch (e) {
    if (!(e instanceof InternalCallUnreachableError)) throw e;
    throw unavailable(`${service} unreachable: ${e.message}`);
  }
  if (answer.status >= 500 || answer.status === 429)
    throw unavailable(`${service} answered ${answer.status}`);
  return answer;
}

function unavailable(message: string): PlatformError {
  return new PlatformError({ status: 503, code: 'SERVICE_UNAVAILABLE', message });
}
