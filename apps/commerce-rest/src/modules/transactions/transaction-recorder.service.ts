import { Injectable } from '@nestjs/common';
import type { OrderPaymentRecorded } from '@platform/contracts';
import { PermanentFailure } from '@platform/queue';
import { TransactionsRepository } from './transactions.repository';

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
  constructor(private readonly transactions: TransactionsRepository) {}

  async record(event: OrderPaymentRecorded): Promise<RecordedTransaction> {
    const parentTransactionId = event.parentEventId
      ? await this.parentOf(event.storeId, event.parentEventId)
      : null;
    const inserted = await this.transactions.insertFromEvent(event, parentTransactionId);
    if (inserted !== undefined) return { transactionId: inserted, created: true };
    const existing = await this.transactions.findIdBySourceEvent(event.storeId, event.eventId);
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
    const id = await this.transactions.findIdBySourceEvent(storeId, parentEventId);
    if (!id) throw new Error(`parent event ${parentEventId} is not recorded yet in store ${storeId}`);
    return id;
  }
}
