import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { errorMessage, withDeadline } from '@platform/errors';
import type { Queue } from 'bullmq';
import { OUTBOX_RELAY_JOB, OUTBOX_WAKE_UP_ID, OrdersOutboxQueue } from './outbox.jobs';

/** How long a wake-up waits for Redis before the sweep is left to publish the rows. */
const WAKE_UP_TIMEOUT_MS = 5_000;

/**
 * The only place that adds `outbox.relay` jobs outside the job scheduler: asks the worker to relay
 * the outbox now. Called by the API after a commit that wrote outbox rows, and by a worker when it
 * starts. Wake-ups are deduplicated (one waits while one runs), so a burst of commits costs one or
 * two relay runs.
 */
@Injectable()
export class OutboxRelayProducer {
  private readonly logger = new Logger(OutboxRelayProducer.name);

  constructor(@InjectQueue(OrdersOutboxQueue.name) private readonly queue: Queue) {}

  /** Never throws: a lost wake-up only delays the rows until the sweep (OUTBOX_SWEEP_EVERY_MS). */
  async requestRelay(): Promise<void> {
    try {
      await withDeadline(
        this.queue.add(
          OUTBOX_RELAY_JOB,
          {},
          {
            deduplication: { id: OUTBOX_WAKE_UP_ID, keepLastIfActive: true },
            removeOnComplete: 100,
            removeOnFail: 100,
          },
        ),
        WAKE_UP_TIMEOUT_MS,
        `no answer from Redis within ${WAKE_UP_TIMEOUT_MS} ms`,
      );
    } catch (e) {
      this.logger.warn(`outbox relay not woken, the sweep will publish: ${errorMessage(e)}`);
    }
  }
}
