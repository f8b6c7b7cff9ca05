import { Injectable, Logger } from '@nestjs/common';
import type { QueryDeepPartialEntity } from 'typeorm';
import { DomainsClient, DomainsRejectedError } from '@platform/domains-client';
import type { ZoneRecord } from '@platform/domains-client';
import { errorMessage } from '@platform/errors';
import { AgentEntity } from '../agents/agent.entity';
import { ZoneChangeEntity, ZoneChangeStatus } from './zone-change.entity';
import { ZoneChangesRepository } from './zone-changes.repository';
import { domainsChangeIdOf, publishChangeId, sameZoneRecord, toZoneRecord } from './zone-records';

const MAX_ERROR = 2000;

/**
 * Settles the outbox rows through the domains service's internal API (DomainsClient). A change is
 * sent with a stable change id, so a run repeated after a lost answer is applied once.
 *
 * Order: a removal settles the agent's publication first, in the same job (a publication applied
 * after the removal would put the records back). Across the versions of one host, each change runs
 * under a lock on the host, and a removal keeps any record another ACTIVE version of the host has
 * published (the shared HTTPS record of a version activated after the revocation was computed).
 */
@Injectable()
export class ZoneChangeApplier {
  private readonly logger = new Logger(ZoneChangeApplier.name);

  constructor(
    private readonly zoneChanges: ZoneChangesRepository,
    private readonly domains: DomainsClient,
  ) {}

  /**
   * The status the change ends in; undefined when there is no such row. Throws (so BullMQ retries)
   * while the domains service is unavailable, leaving the row PENDING with its last error.
   */
  async apply(changeId: string): Promise<ZoneChangeStatus | undefined> {
    const row = await this.zoneChanges.findById(changeId);
    if (!row || row.status !== 'PENDING') return row?.status;
    const publication = publishChangeId(row.agentId);
    if (changeId !== publication) {
      try {
        await this.settle(publication);
      } catch (e) {
        await this.note(changeId, `waiting for ${publication}: ${errorMessage(e)}`);
        throw e;
      }
    }
    return this.settle(changeId);
  }

  private async settle(changeId: string): Promise<ZoneChangeStatus | undefined> {
    try {
      return await this.zoneChanges.transaction((tx) => this.settleLocked(tx, changeId));
    } catch (e) {
      const rejected = e instanceof DomainsRejectedError;
      if (rejected)
        this.logger.error(`zone change ${changeId} rejected by the domains service: ${e.message}`);
      await this.note(changeId, errorMessage(e), {
        attempts: () => 'attempts + 1',
        ...(rejected ? { status: 'REJECTED' as const, appliedAt: () => 'now()' } : {}),
      });
      if (rejected) return 'REJECTED';
      throw e;
    }
  }

  /** Records why a PENDING change is not settled yet (or, with a status, how it ended). */
  private async note(
    changeId: string,
    error: string,
    changes: QueryDeepPartialEntity<ZoneChangeEntity> = {},
  ): Promise<void> {
    await this.zoneChanges.updatePending(changeId, { ...changes, lastError: error.slice(0, MAX_ERROR) });
  }

  private async settleLocked(
    tx: ZoneChangesRepository,
    changeId: string,
  ): Promise<ZoneChangeStatus | undefined> {
    // The row lock makes a duplicate run wait here and then find the change settled.
    const row = await tx.findByIdForUpdate(changeId);
    if (!row || row.status !== 'PENDING') return row?.status;
    const agent = await tx.findAgent(row.agentId);
    if (agent) await tx.lockHost(agent.agentHost);
    const remove = agent ? await this.notPublishedByOthers(tx, agent, row.remove) : row.remove;
    let status: ZoneChangeStatus = 'APPLIED';
    if (row.add.length + remove.length > 0) {
      const outcome = await this.domains.applyZoneChange({
        changeId: domainsChangeIdOf(changeId),
        accountId: row.accountId,
        add: row.add,
        remove,
      });
      status = outcome.outcome === 'applied' ? 'APPLIED' : 'NO_ZONE';
    }
    await tx.markSettled(changeId, status, row.attempts + 1);
    return status;
  }

  private async notPublishedByOthers(
    tx: ZoneChangesRepository,
    agent: AgentEntity,
    remove: ZoneRecord[],
  ): Promise<ZoneRecord[]> {
    if (remove.length === 0) return remove;
    const others = await tx.findRecordsOfOtherActiveOnHost(agent.agentHost, agent.agentId);
    const kept = others.flatMap((records) => records.map(toZoneRecord));
    return remove.filter((r) => !kept.some((k) => sameZoneRecord(r, k)));
  }
}
