import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrderPaymentRecorded } from '@platform/contracts';
import { PermanentFailure } from '@platform/queue';
import { DataSource } from 'typeorm';

export const TransactionRecordFailure = {
  /** The event names a store that does not exist (or no longer does). */
  STORE_NOT_FOUND: 'STORE_NOT_FOUND',
} as const;

export interface RecordedTransaction {
  readonly transactionId: string;
  /** false when the event had already been recorded (a duplicate job or a redelivery). */
  readonly created: boolean;
}

/**
 * Records an order payment event as a transaction, at most once per (store, eventId): the insert
 * goes through the unique index transactions_store_source_event_key with ON CONFLICT DO NOTHING,
 * so concurrent or repeated deliveries of one event leave one row. No HTTP or queue types here.
 */
@Injectable()
export class TransactionRecorder {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async record(event: OrderPaymentRecorded): Promise<RecordedTransaction> {
    const parentTransactionId = event.parentEventId
      ? await this.parentOf(event.storeId, event.parentEventId)
      : null;
    // Timestamps are kept to the millisecond, so the ISO strings clients see compare exactly
    // (updatedAtAfter=<an updatedAt they read> excludes that transaction).
    const inserted: { id: string }[] = await this.dataSource.query(
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
    if (inserted.length === 1) return { transactionId: inserted[0].id, created: true };
    const existing = await this.recordedId(event.storeId, event.eventId);
    if (existing) return { transactionId: existing, created: false };
    throw new PermanentFailure(
      TransactionRecordFailure.STORE_NOT_FOUND,
      `store ${event.storeId} does not exist`,
    );
  }

  /**
   * The transaction recorded from `parentEventId`. Missing means its event has not been processed
   * yet (jobs run in parallel): a plain error, so the job is retried with backoff.
   */
  private async parentOf(storeId: string, parentEventId: string): Promise<string> {
    const id = await this.recordedId(storeId, parentEventId);
    if (!id) throw new Error(`parent event ${parentEventId} is not recorded yet in store ${storeId}`);
    return id;
  }

  private async recordedId(storeId: string, eventId: string): Promise<string | undefined> {
    const rows: { id: string }[] = await this.dataSource.query(
      'SELECT id FROM commerce.transactions WHERE store_id = $1 AND source_event_id = $2',
      [storeId, eventId],
    );
    return rows[0]?.id;
  }
}
