import { Errors, PlatformError, ViolationCode } from '@platform/errors';

export const DomainsErrorCode = {
  /** Not registered to the caller's account (missing, or another account's: alike). */
  DOMAIN_NOT_FOUND: 'DOMAIN_NOT_FOUND',
  /** GET /v1/domains: `marker` is not a domain name, so it cannot come from a previous page. */
  INVALID_MARKER: 'INVALID_MARKER',
} as const;

/** Errors of the domains feature (codes documented in docs/domains.md and docs/errors.md). */
export const DomainsErrors = {
  notFound(domain: string): PlatformError {
    return Errors.notFound(
      `the domain ${domain} is not registered to this account`,
      DomainsErrorCode.DOMAIN_NOT_FOUND,
    );
  },
  /** No account holds `domain` (the internal API's answer to the other services). */
  notHeld(domain: string): PlatformError {
    return Errors.notFound(`no account holds the domain ${domain}`, DomainsErrorCode.DOMAIN_NOT_FOUND);
  },
  /** The spec's paging rule: an invalid marker means restarting from the first page. */
  invalidMarker(): PlatformError {
    return Errors.badRequest(
      DomainsErrorCode.INVALID_MARKER,
      'marker is not the domain of an item of a previous page: restart the walk from the first page (no marker)',
      [
        {
          location: 'query',
          path: ['marker'],
          code: ViolationCode.INVALID_FORMAT,
          message: 'marker must be the domain of the last item of the previous page',
        },
      ],
    );
  },
};
