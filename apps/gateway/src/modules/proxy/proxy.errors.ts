import { PlatformError } from '@platform/errors';

/** Codes of the errors the gateway itself answers on a proxied path (domains shape). */
export const ProxyErrorCode = {
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
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
  /** 504: the service accepted the request but sent no response headers in time. */
  upstreamTimeout(service: string): PlatformError {
    return new PlatformError({
      status: 504,
      code: ProxyErrorCode.UPSTREAM_TIMEOUT,
      message: `the ${service} service did not answer in time`,
    });
  },
};
