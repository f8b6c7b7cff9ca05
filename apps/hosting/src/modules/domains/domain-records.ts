import { randomBytes } from 'node:crypto';

/** The name of the verification TXT record under a custom domain. */
export const VERIFY_LABEL = '_platform-verify';
/** TTL of the records the platform writes into an owned zone, seconds (the domains service takes 600 to 604800). */
export const DOMAIN_RECORD_TTL_S = 600;

export type DomainRecordType = 'CNAME' | 'TXT';

/** One DNS record a custom domain needs, as the caller would publish it. */
export interface DomainRecord {
  readonly type: DomainRecordType;
  /** Fully qualified, no trailing dot. */
  readonly name: string;
  readonly value: string;
}

/** A needed record and what the last check found: FOUND in DNS, WRITTEN into an owned zone, or MISSING. */
export interface CheckedDomainRecord extends DomainRecord {
  readonly status: 'MISSING' | 'FOUND' | 'WRITTEN';
}

/** 32 random bytes, hex: the value the TXT record must carry (not a secret: it is published in DNS). */
export function newVerificationToken(): string {
  return randomBytes(32).toString('hex');
}

/** The TXT record's value for `token`. */
export const verificationValue = (token: string): string => `platform-verify=${token}`;

/**
 * What `hostname` needs: a CNAME to the platform's target host (traffic) and a TXT at
 * `_platform-verify.<hostname>` with the domain's token (proof of control), in that order.
 */
export function neededRecords(hostname: string, target: string, token: string): DomainRecord[] {
  return [
    { type: 'CNAME', name: hostname, value: target },
    { type: 'TXT', name: `${VERIFY_LABEL}.${hostname}`, value: verificationValue(token) },
  ];
}

/** The records as the domains service's zone change takes them (libs/domains-client ZoneRecord). */
export function zoneRecordsOf(records: readonly DomainRecord[]) {
  return records.map((r) => ({ type: r.type, name: r.name, data: r.value, ttl: DOMAIN_RECORD_TTL_S }));
}
