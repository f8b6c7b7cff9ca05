import { Injectable } from '@nestjs/common';
import { OutboxEventEntity } from './outbox-event.entity';
import type { OutboxRepository } from './outbox.repository';

/** A job to announce once the surrounding transaction commits. */
export interface OutboxMessage {
  readonly id: string;
  readonly queue: string;
  readonly jobName: string;
  readonly jobId: string;
  readonly payload: Record<string, unknown>;
}

/**
 * Writes outbox rows inside the caller's transaction (`tx`, bound to it; the transactional outbox,
 * docs/orders.md).
 * A row is due at once; the worker's relay publishes it when woken (OutboxRelayProducer) or swept.
 */
@Injectable()
export class OutboxService {
  async enqueue(tx: OutboxRepository, message: OutboxMessage, now: Date): Promise<void> {
    const row = Object.assign(new OutboxEventEntity(), message, {
      attempts: 0,
      lastError: null,
      createdAt: now,
      nextAttemptAt: now,
    });
    await tx.insert(row);
  }
}
