import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { errorMessage, withDeadline } from '@platform/errors';
import type { Queue } from 'bullmq';
import {
  DELIVER_WEBHOOK_JOB,
  HostingWebhooksQueue,
  SWEEP_WEBHOOKS_JOB,
  WEBHOOKS_SWEEP_WAKE_UP_ID,
  deliverJobId,
} from './webhooks.jobs';
import type { DeliverWebhookJobData } from './webhooks.jobs';

const REDIS_TIMEOUT_MS = 5_000;

/** One attempt of one message, due at `at`. */
export interface DeliveryRequest extends DeliverWebhookJobData {
  readonly eventId: string;
  /** The attempt the job will make (the message's attempts so far + 1). */
  readonly attempt: number;
  readonly at: Date;
}

/** The only place that adds jobs to `hosting-webhooks` (besides the sweep's job scheduler). */
@Injectable()
export class WebhooksProducer {
  private readonly logger = new Logger(WebhooksProducer.name);

  constructor(@InjectQueue(HostingWebhooksQueue.name) private readonly queue: Queue) {}

  /**
   * The delivery job of one attempt, delayed until it is due. Its id is deterministic, so asking
   * again while it waits adds nothing; removed once done, so a later sweep can ask again if the
   * attempt did not happen. Retries of the job itself (a database error) use the queue's defaults.
   */
  async requestDelivery(request: DeliveryRequest): Promise<void> {
    const data: DeliverWebhookJobData = { webhookId: request.webhookId, appId: request.appId };
    await withDeadline(
      this.queue.add(DELIVER_WEBHOOK_JOB, data, {
        jobId: deliverJobId(request.webhookId, request.eventId, request.attempt),
        delay: Math.max(0, request.at.getTime() - Date.now()),
        removeOnComplete: true,
        removeOnFail: true,
      }),
      REDIS_TIMEOUT_MS,
      `no answer from Redis within ${REDIS_TIMEOUT_MS} ms`,
    );
  }

  /** Asks for a sweep now. Never throws: a lost wake-up only waits for the scheduled sweep. */
  async requestSweep(): Promise<void> {
    try {
      await withDeadline(
        this.queue.add(
          SWEEP_WEBHOOKS_JOB,
          {},
          {
            deduplication: { id: WEBHOOKS_SWEEP_WAKE_UP_ID, keepLastIfActive: true },
            removeOnComplete: 100,
            removeOnFail: 100,
          },
        ),
        REDIS_TIMEOUT_MS,
        `no answer from Redis within ${REDIS_TIMEOUT_MS} ms`,
      );
    } catch (e) {
      this.logger.warn(`webhook sweep not woken, the scheduled sweep will deliver: ${errorMessage(e)}`);
    }
  }
}
