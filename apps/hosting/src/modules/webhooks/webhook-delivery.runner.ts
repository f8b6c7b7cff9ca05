import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { SessionLockBusyError, withSessionLock } from '@platform/database';
import { DataSource } from 'typeorm';
import { WebhookDeliveryClient } from './webhook-delivery.client';
import { WebhookDeliveryAttemptEntity } from './webhook-delivery-attempt.entity';
import type { DeliveryOutcome } from './webhook-delivery-attempt.entity';
import { WEBHOOK_SETTINGS, retryDelayMs } from './webhook-settings';
import type { WebhookSettings } from './webhook-settings';
import { WebhooksProducer } from './webhooks.producer';
import { WebhooksRepository } from './webhooks.repository';
import type { PendingHead } from './webhooks.repository';

/** What one run for a (webhook, app) did. */
export interface DeliveryRun {
  readonly delivered: number;
  readonly gaveUp: number;
  /** Another run holds the pair: this one did nothing. */
  readonly busy?: true;
}

/**
 * Delivers the messages of one (webhook, app) strictly in sequence order: only the first PENDING
 * message is ever attempted, so a later event waits until the earlier one was delivered (a 2xx) or
 * given up (its HOSTING_WEBHOOK_MAX_ATTEMPTS-th attempt failed). Runs of one pair never overlap,
 * across workers too: each holds a session advisory lock on the pair while it works.
 *
 * At least once: a message is DELIVERED only after its 2xx was recorded, so a worker that dies
 * during a call leaves it PENDING and it is sent again (the receiver deduplicates on
 * `webhook-id`). The attempt is counted before the call, so a message that kills its worker still
 * reaches its last attempt. After a failure the message waits retryDelayMs (exponential) in
 * PostgreSQL (`next_attempt_at`) and a delayed job is added for that time; the sweep adds it again
 * if Redis lost it.
 */
@Injectable()
export class WebhookDeliveryRunner {
  private readonly logger = new Logger(WebhookDeliveryRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: WebhooksRepository,
    private readonly client: WebhookDeliveryClient,
    private readonly producer: WebhooksProducer,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
  ) {}

  async deliver(webhookId: string, appId: string): Promise<DeliveryRun> {
    try {
      return await withSessionLock(this.dataSource, `hosting.webhook:${webhookId}:${appId}`, () =>
        this.deliverInLock(webhookId, appId),
      );
    } catch (error) {
      if (error instanceof SessionLockBusyError) return { delivered: 0, gaveUp: 0, busy: true };
      throw error;
    }
  }

  private async deliverInLock(webhookId: string, appId: string): Promise<DeliveryRun> {
    let delivered = 0;
    let gaveUp = 0;
    for (;;) {
      // Read each time: a webhook deleted meanwhile gets nothing more.
      const webhook = await this.repository.findById(webhookId);
      if (!webhook) return { delivered, gaveUp };
      const head = await this.repository.pendingHead(webhookId, appId);
      if (!head) return { delivered, gaveUp };
      if (head.message.nextAttemptAt.getTime() > Date.now()) {
        await this.producer.requestDelivery({
          webhookId,
          appId,
          eventId: head.event.id,
          attempt: head.message.attempts + 1,
          at: head.message.nextAttemptAt,
        });
        return { delivered, gaveUp };
      }
      const attempt = await this.repository.countAttempt(head.message);
      if (attempt === undefined) continue; // settled meanwhile: look at the next one
      const result = await this.client.deliver(webhook, head.event);
      const attemptedAt = new Date();
      if (result.ok) {
        await this.repository.settleAttempt(
          this.attempt(head, attempt, 'SUCCEEDED', result, attemptedAt, null),
          head.message,
          {
            status: 'DELIVERED',
            deliveredAt: attemptedAt,
          },
        );
        delivered++;
        continue;
      }
      if (attempt >= this.settings.maxAttempts) {
        this.logger.warn(
          `webhook ${webhookId}: event ${head.event.id} given up after ${attempt} attempts: ${result.error ?? ''}`,
        );
        await this.repository.settleAttempt(
          this.attempt(head, attempt, 'GAVE_UP', result, attemptedAt, null),
          head.message,
          {
            status: 'FAILED',
          },
        );
        gaveUp++;
        continue;
      }
      const retryAt = new Date(attemptedAt.getTime() + retryDelayMs(this.settings, attempt));
      await this.repository.settleAttempt(
        this.attempt(head, attempt, 'FAILED', result, attemptedAt, retryAt),
        head.message,
        {
          nextAttemptAt: retryAt,
        },
      );
      await this.producer.requestDelivery({
        webhookId,
        appId,
        eventId: head.event.id,
        attempt: attempt + 1,
        at: retryAt,
      });
      return { delivered, gaveUp };
    }
  }

  private attempt(
    head: PendingHead,
    attempt: number,
    outcome: DeliveryOutcome,
    result: {
      readonly statusCode: number | null;
      readonly error: string | null;
      readonly durationMs: number;
    },
    attemptedAt: Date,
    nextRetryAt: Date | null,
  ): WebhookDeliveryAttemptEntity {
    return Object.assign(new WebhookDeliveryAttemptEntity(), {
      id: randomUUID(),
      webhookId: head.message.webhookId,
      eventId: head.event.id,
      eventType: head.event.type,
      appId: head.event.appId,
      sequence: head.event.sequence,
      attempt,
      outcome,
      statusCode: result.statusCode,
      error: result.error,
      durationMs: result.durationMs,
      nextRetryAt,
      attemptedAt,
    });
  }
}
