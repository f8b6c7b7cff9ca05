import { INTERNAL_CREDENTIAL_HEADER } from '@platform/crypto';
import { PlatformError, errorMessage } from '@platform/errors';
import { tracedRequest } from '@platform/observability';

/** Where a platform process calls another's `/internal/...` routes from. */
export interface InternalTarget {
  readonly baseUrl: string;
  /** The platform's internal credential (`deriveInternalCredential`), which InternalRoute checks. */
  readonly credential: string;
  /** Per-call timeout, ms. Default 5000. */
  readonly timeoutMs?: number;
}

/** The call got no answer (refused, reset, past its timeout); what it means is the caller's to say. */
export class InternalCallUnreachableError extends Error {
  constructor(cause: unknown) {
    super(errorMessage(cause));
    this.name = 'InternalCallUnreachableError';
  }
}

/**
 * One call of another service's InternalRoute: the internal credential in its header, JSON both
 * ways, traced, with a timeout. Any status is returned with its parsed body, for the caller to map
 * (the callers differ: a worker retries later, a subgraph answers 503); no answer at all throws
 * InternalCallUnreachableError.
 */
export async function callInternalRoute(
  target: InternalTarget,
  method: 'GET' | 'POST',
  path: string,
  payload?: unknown,
): Promise<{ status: number; body: unknown }> {
  try {
    const response = await tracedRequest(`${target.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        [INTERNAL_CREDENTIAL_HEADER]: target.credential,
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      timeoutMs: target.timeoutMs ?? 5000,
    });
    return {
      status: response.status,
      body: response.text ? (JSON.parse(response.text) as unknown) : undefined,
    };
  } catch (e) {
    throw new InternalCallUnreachableError(e);
  }
}

/** The `code` of an error body, if any. */
export function errorCodeOf(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'code' in body && typeof body.code === 'string') return body.code;
  return undefined;
}

/**
 * The answer of another service that is down for now: no answer, 5xx or 429. A 503
 * SERVICE_UNAVAILABLE PlatformError (a subgraph or REST route answers HTTP 503), typed so a caller
 * can tell it from the service's own refusals.
 */
export class InternalServiceUnavailableError extends PlatformError {
  constructor(message: string) {
    super({ status: 503, code: 'SERVICE_UNAVAILABLE', message });
    this.name = 'InternalServiceUnavailableError';
  }
}

/**
 * POST to another platform service's `/internal/...` route (callInternalRoute, its timeout).
 * Unreachable, 5xx or 429 → InternalServiceUnavailableError naming `service`; any other status
 * is returned to the caller to map.
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
    throw new InternalServiceUnavailableError(`${service} unreachable: ${e.message}`);
  }
  if (answer.status >= 500 || answer.status === 429)
    throw new InternalServiceUnavailableError(`${service} answered ${answer.status}`);
  return answer;
}
