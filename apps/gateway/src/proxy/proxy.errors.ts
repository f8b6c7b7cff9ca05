import { PlatformError } from '@platform/errors';

/** Codes of the errors the gateway itself answers on a proxied path (domains shape). */
export const ProxyErrorCode = {
  UPSTREAM_UNAVAILABLE: 'UPSTREAM_UNAVAILABLE',
  UPSTREAM_TIMEOUT: 'UPSTREAM_TIMEOUT',
} as const;
export type ProxyErrorCode = (typeof ProxyErrorCode)[keyof typeof ProxyErrorCode];

export const ProxyErrors = {
  /** 502: the service refused the connection, reset it, or answered something that is not HTTP. */
  upstreamUnavailable(service: string): PlatformError {
    return new PlatformError({
      status: 502,
      code: ProxyErrorCode.UPSTREAM_UNAVAILABLE,
      message: `the ${service} service is not reachable; try again later`,
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
