import { Injectable } from '@nestjs/common';
import { WebhooksProducer } from './webhooks.producer';
import { WebhooksRepository } from './webhooks.repository';

/** Pairs looked at by one sweep; the next sweep takes the rest. */
const SWEEP_LIMIT = 1000;

/**
 * The safety net behind the wake-ups and the delayed retry jobs: for every (webhook, app) with a
 * PENDING message, asks for the delivery job of its first message's next attempt, delayed until
 * it is due. Job ids are deterministic per attempt, so a job that still waits is not added twice;
 * one that Redis lost (or a wake-up that never came) is added again. Everything it needs is in
 * PostgreSQL: a restarted worker, or a Redis without persistence, loses no message.
 */
@Injectable()
export class WebhooksSweep {
  constructor(
    private readonly repository: WebhooksRepository,
    private readonly producer: WebhooksProducer,
  ) {}

  /** How many pairs it asked a delivery for. */
  async run(): Promise<number> {
    const pairs = await this.repository.pendingPairs(SWEEP_LIMIT);
    for (const pair of pairs)
      await this.producer.requestDelivery({
        webhookId: pair.webhookId,
        appId: pair.appId,
        eventId: pair.eventId,
        attempt: pair.attempts + 1,
        at: pair.nextAttemptAt,
      });
    return pairs.length;
  }
}
