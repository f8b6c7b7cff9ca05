import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from '@platform/queue';
import { OutboxRelayProducer } from './outbox-relay.producer';
import {
  OUTBOX_RELAY_JOB,
  OUTBOX_SWEEP_EVERY_MS,
  OUTBOX_SWEEP_SCHEDULER,
  OrdersOutboxQueue,
} from './outbox.jobs';

/**
 * At worker boot: upserts the sweep's job scheduler under a fixed id (one schedule however many
 * workers start; a restarted worker picks it up again), then asks for a relay at once, so rows
 * committed while no worker ran are published as soon as one starts.
 */
@Injectable()
export class OutboxSweepScheduler implements OnApplicationBootstrap {
  constructor(
    @InjectQueue(OrdersOutboxQueue.name) private readonly queue: Queue,
    private readonly producer: OutboxRelayProducer,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(this.queue, OUTBOX_SWEEP_SCHEDULER, OUTBOX_SWEEP_EVERY_MS, OUTBOX_RELAY_JOB);
    await this.producer.requestRelay();
  }
}
