import { Injectable } from '@nestjs/common';
import { EVENT_RETENTION_DAYS } from '../../config/agent-registry.config';
import type { AgentEntity } from '../agents/agent.entity';
import { AgentEventEntity, AgentEventType } from './agent-event.entity';
import { AgentEventsRepository } from './agent-events.repository';

export { AGENT_EVENT_APPEND_LOCK_KEY } from './agent-events.repository';

/** What an event records about its agent: the registration as it was when the event happened. */
export type AgentSnapshot = Pick<
  AgentEntity,
  'agentId' | 'ansName' | 'agentHost' | 'displayName' | 'description' | 'version' | 'providerId' | 'endpoints'
>;

/** One request for a page of the feed (already validated: limit 1..200, lastLogId a bigint). */
export interface AgentEventPageQuery {
  readonly providerId?: string;
  /** Exclusive cursor: the `lastLogId` of the previous page; absent means the start of the stream. */
  readonly lastLogId?: string;
  readonly limit: number;
}

export interface AgentEventPage {
  readonly items: AgentEventEntity[];
  /** The cursor for the next request (see AgentEventLog.page). */
  readonly lastLogId: string;
}

/** Where the feed starts: identity values begin at 1, so "after 0" is "from the beginning". */
export const FEED_START = '0';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The agent event feed (spec "Events"): an append-only log read by keyset on `logId`.
 *
 * Why a keyset on an identity column is safe here: identity values are drawn when a row is
 * inserted, not when its transaction commits. Without coordination, transaction A could draw 10,
 * B draw 11 and commit first; a reader that then read 11 and moved its cursor past it would never
 * see 10 once A commits. `append` therefore takes `pg_advisory_xact_lock` BEFORE it inserts: the
 * lock is held until the appending transaction ends, and Postgres releases transaction locks
 * only after the commit is visible to new snapshots. So the next appender draws its value only
 * after the previous one is visible, values become visible in the order they were drawn, and a
 * reader asking for `log_id > cursor` can never later meet a committed event below its cursor.
 * Holes are still possible (a rolled-back append consumes its value), and harmless: a cursor
 * skips numbers, never events. This relies on the identity's sequence CACHE 1 (the default; a
 * per-session cache would hand out values out of order whatever the lock).
 *
 * Every append to the feed goes through here (the registry's own writers, the worker's jobs), as a
 * direct INSERT would bypass the lock.
 */
@Injectable()
export class AgentEventLog {
  constructor(private readonly events: AgentEventsRepository) {}

  /**
   * Appends one event inside the caller's transaction (`tx` must be a transaction-bound copy of
   * the repository, e.g. `AgentsRepository.transaction`'s `tx.events`; it throws otherwise, since
   * an autocommit lock would be released before the insert and guarantee nothing).
   *
   * Make it the LAST statement of the transaction: the lock serializes every appender until
   * commit, so anything after it lengthens the queue, and a lock taken after this one (a row
   * lock the caller's other writes need) could deadlock against another appender waiting here.
   *
   * `createdAt` is `at`; `expiresAt` is `at` + EVENT_RETENTION_DAYS (the spec's 30-day retention).
   */
  async append(
    tx: AgentEventsRepository,
    eventType: AgentEventType,
    agent: AgentSnapshot,
    at: Date = new Date(),
  ): Promise<AgentEventEntity> {
    if (!tx.isInTransaction()) {
      throw new Error('AgentEventLog.append must run inside a transaction');
    }
    await tx.lockAppends();
    // insert() writes the generated logId back onto the event (INSERT … RETURNING log_id).
    return tx.insert({
      eventType,
      createdAt: at,
      expiresAt: new Date(at.getTime() + EVENT_RETENTION_DAYS * DAY_MS),
      agentId: agent.agentId,
      ansName: agent.ansName,
      agentHost: agent.agentHost,
      agentDisplayName: agent.displayName,
      agentDescription: agent.description ?? null,
      version: agent.version,
      providerId: agent.providerId,
      endpoints: agent.endpoints,
    });
  }

  /**
   * One page of the feed, oldest first: events after `lastLogId`, of one provider when
   * `providerId` is given, that have not expired at `now`.
   *
   * The answer's `lastLogId` is the last item's logId; for an empty page it is the request's own
   * `lastLogId` (normalized to a plain decimal), or "0" when the request had none. So a client
   * always passes the answer's `lastLogId` back and never loses its place, and a caught-up client
   * polls with the same cursor until new events arrive.
   */
  async page(q: AgentEventPageQuery, now: Date = new Date()): Promise<AgentEventPage> {
    const cursor = q.lastLogId === undefined ? FEED_START : BigInt(q.lastLogId).toString();
    const items = await this.events.findPage({ ...q, lastLogId: cursor }, now);
    return { items, lastLogId: items.length ? items[items.length - 1].logId : cursor };
  }

  /**
   * Deletes the events expired at `now` (spec: events are kept 30 days), `batchSize` rows per
   * statement so no statement holds many row locks or a long transaction, until a batch comes
   * back short. SKIP LOCKED lets two purgers (two worker replicas) share the work instead of
   * queueing on each other's rows. Returns how many events it deleted.
   */
  purgeExpired(now: Date, batchSize = 1000): Promise<number> {
    return this.events.purgeExpired(now, batchSize);
  }
}
