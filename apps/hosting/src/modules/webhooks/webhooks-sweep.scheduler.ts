import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import { WEBHOOK_SETTINGS } from './webhook-settings';
import type { WebhookSettings } from './webhook-settings';
import { HostingWebhooksQueue, SWEEP_WEBHOOKS_JOB, WEBHOOKS_SWEEP_SCHEDULER } from './webhooks.jobs';
import { WebhooksProducer } from './webhooks.producer';

/**
 * At worker boot: upserts the sweep's job scheduler under a fixed id (every
 * HOSTING_WEBHOOK_SWEEP_MS, one schedule however many workers start), then asks for a sweep at
 * once, so messages left by a stopped worker go out as soon as one starts.
 */
@Injectable()
export class WebhooksSweepScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(HostingWebhooksQueue.name) private readonly queue: Queue,
    @Inject(WEBHOOK_SETTINGS) private readonly settings: WebhookSettings,
    private readonly producer: WebhooksProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(this.queue, WEBHOOKS_SWEEP_SCHEDULER, this.settings.sweepEveryMs, SWEEP_WEBHOOKS_JOB);
    await this.producer.requestSweep();
  }
}
