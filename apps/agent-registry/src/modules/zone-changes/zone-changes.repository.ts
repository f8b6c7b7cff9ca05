import { Injectable } from '@nestjs/common';
import { EntityManager, Not } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import type { DnsRecord } from '../agents/agent.model';
import { ZoneChangeEntity, ZoneChangeStatus } from './zone-change.entity';

/** A new outbox row: PENDING, not attempted yet. */
export type NewZoneChange = Pick<ZoneChangeEntity, 'changeId' | 'agentId' | 'accountId' | 'add' | 'remove'>;

/** Where the sweep's keyset walk of the PENDING rows stands. */
export interface ZoneChangeKey {
  readonly createdAt: Date;
  readonly changeId: string;
}

/**
 * Storage of the agents' DNS outbox (`agents.zone_changes`) and what settling a change reads of
 * the agents. `transaction(work)` runs `work` with a copy bound to one transaction; the agents'
 * transactions hand their copy out as `AgentsRepository.zoneChanges`.
 */
@Injectable()
export class ZoneChangesRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: ZoneChangesRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new ZoneChangesRepository(manager)));
  }

  async insertPending(change: NewZoneChange): Promise<void> {
    await this.manager.insert(ZoneChangeEntity, {
      ...change,
      status: 'PENDING',
      attempts: 0,
      lastError: null,
      appliedAt: null,
    });
  }

  findById(changeId: string): Promise<ZoneChangeEntity | null> {
    return this.manager.findOneBy(ZoneChangeEntity, { changeId });
  }

  /** The change, its row locked until the transaction ends (a duplicate run waits here). */
  findByIdForUpdate(changeId: string): Promise<ZoneChangeEntity | null> {
    return this.manager.findOne(ZoneChangeEntity, {
      where: { changeId },
      lock: { mode: 'pessimistic_write' },
    });
  }

  findAgent(agentId: string): Promise<AgentEntity | null> {
    return this.manager.findOneBy(AgentEntity, { agentId });
  }

  /** Until the transaction ends, other changes of the same host wait here (advisory lock). */
  async lockHost(agentHost: string): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`agents-dns:${agentHost}`]);
  }

  /** The DNS records each other ACTIVE agent (version) of the host publishes. */
  async findRecordsOfOtherActiveOnHost(agentHost: string, agentId: string): Promise<DnsRecord[][]> {
    const others = await this.manager.find(AgentEntity, {
      select: { dnsRecords: true },
      where: { agentHost, status: 'ACTIVE', agentId: Not(agentId) },
    });
    return others.map((o) => o.dnsRecords);
  }

  /** Sets `changes` and the error on the change while it is still PENDING. */
  async updatePending(
    changeId: string,
    changes: QueryDeepPartialEntity<ZoneChangeEntity> & { lastError: string },
  ): Promise<void> {
    await this.manager
      .createQueryBuilder()
      .update(ZoneChangeEntity)
      .set(changes)
      .where('change_id = :changeId AND status = :pending', { changeId, pending: 'PENDING' })
      .execute();
  }

  async markSettled(changeId: string, status: ZoneChangeStatus, attempts: number): Promise<void> {
    await this.manager.update(
      ZoneChangeEntity,
      { changeId },
      { status, attempts, lastError: null, appliedAt: new Date() },
    );
  }

  /**
   * Up to `limit` PENDING changes created more than `olderThanMs` ago, after `after` in
   * (createdAt, changeId) order: a keyset walk of the partial index zone_changes_pending_idx.
   */
  async findStalePending(
    olderThanMs: number,
    after: ZoneChangeKey | undefined,
    limit: number,
  ): Promise<ZoneChangeKey[]> {
    const rows: { change_id: string; created_at: Date }[] = await this.manager.query(
      `SELECT change_id, created_at FROM agents.zone_changes
         WHERE status = 'PENDING' AND created_at < now() - make_interval(secs => $1)
           AND ($2::timestamptz IS NULL OR (created_at, change_id) > ($2, $3))
         ORDER BY created_at, change_id LIMIT ${limit}`,
      [olderThanMs / 1000, after?.createdAt ?? null, after?.changeId ?? ''],
    );
    return rows.map((row) => ({ createdAt: row.created_at, changeId: row.change_id }));
  }
}
