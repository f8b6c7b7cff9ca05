import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { InventoryExpiryService } from './inventory-expiry.service';
import { InventorySweepScheduler } from './inventory-sweep.scheduler';
import { CatalogInventoryQueue } from './inventory.jobs';
import { CatalogInventoryProcessor } from './inventory.processor';
import { InventoryRepository } from './inventory.repository';

/**
 * Inventory for the worker process: expires reservations (`catalog-inventory` queue) and
 * schedules the sweep. No GraphQL. Needs QueueModule.forRoot() and ServiceKitModule (with the
 * catalog migration set) in the worker's root module.
 */
@Module({
  imports: [QueueModule.registerQueues(CatalogInventoryQueue)],
  providers: [
    CatalogInventoryProcessor,
    InventoryExpiryService,
    InventoryRepository,
    InventorySweepScheduler,
  ],
})
export class CatalogInventoryWorkerModule {}
