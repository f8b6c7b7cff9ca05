import { Injectable } from '@nestjs/common';
import { AccountEntity } from '@platform/auth';
import { drainInBatches } from '@platform/database';
import { EntityManager, Not, QueryFailedError } from 'typeorm';
import { AgentEventsRepository } from '../events/agent-events.repository';
import { PkiRepository } from '../pki/pki.repository';
import { ZoneChangesRepository } from '../zone-changes/zone-changes.repository';
import { AgentEntity } from './agent.entity';

const ANS_NAME_KEY = 'agents_ans_name_key';

/** Whether `e` is the unique index on ansName refusing an insert. */
export function isAnsNameTaken(e: unknown): boolean {
  const driver =
    e instanceof QueryFailedError ? (e.driverError as { code?: string; constraint?: string }) : {};
  return driver.code === '23505' && driver.constraint === ANS_NAME_KEY;
}

/**
 * One batch of lapsed PENDING_VALIDATION registrations → EXPIRED, along the partial index
 * agents_pending_expiry_idx. SKIP LOCKED leaves a row another worker holds to that worker.
 */
const EXPIRE_BATCH = `
UPDATE "agents"."agents" SET "status" = 'EXPIRED', "updated_at" = $1
WHERE "agent_id" IN (
  SELECT "agent_id" FROM "agents"."agents"
  WHERE "status" = 'PENDING_VALIDATION' AND "expires_at" <= $1
  ORDER BY "expires_at"
  LIMIT $2
  FOR UPDATE SKIP LOCKED)
AND "status" = 'PENDING_VALIDATION'`;

/**
 * Storage of agent records (`agents.agents`). `transaction(work)` runs `work` with a copy bound to
 * one transaction; a registration or revocation writes certificates, the CRL, the DNS outbox and
 * the event feed in the same transaction, through the copy's `pki`, `zoneChanges` and `events`.
 */
@Injectable()
export class AgentsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: AgentsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new AgentsRepository(manager)));
  }

  /** The PKI's storage, in this copy's transaction. */
  get pki(): PkiRepository {
    return new PkiRepository(this.manager);
  }

  /** The DNS outbox, in this copy's transaction. */
  get zoneChanges(): ZoneChangesRepository {
    return new ZoneChangesRepository(this.manager);
  }

  /** The event feed, in this copy's transaction. */
  get events(): AgentEventsRepository {
    return new AgentEventsRepository(this.manager);
  }

  accountExists(accountId: string): Promise<boolean> {
    return this.manager.existsBy(AccountEntity, { id: accountId });
  }

  findById(agentId: string): Promise<AgentEntity | null> {
    return this.manager.findOneBy(AgentEntity, { agentId });
  }

  /** The agent, its row locked until the transaction ends. */
  findByIdForUpdate(agentId: string): Promise<AgentEntity | null> {
    return this.manager.findOne(AgentEntity, { where: { agentId }, lock: { mode: 'pessimistic_write' } });
  }

  ansNameExists(ansName: string): Promise<boolean> {
    return this.manager.existsBy(AgentEntity, { ansName });
  }

  /** Whether another agent (version) of the host is ACTIVE. */
  otherActiveOnHost(agentHost: string, agentId: string): Promise<boolean> {
    return this.manager.existsBy(AgentEntity, { agentHost, status: 'ACTIVE', agentId: Not(agentId) });
  }

  /** Inserts the agent; a taken ansName throws (see isAnsNameTaken). */
  async insert(row: AgentEntity): Promise<AgentEntity> {
    const agent = this.manager.create(AgentEntity, row);
    await this.manager.insert(AgentEntity, agent);
    return agent;
  }

  async save(agent: AgentEntity): Promise<void> {
    await this.manager.save(AgentEntity, agent);
  }

  /**
   * Expires every PENDING_VALIDATION registration whose expiresAt is at or before `now`, in
   * batches; returns how many.
   */
  expirePending(now: Date, batchSize = 500): Promise<number> {
    return drainInBatches(this.manager.dataSource, EXPIRE_BATCH, [now], batchSize);
  }
}
