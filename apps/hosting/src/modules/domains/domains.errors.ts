import { Errors, PlatformError } from '@platform/errors';
import type { HostnameIssue } from './domain-hostname';
import { MAX_DOMAINS_PER_APP } from './domain-settings';

/** Codes of the custom domains feature (`name` of the commerce error object; docs/errors.md, "Hosting"). */
export const DomainErrorCode = {
  DOMAIN_NOT_FOUND: 'DOMAIN_NOT_FOUND',
  DOMAIN_ALREADY_ATTACHED: 'DOMAIN_ALREADY_ATTACHED',
  DOMAIN_LIMIT_REACHED: 'DOMAIN_LIMIT_REACHED',
  RESERVED_HOSTNAME: 'RESERVED_HOSTNAME',
} as const;

/** Why a domain ended FAILED (`failure.code`). */
export const DomainFailureCode = {
  /** The caller's zone in the domains service refused the records (e.g. a CNAME at the apex). */
  ZONE_CHANGE_REFUSED: 'ZONE_CHANGE_REFUSED',
} as const;

export const DomainErrors = {
  /** Not attached to this app (also: another account's app, or another app's domain). */
  notFound(): PlatformError {
    return Errors.notFound('no such domain on this app', DomainErrorCode.DOMAIN_NOT_FOUND);
  },
  /** The host name is attached already, to this app or any other. */
  alreadyAttached(hostname: string): PlatformError {
    return Errors.conflict(
      DomainErrorCode.DOMAIN_ALREADY_ATTACHED,
      `${hostname} is attached to an app already; detach it there first`,
    );
  },
  limitReached(): PlatformError {
    return Errors.unprocessable(
      DomainErrorCode.DOMAIN_LIMIT_REACHED,
      `an app has at most ${MAX_DOMAINS_PER_APP} custom domains; detach one first`,
    );
  },
  /** One of the platform's own host names, or one under the target custom domains point at. */
  reserved(hostname: string): PlatformError {
    return Errors.unprocessable(
      DomainErrorCode.RESERVED_HOSTNAME,
      `${hostname} is one of the platform's own host names`,
      [
        {
          location: 'body',
          path: ['hostname'],
          code: DomainErrorCode.RESERVED_HOSTNAME,
          message: 'reserved',
          value: hostname,
        },
      ],
    );
  },
  badHostname(issue: HostnameIssue, value: string): PlatformError {
    return Errors.validation(
      [
        {
          location: 'body',
          path: ['hostname'],
          code: issue,
          message: `hostname must be a DNS name of two labels or more, no wildcard, no address (${issue})`,
          value,
        },
      ],
      'the host name cannot be attached',
    );
  },
};
