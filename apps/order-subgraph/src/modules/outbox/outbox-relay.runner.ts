import { Injectable, Logger } from '@nestjs/common';
import { errorMessage, withDeadline } from '@platform/errors';
import { OutboxPublisher } from './outbox-publisher.producer';
import { OutboxRepository } from './outbox.repository';

/** Rows one relay transaction takes at most. */
export const OUTBOX_RELAY_BATCH = 100;
const MAX_BACKOFF_MS = 5 * 60_000;
/** How long one `queue.add` may take before the row counts as failed and backs off. */
const PUBLISH_TIMEOUT_MS = 5_000;

/**
 * Moves outbox rows to their queues; runs only in the order subgraph's worker, as the
 * `outbox.relay` job (OutboxProcessor). Each batch is one transaction holding an advisory lock, so
 * however many workers and jobs run, one relay publishes at a time. A row is deleted in the
 * transaction that saw the queue accept its job; a crash in between publishes it again with the
 * same BullMQ job id, and the consumer is idempotent per eventId anyway: at least once, never lost.
 *
 * Order: rows are published by `seq`, which per order is the commit order. A row whose add fails
 * backs off (2 s, 4 s, … 5 min) and ends its batch; while it waits, the later rows of its order
 * (`payload.orderId`) are held back, so a REFUND never overtakes its order's earlier SALE. Rows of
 * other orders carry on.
 */
@Injectable()
export class OutboxRelay {
  private readonly logger = new Logger(OutboxRelay.name);

  constructor(
    private readonly outbox: OutboxRepository,
    private readonly publisher: OutboxPublisher,
  ) {}

  /**
   * Publishes due rows, batch after batch, until none is left or an add failed; returns how many
   * were published. Database errors are thrown (the job is retried); queue errors are not.
   */
  async drain(now = new Date()): Promise<number> {
    let total = 0;
    for (;;) {
      const batch = await this.outbox.transaction((tx) => this.relayBatch(tx, now));
      total += batch.published;
      if (batch.failed || batch.taken < OUTBOX_RELAY_BATCH) return total;
    }
  }

  private async relayBatch(
    tx: OutboxRepository,
    now: Date,
  ): Promise<{ taken: number; published: number; failed: boolean }> {
    await tx.lockRelay();
    const rows = await tx.findDueForUpdate(now, OUTBOX_RELAY_BATCH);
    let published = 0;
    for (const row of rows) {
      try {
        await withDeadline(
          this.publisher.publish(row),
          PUBLISH_TIMEOUT_MS,
          `no answer from Redis within ${PUBLISH_TIMEOUT_MS} ms`,
        );
      } catch (e) {
        const attempts = row.attempts + 1;
        const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 16));
        const lastError = errorMessage(e).slice(0, 512);
        await tx.postpone(row.id, { attempts, lastError, nextAttemptAt: new Date(Date.now() + backoff) });
        this.logger.warn(`outbox event ${row.id} not published (attempt ${attempts}): ${lastError}`);
        return { taken: rows.length, published, failed: true };
      }
      await tx.delete(row.id);
      published++;
    }
    return { taken: rows.length, published, failed: false };
  }
}
