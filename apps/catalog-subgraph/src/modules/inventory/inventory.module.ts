import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { CatalogRecordsModule } from '../records/records.module';
import { InventoryExpiryProducer } from './inventory-expiry.producer';
import { CatalogInventoryQueue } from './inventory.jobs';
import { InventoryRepository } from './inventory.repository';
import { InventoryResolver } from './inventory.resolver';
import { InventoryService } from './inventory.service';
import { SkuInventoryCountsResolver } from './sku-inventory-counts.resolver';
import { SkuInventoryCountsService } from './sku-inventory-counts.service';

/**
 * Inventory for the API process: the GraphQL fields and the producer of expiry jobs. Needs
 * QueueModule.forRoot() in the app module; CatalogInventoryWorkerModule runs the jobs. Exports the
 * service and the expiry producer for the Shopping API's reservations (modules/shopping-products).
 */
@Module({
  imports: [CatalogRecordsModule, QueueModule.registerQueues(CatalogInventoryQueue)],
  exports: [InventoryExpiryProducer, InventoryService],
  providers: [
    InventoryExpiryProducer,
    InventoryRepository,
    InventoryResolver,
    InventoryService,
    SkuInventoryCountsResolver,
    SkuInventoryCountsService,
  ],
})
export class CatalogInventoryModule {}
