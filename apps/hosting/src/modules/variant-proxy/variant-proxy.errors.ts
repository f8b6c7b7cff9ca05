import { Errors, PlatformError } from '@platform/errors';

/** Codes of the proxy's own answers (docs/errors.md, Hosting). */
export const VariantProxyErrorCode = {
  APP_NOT_RUNNING: 'APP_NOT_RUNNING',
  APP_UNREACHABLE: 'APP_UNREACHABLE',
} as const;

/** A client retries a variant that is not running (yet) after this many seconds. */
export const APP_NOT_RUNNING_RETRY_AFTER_S = 5;

export const VariantProxyErrors = {
  /** Not `/hosted/{appId}/{preview|publish}` with a well-formed app id. */
  variantNotFound(): PlatformError {
    return Errors.notFound('no such hosted app variant');
  },
  /** A Host (custom domain) no ACTIVE domain of any app has (404 DOMAIN_NOT_FOUND). */
  domainNotFound(hostname: string): PlatformError {
    return Errors.notFound(
      `no app is served at ${hostname.slice(0, 253)}: attach the domain to an app and verify it first`,
      'DOMAIN_NOT_FOUND',
    );
  },
  /** The variant's own endpoint did not answer (502). */
  appUnreachable(segment: string, appId: string): PlatformError {
    return new PlatformError({
      status: 502,
      code: VariantProxyErrorCode.APP_UNREACHABLE,
      message: `the ${segment} variant of ${appId} did not answer`,
    });
  },
  /** Neither this worker nor a live owner runs the variant (503, retry later). */
  appNotRunning(segment: string, appId: string): PlatformError {
    return new PlatformError({
      status: 503,
      code: VariantProxyErrorCode.APP_NOT_RUNNING,
      message: `the ${segment} variant of ${appId} is not running`,
      headers: { 'Retry-After': String(APP_NOT_RUNNING_RETRY_AFTER_S) },
    });
  },
};
