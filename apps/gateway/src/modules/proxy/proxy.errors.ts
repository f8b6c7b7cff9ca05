import { PlatformError, errorCauses } from '@platform/errors';

/** Codes of the errors the gateway itself answers on a proxied path (domains shape). */
export const ProxyErrorCode = {
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
  /** 500: the gateway's own HTTP client refused or broke the request; the service is not to blame. */
  FORWARDING_FAILED: 'FORWARDING_FAILED',
  /** 417: an `Expect` other than 100-continue (RFC 9110 §10.1.1). */
  EXPECTATION_FAILED: 'EXPECTATION_FAILED',
} as const;
export type ProxyErrorCode = (typeof ProxyErrorCode)[keyof typeof ProxyErrorCode];

/** Seconds a client waits before retrying a service that could not be reached (a restart's order). */
export const UPSTREAM_RETRY_AFTER_S = 2;

export const ProxyErrors = {
  /**
   * 503 with Retry-After: the service refused the connection, reset it, or answered something that
   * is not HTTP. It is restarting or being replaced (as a Kubernetes Service with no ready endpoint
   * answers): the client should retry shortly, which is what 503 with Retry-After says.
   */
  upstreamUnavailable(service: string): PlatformError {
    return new PlatformError({
      status: 503,
      code: ProxyErrorCode.UPSTREAM_UNAVAILABLE,
      message: `the ${service} service is not reachable; try again later`,
      retryAfterSec: UPSTREAM_RETRY_AFTER_S,
    });
  },
  /**
   * 500 in the route's shape: the request could not be forwarded for a reason of the gateway's own
   * (its HTTP client refused a header, a body's framing, …). Logged at error level with the cause.
   */
  forwardingFailed(service: string): PlatformError {
    return new PlatformError({
      status: 500,
      code: ProxyErrorCode.FORWARDING_FAILED,
      message: `the gateway could not forward this request to the ${service} service`,
    });
  },
  /** 417: the request expects something the gateway does not do (only 100-continue is known). */
  expectationFailed(): PlatformError {
    return new PlatformError({
      status: 417,
      code: ProxyErrorCode.EXPECTATION_FAILED,
      message: 'the only expectation the platform meets is "Expect: 100-continue"',
    });
  },
  /** 504: the service accepted the request but sent no response headers in time. */
  upstreamTimeout(service: string): PlatformError {
    return new PlatformError({
      status: 504,
      code: ProxyErrorCode.UPSTREAM_TIMEOUT,
      message: `the ${service} service did not answer in time`,
    });
  },
};

/** Who is to blame for a failed call to a service, and so what the client is answered. */
export type UpstreamFailure = 'timeout' | 'unreachable' | 'forwarding';

/** Codes of a connection that could not be made or was lost: the service is down or restarting. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  // @fastify/reply-from's own wrappers of the above, and its answer to a status that is not HTTP.
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
  'FST_REPLY_FROM_BAD_GATEWAY',
]);

const TIMEOUT_CODES = new Set([
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'FST_REPLY_FROM_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
]);

/**
 * Classifies a failed proxied call by the error and its causes: a deadline (504), a connection
 * that could not be made or broke, or an answer that is not HTTP (503: the service is not
 * reachable), and anything else, which the gateway's own client caused (500 FORWARDING_FAILED:
 * undici refusing a header such as `Expect`, an invalid argument). Blaming the service for the
 * last kind would send clients retrying against a service that is up.
 */
export function classifyUpstreamFailure(error: unknown): UpstreamFailure {
  const codes = errorCauses(error)
    .map((e) => (e as { code?: unknown }).code)
    .filter((code): code is string => typeof code === 'string');
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return 'timeout';
  if (codes.some((c) => UNREACHABLE_CODES.has(c) || c.startsWith('HPE_'))) return 'unreachable';
  return 'forwarding';
}
