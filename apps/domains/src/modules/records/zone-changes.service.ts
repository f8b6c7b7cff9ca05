import { Injectable } from '@nestjs/common';
import { Errors } from '@platform/errors';
import { enclosingNames } from '../domains/domain-name';
import { DomainEntity } from '../domains/domain.entity';
import { RecordsErrors } from './records.errors';
import { toRecordInput } from './records.request';
import { checkRecords } from './records.service';
import { RecordsRepository } from './records.repository';
import { ZoneChangeEntity } from './zone-change.entity';
import { ZoneChangesRepository } from './zone-changes.repository';
import type { ZoneChangeRequest } from './zone-changes.request';
import { ZoneChangeResult, ZoneWriter } from './zone-writer.service';

const fqdn = (name: string): string => name.trim().toLowerCase().replace(/\.$/, '');

/** The names every one of `names` is in (itself included): candidates for their common zone. */
function commonEnclosing(names: readonly string[]): string[] {
  const [first, ...rest] = names.map((n) => new Set(enclosingNames(n)));
  return [...first].filter((candidate) => rest.every((s) => s.has(candidate)));
}

/**
 * Zone changes other services apply (the agent registry's published records): the zone is the
 * longest ACTIVE domain of the account that holds every name, checked as the public API checks
 * records, applied at most once per changeId.
 */
@Injectable()
export class ZoneChangesService {
  constructor(
    private readonly records: RecordsRepository,
    private readonly zoneChanges: ZoneChangesRepository,
    private readonly writer: ZoneWriter,
  ) {}

  async apply(request: ZoneChangeRequest): Promise<ZoneChangeResult> {
    const change = { ...request, accountId: request.accountId.toLowerCase() };
    // A retry answers what the first attempt did, even if the zone has changed hands since.
    const stored = await this.zoneChanges.findById(change.changeId);
    if (stored) return this.replay(stored, change.accountId);
    const zone = await this.zoneOf(change);
    if (!zone) throw RecordsErrors.zoneNotFound();
    const add = checkRecords(
      zone.domain,
      change.add.map((r) => toRecordInput(r)),
      ['add'],
    );
    const remove = checkRecords(
      zone.domain,
      change.remove.map((r) => toRecordInput(r)),
      ['remove'],
    );
    const violations = [...add.violations, ...remove.violations];
    if (violations.length) throw Errors.validation(violations);
    const outcome = await this.writer.applyChange(
      change.changeId,
      change.accountId,
      zone,
      remove.planned.map((p) => p.record),
      add.planned,
    );
    return 'replayed' in outcome ? this.replay(outcome.replayed, change.accountId) : outcome.applied;
  }

  private replay(stored: ZoneChangeEntity, accountId: string): ZoneChangeResult {
    if (stored.accountId !== accountId) throw RecordsErrors.changeIdInUse();
    return { changeId: stored.changeId, zone: stored.zone, added: stored.added, removed: stored.removed };
  }

  /** One indexed query (account_id, domain): the longest candidate wins (a delegated sub-zone). */
  private async zoneOf(change: ZoneChangeRequest): Promise<DomainEntity | null> {
    const names = [...change.add, ...change.remove].map((r) => fqdn(r.name));
    if (!names.length) return null;
    const candidates = commonEnclosing(names);
    if (!candidates.length) return null;
    const zones = await this.records.findActiveZonesAmong(change.accountId, candidates);
    return zones.sort((a, b) => b.domain.length - a.domain.length)[0] ?? null;
  }
}
