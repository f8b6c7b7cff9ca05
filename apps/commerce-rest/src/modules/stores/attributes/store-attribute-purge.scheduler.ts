import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import {
  STORE_ATTRIBUTE_PURGE_EVERY_MS,
  STORE_ATTRIBUTE_PURGE_SCHEDULER_ID,
  StoreAttributePurgeQueue,
} from './store-attribute-purge.jobs';

/** Declares the purge at the worker's boot; one scheduler id keeps it single however many workers start. */
@Injectable()
export class StoreAttributePurgeScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(StoreAttributePurgeQueue.name) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(
      this.queue,
      STORE_ATTRIBUTE_PURGE_SCHEDULER_ID,
      STORE_ATTRIBUTE_PURGE_EVERY_MS,
      'purge-expired',
    );
  }
}
