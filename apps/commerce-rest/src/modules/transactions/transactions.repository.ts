import { Injectable } from '@nestjs/common';
import type { OrderPaymentRecorded } from '@platform/contracts';
import { EntityManager } from 'typeorm';
import { TransactionEntity } from './transaction.entity';

/** Filters and order of a store's transaction list. */
export interface TransactionFilter {
  readonly transactionIds?: readonly string[];
  /** Exclusive bounds on updatedAt. */
  readonly updatedAfter?: Date;
  readonly updatedBefore?: Date;
  readonly sortOrder: 'ASC' | 'DESC';
}

/**
 * Storage of transactions (`commerce.transactions`): the worker's once-per-event insert and the
 * API's keyset reads.
 */
@Injectable()
export class TransactionsRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Inserts the event's transaction unless the store already has one from that event (the unique
   * index transactions_store_source_event_key, ON CONFLICT DO NOTHING: concurrent or repeated
   * deliveries leave one row). Returns the new id; undefined when nothing was inserted (already
   * recorded, or no such store). Timestamps are kept to the millisecond, so the ISO strings
   * clients see compare exactly (updatedAtAfter=<an updatedAt they read> excludes that transaction).
   */
  async insertFromEvent(
    event: OrderPaymentRecorded,
    parentTransactionId: string | null,
  ): Promise<string | undefined> {
    const inserted: { id: string }[] = await this.manager.query(
      `INSERT INTO commerce.transactions
         (store_id, type, status, amount, currency, order_id, channel_id, processor, processor_reference,
          parent_transaction_id, notes, source_event_id, created_at, updated_at)
       SELECT s.id, $2::varchar, $3::varchar, $4::bigint, $5::char(3), $6::varchar, $7::uuid, s.processor,
              COALESCE($8::varchar, lower(s.processor) || '_' || replace($11::uuid::text, '-', '')),
              $9::uuid, $10::varchar, $11::uuid,
              date_trunc('milliseconds', $12::timestamptz), date_trunc('milliseconds', now())
         FROM commerce.stores s
        WHERE s.id = $1::uuid
       ON CONFLICT (store_id, source_event_id) DO NOTHING
       RETURNING id`,
      [
        event.storeId,
        event.type,
        event.status ?? 'COMPLETED',
        String(event.amount.value),
        event.amount.currencyCode,
        event.orderId,
        event.channelId ?? null,
        event.processorReference ?? null,
        parentTransactionId,
        event.notes ?? null,
        event.eventId,
        event.occurredAt,
      ],
    );
    return inserted[0]?.id;
  }

  /** The id of the store's transaction recorded from `eventId`, if any. */
  async findIdBySourceEvent(storeId: string, eventId: string): Promise<string | undefined> {
    const rows: { id: string }[] = await this.manager.query(
      'SELECT id FROM commerce.transactions WHERE store_id = $1 AND source_event_id = $2',
      [storeId, eventId],
    );
    return rows[0]?.id;
  }

  /** `transactionId` when it is a transaction of the store (a page token's cursor), else undefined. */
  async findIdInStore(storeId: string, transactionId: string): Promise<string | undefined> {
    const cursor = await this.manager
      .getRepository(TransactionEntity)
      .createQueryBuilder('c')
      .select('c.id', 'id')
      .where('c.id = :id AND c.store_id = :storeId', { id: transactionId, storeId })
      .getRawOne<{ id: string }>();
    return cursor?.id;
  }

  /**
   * Up to `limit` of the store's transactions matching `filter`, by (createdAt, id) in its order,
   * strictly after the transaction `afterId` (of the store) when given. The cursor is compared on
   * the stored values (microseconds), never on a rounded copy in JavaScript.
   */
  findPage(
    storeId: string,
    filter: TransactionFilter,
    afterId: string | undefined,
    limit: number,
  ): Promise<TransactionEntity[]> {
    const direction = filter.sortOrder;
    const query = this.manager
      .getRepository(TransactionEntity)
      .createQueryBuilder('t')
      .where('t.store_id = :storeId', { storeId });
    if (filter.transactionIds !== undefined)
      query.andWhere('t.id = ANY(:ids)', { ids: [...new Set(filter.transactionIds)] });
    if (filter.updatedAfter) query.andWhere('t.updated_at > :after', { after: filter.updatedAfter });
    if (filter.updatedBefore) query.andWhere('t.updated_at < :before', { before: filter.updatedBefore });
    if (afterId !== undefined) {
      query.andWhere(
        `(t.created_at, t.id) ${direction === 'ASC' ? '>' : '<'} ` +
          `(SELECT c.created_at, c.id FROM commerce.transactions c WHERE c.id = :cursorId)`,
        { cursorId: afterId },
      );
    }
    return query.orderBy('t.created_at', direction).addOrderBy('t.id', direction).limit(limit).getMany();
  }

  findInStore(storeId: string, transactionId: string): Promise<TransactionEntity | null> {
    return this.manager
      .getRepository(TransactionEntity)
      .createQueryBuilder('t')
      .where('t.id = :transactionId AND t.store_id = :storeId', { transactionId, storeId })
      .getOne();
  }
}
