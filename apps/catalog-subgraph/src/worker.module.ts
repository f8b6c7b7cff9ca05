import { DynamicModule, Module } from '@nestjs/common';
import type { PlatformConfig } from '@platform/config';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { CATALOG_MIGRATION_SET } from './database/catalog.migration-set';
import { CatalogBulkWorkerModule } from './modules/bulk/bulk-worker.module';
import { CatalogInventoryWorkerModule } from './modules/inventory/inventory-worker.module';

/**
 * The catalog worker: runs the catalog's BullMQ jobs against schema `catalog`. Serves only
 * /health/live, /health/ready and /metrics on its own port; no GraphQL.
 */
@Module({})
export class CatalogWorkerModule {
  static forRoot(config: PlatformConfig): DynamicModule {
    return {
      module: CatalogWorkerModule,
      imports: [
        // ---- Feature worker modules (each registers its queues and processors), sorted. ----
        CatalogBulkWorkerModule,
        CatalogInventoryWorkerModule,
        // ---- Infrastructure every feature worker module needs. ----
        QueueModule.forRoot(),
        ServiceKitModule.forRoot({
          config,
          errorFamily: 'commerce',
          migrationSets: [CATALOG_MIGRATION_SET],
        }),
      ],
    };
  }
}
