import type { DnsRecordType } from './dns-record.entity';

/** TTL of the records a new zone starts with, seconds. */
export const DEFAULT_ZONE_TTL = 3600;

export interface NewZoneRecord {
  readonly type: DnsRecordType;
  readonly name: string;
  readonly data: string;
  readonly ttl: number;
}

/**
 * The records a zone starts with when its domain becomes ACTIVE (registered, transferred in, or
 * `domain add`): one NS record per name server at the apex, as a registrar's default zone has.
 */
export function defaultZoneRecords(nameServers: readonly string[]): NewZoneRecord[] {
  return nameServers.map((ns) => ({ type: 'NS', name: '@', data: ns, ttl: DEFAULT_ZONE_TTL }));
}
