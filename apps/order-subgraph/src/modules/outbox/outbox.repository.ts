import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { OutboxEventEntity } from './outbox-event.entity';

/** One relay at a time per database (transaction-scoped advisory lock). */
const RELAY_LOCK = 'orders.outbox_events:relay';

/** What the relay reads of a due row. */
export type DueOutboxRow = Pick<
  OutboxEventEntity,
  'id' | 'queue' | 'jobName' | 'jobId' | 'payload' | 'attempts'
>;

/**
 * Storage of the orders' transactional outbox (`orders.outbox_events`). `transaction(work)` runs
 * `work` with a copy bound to one transaction; an order's change writes its rows through
 * `OrdersRepository.outbox`, bound to the change's transaction.
 */
@Injectable()
export class OutboxRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: OutboxRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new OutboxRepository(manager)));
  }

  async insert(row: OutboxEventEntity): Promise<void> {
    await this.manager.getRepository(OutboxEventEntity).save(row, { reload: false });
  }

  /** Until the transaction ends, other relays wait here. */
  async lockRelay(): Promise<void> {
    await this.manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [RELAY_LOCK]);
  }

  /**
   * Up to `limit` rows due at `now`, by `seq`, locked until the transaction ends; a row is held
   * back while an earlier row of its order (`payload.orderId`) waits for its next attempt.
   */
  findDueForUpdate(now: Date, limit: number): Promise<DueOutboxRow[]> {
    return this.manager.query(
      `SELECT o."id", o."queue", o."job_name" AS "jobName", o."job_id" AS "jobId", o."payload", o."attempts"
         FROM "orders"."outbox_events" o
        WHERE o."next_attempt_at" <= $1
          AND NOT EXISTS (
                SELECT 1 FROM "orders"."outbox_events" waiting
                 WHERE waiting."next_attempt_at" > $1
                   AND waiting."seq" < o."seq"
                   AND waiting."payload"->>'orderId' = o."payload"->>'orderId')
        ORDER BY o."seq"
        LIMIT $2
        FOR UPDATE OF o`,
      [now, limit],
    );
  }

  async postpone(
    id: string,
    retry: Pick<OutboxEventEntity, 'attempts' | 'lastError' | 'nextAttemptAt'>,
  ): Promise<void> {
    await this.manager.getRepository(OutboxEventEntity).update({ id }, retry);
  }

  async delete(id: string): Promise<void> {
    await this.manager.getRepository(OutboxEventEntity).delete({ id });
  }
}
