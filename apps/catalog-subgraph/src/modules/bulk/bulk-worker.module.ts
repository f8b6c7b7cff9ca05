import { Module } from '@nestjs/common';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import { BulkOperationsRepository } from './bulk-operations.repository';
import { BulkSkusRepository } from './bulk-skus.repository';
import { BulkExportRunner } from './bulk-export.runner';
import { BulkImportRunner } from './bulk-import.runner';
import { CatalogBulkOperationEntity } from './bulk-operation.entity';
import { BulkRetentionModule } from './bulk-retention.module';
import { CatalogBulkQueue } from './bulk.jobs';
import { CatalogBulkProcessor } from './bulk.processor';
import { SkuLineValidator } from './sku-lines';

/**
 * Bulk SKU import and export for the worker process: runs `catalog-bulk` jobs, re-adds orphaned
 * ones (OrphanScanModule), purges ended operations (BulkRetentionModule). No GraphQL endpoint and
 * no schema: SkuLineValidator checks import lines against the CreateSKUInput class itself. Needs
 * QueueModule.forRoot() and ServiceKitModule (with the catalog migration set, bulk entities
 * included) in the worker's root module.
 */
@Module({
  imports: [
    BulkRetentionModule,
    OrphanScanModule.forOperations({ entity: CatalogBulkOperationEntity, operations: CatalogBulkQueue }),
    QueueModule.registerQueues(CatalogBulkQueue),
  ],
  providers: [
    BulkOperationsRepository,
    BulkSkusRepository,
    BulkExportRunner,
    BulkImportRunner,
    CatalogBulkProcessor,
    OperationRunner,
    SkuLineValidator,
  ],
})
export class CatalogBulkWorkerModule {}
