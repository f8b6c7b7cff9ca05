import { Injectable } from '@nestjs/common';
import { Errors, Violation, ViolationCode } from '@platform/errors';
import { DomainEntity } from '../domains/domain.entity';
import { DomainsErrors } from '../domains/domains.errors';
import { DnsRecordEntity } from './dns-record.entity';
import type { ZoneRecordValue } from './record-rules';
import { RecordsErrors } from './records.errors';
import { RecordsRepository, ZoneScope } from './records.repository';
import { ZoneChangeEntity } from './zone-change.entity';
import { zoneConflicts } from './zone-rules';

/** A zone holds at most this many records (the public API's bound on one write, too). */
export const MAX_ZONE_RECORDS = 500;

/** A checked record to add, with where it came from in the request (for fields[] paths). */
export interface PlannedRecord {
  readonly record: ZoneRecordValue;
  readonly path: readonly (string | number)[];
}

/** What an internal zone change did, or the outcome stored for its changeId. */
export interface ZoneChangeResult {
  readonly changeId: string;
  readonly zone: string;
  readonly added: number;
  readonly removed: number;
}

const sameRecord = (a: Pick<ZoneRecordValue, 'type' | 'name' | 'data'>, b: typeof a): boolean =>
  a.type === b.type && a.name === b.name && a.data === b.data;

/**
 * Every write to a zone, each one transaction that first locks the domain's row (SELECT … FOR
 * UPDATE), so writes to one zone run one after another and the zone-wide rules (CNAME
 * exclusivity, one SOA, MAX_ZONE_RECORDS) are checked against the zone as it really is.
 */
@Injectable()
export class ZoneWriter {
  constructor(private readonly records: RecordsRepository) {}

  /**
   * A public write to `domain` of `accountId`: removes the records in `replace` (none when
   * undefined: PATCH adds), then adds `add`, in that order.
   */
  async write(
    accountId: string,
    domain: string,
    replace: ZoneScope | undefined,
    add: readonly PlannedRecord[],
  ): Promise<void> {
    await this.records.transaction(async (tx) => {
      const zone = await tx.findZoneForUpdate({ domain });
      if (!zone || zone.accountId !== accountId) throw DomainsErrors.notFound(domain);
      if (zone.status !== 'ACTIVE') throw RecordsErrors.notActive(domain, zone.status);
      const existing = await tx.findRecords(zone.domainId);
      const removed = replace
        ? existing.filter(
            (r) =>
              (replace.type === undefined || r.type === replace.type) &&
              (replace.name === undefined || r.name === replace.name),
          )
        : [];
      await commit(tx, zone.domainId, existing, removed, add);
    });
  }

  /**
   * An internal change to `zone`, at most once per changeId: the change's row goes in first, so a
   * changeId seen before (or being applied concurrently: the unique key waits for it) answers the
   * stored outcome and applies nothing. Removes the records equal in (type, name, data) to one of
   * `remove`; adds those of `add` not there yet.
   */
  async applyChange(
    changeId: string,
    accountId: string,
    zone: DomainEntity,
    remove: readonly ZoneRecordValue[],
    add: readonly PlannedRecord[],
  ): Promise<{ replayed: ZoneChangeEntity } | { applied: ZoneChangeResult }> {
    return this.records.transaction(async (tx) => {
      if (!(await tx.zoneChanges.insertUnlessExists({ changeId, accountId, zone: zone.domain }))) {
        return { replayed: await tx.zoneChanges.getById(changeId) };
      }
      const locked = await tx.findZoneForUpdate({ domainId: zone.domainId });
      if (!locked || locked.accountId !== accountId || locked.status !== 'ACTIVE')
        throw RecordsErrors.zoneNotFound();
      const existing = await tx.findRecords(zone.domainId);
      const removed = existing.filter((r) => remove.some((x) => sameRecord(r, x)));
      const kept = existing.filter((r) => !removed.includes(r));
      const fresh: PlannedRecord[] = [];
      for (const planned of add) {
        const present = [...kept, ...fresh.map((f) => f.record)].some((r) => sameRecord(r, planned.record));
        if (!present) fresh.push(planned);
      }
      await commit(tx, zone.domainId, existing, removed, fresh);
      const result = { changeId, zone: zone.domain, added: fresh.length, removed: removed.length };
      await tx.zoneChanges.updateCounts(changeId, { added: result.added, removed: result.removed });
      return { applied: result };
    });
  }
}

/** Checks the zone that results (kept + add), then deletes `removed` and inserts `add` in order. */
async function commit(
  tx: RecordsRepository,
  domainId: string,
  existing: readonly DnsRecordEntity[],
  removed: readonly DnsRecordEntity[],
  add: readonly PlannedRecord[],
): Promise<void> {
  const kept = existing.filter((r) => !removed.includes(r));
  const conflicts = zoneConflicts(
    kept,
    add.map((p) => p.record),
  );
  const violationOf = (c: (typeof conflicts)[number]): Violation => ({
    location: 'body',
    path: add[c.index].path,
    code: ViolationCode.INVALID_VALUE,
    message: c.message,
  });
  const inRequest = conflicts.filter((c) => !c.withExisting);
  if (inRequest.length) throw Errors.validation(inRequest.map(violationOf));
  if (conflicts.length) throw RecordsErrors.zoneConflict(conflicts[0].code, conflicts.map(violationOf));
  const count = kept.length + add.length;
  if (count > MAX_ZONE_RECORDS) throw RecordsErrors.tooManyRecords(MAX_ZONE_RECORDS, count);
  if (removed.length) await tx.deleteRecords(removed.map((r) => r.recordId));
  if (add.length)
    await tx.insertRecords(
      domainId,
      add.map((p) => p.record),
    );
}
