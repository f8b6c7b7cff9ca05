import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import {
  IDEMPOTENCY_PURGE_EVERY_MS,
  IDEMPOTENCY_PURGE_SCHEDULER_ID,
  IdempotencyPurgeQueue,
} from './idempotency-purge.jobs';

/** Declares the hourly purge at boot; upserting one scheduler id keeps it single however many workers start. */
@Injectable()
export class IdempotencyPurgeScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(IdempotencyPurgeQueue.name) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(
      this.queue,
      IDEMPOTENCY_PURGE_SCHEDULER_ID,
      IDEMPOTENCY_PURGE_EVERY_MS,
      'purge-expired',
    );
  }
}
