import { PlatformError } from '@platform/errors';

/**
 * The Shopping API's protocol errors (docs/shopping.md, "Codes"): rendered as the UCP envelope by
 * the shopping error family, with UCP's codes and HTTP statuses (overview.md "Negotiation Errors").
 */
export const UcpErrors = {
  /** 400: a header or body the protocol requires is missing or malformed. */
  invalidRequest(message: string, header?: string): PlatformError {
    return new PlatformError({
      status: 400,
      code: 'INVALID_REQUEST',
      message,
      violations: header ? [{ location: 'header', path: [header], code: 'INVALID_REQUEST', message }] : [],
    });
  },
  /** 400: more items than the operation takes at once (catalog/rest.md: a lookup over the batch limit). */
  requestTooLarge(field: string, message: string): PlatformError {
    return new PlatformError({
      status: 400,
      code: 'REQUEST_TOO_LARGE',
      message,
      violations: [{ location: 'body', path: [field], code: 'REQUEST_TOO_LARGE', message }],
    });
  },
  /** 400: a path parameter is malformed. */
  invalidPath(name: string, message: string): PlatformError {
    return new PlatformError({
      status: 400,
      code: 'INVALID_REQUEST',
      message,
      violations: [{ location: 'path', path: [name], code: 'INVALID_FORMAT', message }],
    });
  },
  /** 400: the agent profile URL is refused by the outbound policy (private, loopback, platform…). */
  invalidProfileUrl(message: string): PlatformError {
    return new PlatformError({ status: 400, code: 'INVALID_PROFILE_URL', message });
  },
  /** 424: the agent profile could not be fetched. */
  profileUnreachable(message: string): PlatformError {
    return new PlatformError({ status: 424, code: 'PROFILE_UNREACHABLE', message, retryAfterSec: 30 });
  },
  /** 422: the agent profile is not a UCP profile. */
  profileMalformed(message: string): PlatformError {
    return new PlatformError({ status: 422, code: 'PROFILE_MALFORMED', message });
  },
  /** 422: the agent's protocol version is not one this business speaks. */
  versionUnsupported(message: string): PlatformError {
    return new PlatformError({ status: 422, code: 'VERSION_UNSUPPORTED', message });
  },
  /** 200 + error envelope: nothing in common to negotiate (a result, not a transport failure). */
  capabilitiesIncompatible(message: string): PlatformError {
    return new PlatformError({ status: 200, code: 'CAPABILITIES_INCOMPATIBLE', message });
  },
  /** 409: the resource changed under the request too often (concurrent writers); retry. */
  busy(message: string): PlatformError {
    return new PlatformError({ status: 409, code: 'RESOURCE_BUSY', message });
  },
  /** 403: the token acts for another agent profile (signatures.md `profile_not_trusted`). */
  profileNotTrusted(message: string): PlatformError {
    return new PlatformError({ status: 403, code: 'PROFILE_NOT_TRUSTED', message });
  },
  /** 404: no store by that id the caller may use. */
  businessNotFound(): PlatformError {
    return new PlatformError({ status: 404, code: 'NOT_FOUND', message: 'no such store' });
  },
};
