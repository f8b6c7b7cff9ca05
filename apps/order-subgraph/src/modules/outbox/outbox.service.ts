import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OutboxEventEntity } from './outbox-event.entity';

/** A job to announce once the surrounding transaction commits. */
export interface OutboxMessage {
  readonly id: string;
  readonly queue: string;
  readonly jobName: string;
  readonly jobId: string;
  readonly payload: Record<string, unknown>;
}

/**
 * Delay before the sweeper considers a fresh row: the writer publishes it itself right after the
 * commit, so the sweeper only picks up rows whose writer died or could not reach Redis.
 */
export const OUTBOX_GRACE_MS = 10_000;

/** Writes outbox rows inside the caller's transaction (the transactional outbox, docs/orders.md). */
@Injectable()
export class OutboxService {
  async enqueue(tx: EntityManager, message: OutboxMessage, now: Date): Promise<void> {
    const row = Object.assign(new OutboxEventEntity(), message, {
      attempts: 0,
      lastError: null,
      createdAt: now,
      nextAttemptAt: new Date(now.getTime() + OUTBOX_GRACE_MS),
    });
    await tx.getRepository(OutboxEventEntity).save(row, { reload: false });
  }
}
