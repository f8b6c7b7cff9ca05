import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from '@platform/queue';
import { CatalogInventoryQueue, SWEEP_EVERY_MS, SWEEP_RESERVATIONS_JOB } from './inventory.jobs';

/**
 * Declares the `reservations.sweep` job scheduler when the worker boots. A fixed scheduler id
 * keeps one schedule however many workers start.
 */
@Injectable()
export class InventorySweepScheduler implements OnApplicationBootstrap {
  constructor(@InjectQueue(CatalogInventoryQueue.name) private readonly queue: Queue) {}

  async onApplicationBootstrap(): Promise<void> {
    await scheduleEvery(this.queue, 'catalog-inventory-sweep', SWEEP_EVERY_MS, SWEEP_RESERVATIONS_JOB);
  }
}
