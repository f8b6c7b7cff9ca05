import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { scheduleEvery } from '@platform/queue';
import type { Queue } from 'bullmq';
import {
  BULK_PURGE_EVERY_MS,
  BULK_RETENTION_SCHEDULER_ID,
  CatalogBulkRetentionQueue,
} from './bulk-retention.jobs';

/** Declares the retention purge at the worker's boot; one scheduler id keeps it single however many workers start. */
@Injectable()
export class BulkRetentionScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(CatalogBulkRetentionQueue.name) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(this.queue, BULK_RETENTION_SCHEDULER_ID, BULK_PURGE_EVERY_MS, 'purge-ended');
  }
}
