import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { InventoryExpiryService } from './inventory-expiry.service';
import {
  CatalogInventoryQueue,
  INVENTORY_WORKER_CONCURRENCY,
  type ExpireReservationJobData,
} from './inventory.jobs';

type InventoryJobData = Partial<ExpireReservationJobData>;

/** Consumes `catalog-inventory`: switches on the job name and calls InventoryExpiryService. */
@Processor(CatalogInventoryQueue.name, { ...WorkerDefaults, concurrency: INVENTORY_WORKER_CONCURRENCY })
export class CatalogInventoryProcessor extends JobDispatcherHost<InventoryJobData> {
  private readonly logger = new Logger(CatalogInventoryProcessor.name);

  protected readonly dispatcher = createJobDispatcher<
    (typeof CatalogInventoryQueue.jobs)[number],
    InventoryJobData
  >(CatalogInventoryQueue, {
    'reservation.expire': (job) => this.expire(job),
    'reservations.sweep': async () => {
      const expired = await this.expiry.sweep();
      if (expired > 0) this.logger.log(`expired ${expired} overdue reservations`);
      return { expired };
    },
  });

  constructor(private readonly expiry: InventoryExpiryService) {
    super();
  }

  private async expire(job: Job<InventoryJobData>): Promise<{ expired: boolean }> {
    const { storeId, reservationId } = job.data;
    if (!storeId || !reservationId) throw new UnrecoverableError(`job ${job.id} names no reservation`);
    return { expired: await this.expiry.expire(storeId, reservationId) };
  }
}
