import { Errors, PlatformError, Violation } from '@platform/errors';

export const RecordsErrorCode = {
  /** Writes need an ACTIVE domain (not PENDING, PENDING_TRANSFER or EXPIRED). */
  DOMAIN_NOT_ACTIVE: 'DOMAIN_NOT_ACTIVE',
  /** The zone would hold more than MAX_ZONE_RECORDS records. */
  TOO_MANY_RECORDS: 'TOO_MANY_RECORDS',
  /** The write clashes with a CNAME (or puts a CNAME beside records) already in the zone. */
  CNAME_CONFLICT: 'CNAME_CONFLICT',
  /** The write adds a second SOA to a zone that has one. */
  SOA_CONFLICT: 'SOA_CONFLICT',
  /** Internal API: no ACTIVE domain of the account holds the change's names. */
  ZONE_NOT_FOUND: 'ZONE_NOT_FOUND',
  /** Internal API: the changeId was used by another account. */
  CHANGE_ID_IN_USE: 'CHANGE_ID_IN_USE',
} as const;

/** Errors of the records feature (codes documented in docs/dns-records.md). */
export const RecordsErrors = {
  notActive(domain: string, status: string): PlatformError {
    return Errors.conflict(
      RecordsErrorCode.DOMAIN_NOT_ACTIVE,
      `the domain ${domain} is ${status}; its records can be changed once it is ACTIVE`,
    );
  },
  tooManyRecords(max: number, count: number): PlatformError {
    return Errors.unprocessable(
      RecordsErrorCode.TOO_MANY_RECORDS,
      `a zone holds at most ${max} records; this write would leave ${count}`,
    );
  },
  /** A clash with records already in the zone: re-read the zone, then write again. */
  zoneConflict(code: string, violations: readonly Violation[]): PlatformError {
    return new PlatformError({
      status: 409,
      code,
      message: violations[0]?.message ?? 'the write conflicts with records in the zone',
      violations,
    });
  },
  zoneNotFound(): PlatformError {
    return Errors.notFound(
      'no ACTIVE domain of the account holds these names',
      RecordsErrorCode.ZONE_NOT_FOUND,
    );
  },
  changeIdInUse(): PlatformError {
    return Errors.conflict(RecordsErrorCode.CHANGE_ID_IN_USE, 'this changeId was used by another account');
  },
};
