import type { DnsRecordType } from './dns-record.entity';

/** A record's identity as far as zone-wide rules care. */
export interface NamedRecord {
  readonly type: DnsRecordType;
  readonly name: string;
}

export type ZoneConflictCode = 'CNAME_CONFLICT' | 'SOA_CONFLICT';

/** One added record that would break a zone-wide rule. */
export interface ZoneConflict {
  /** Index in `added`. */
  readonly index: number;
  readonly code: ZoneConflictCode;
  /** The clash is with a record already in the zone (kept), not only within the added ones. */
  readonly withExisting: boolean;
  readonly message: string;
}

interface AtName {
  cname: boolean;
  any: boolean;
}

function census(records: readonly NamedRecord[]): Map<string, AtName> {
  const byName = new Map<string, AtName>();
  for (const r of records) {
    const at = byName.get(r.name) ?? { cname: false, any: false };
    at.any = true;
    at.cname ||= r.type === 'CNAME';
    byName.set(r.name, at);
  }
  return byName;
}

/**
 * Zone-wide rules over the zone that results from keeping `kept` and adding `added`: a name with a
 * CNAME has no other record (RFC 1034 §3.6.2, so also no second CNAME), and the zone has at most
 * one SOA. Each clash is reported on the added record that introduces it, in order.
 */
export function zoneConflicts(kept: readonly NamedRecord[], added: readonly NamedRecord[]): ZoneConflict[] {
  const existing = census(kept);
  const keptSoa = kept.some((r) => r.type === 'SOA');
  const earlier = new Map<string, AtName>();
  let earlierSoa = false;
  const conflicts: ZoneConflict[] = [];
  added.forEach((r, index) => {
    const there = existing.get(r.name);
    const before = earlier.get(r.name);
    const label = r.name;
    if (r.type === 'CNAME' ? there?.any : there?.cname) {
      conflicts.push({
        index,
        code: 'CNAME_CONFLICT',
        withExisting: true,
        message: `${label} already has ${r.type === 'CNAME' ? 'records' : 'a CNAME'}; a CNAME name holds nothing else`,
      });
    } else if (r.type === 'CNAME' ? before?.any : before?.cname) {
      conflicts.push({
        index,
        code: 'CNAME_CONFLICT',
        withExisting: false,
        message: `${label} gets a CNAME and other records in this request; a CNAME name holds nothing else`,
      });
    }
    if (r.type === 'SOA' && (keptSoa || earlierSoa)) {
      conflicts.push({
        index,
        code: 'SOA_CONFLICT',
        withExisting: keptSoa,
        message: 'a zone has at most one SOA record',
      });
    }
    earlierSoa ||= r.type === 'SOA';
    const at = before ?? { cname: false, any: false };
    at.any = true;
    at.cname ||= r.type === 'CNAME';
    earlier.set(r.name, at);
  });
  return conflicts;
}
