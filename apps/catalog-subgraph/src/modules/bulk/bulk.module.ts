import { Module } from '@nestjs/common';
import { OperationRunner, QueueModule } from '@platform/queue';
import { BulkOperationsResolver } from './bulk-operations.resolver';
import { BulkOperationsService } from './bulk-operations.service';
import { CatalogBulkQueue } from './bulk.jobs';
import { BulkOperationsRepository } from './bulk-operations.repository';

/**
 * Bulk SKU import and export for the API process: the GraphQL fields and the producer of
 * `catalog-bulk` jobs. Needs QueueModule.forRoot() in the app module and the bulk entities and
 * migration in schema `catalog`; CatalogBulkWorkerModule runs the jobs.
 */
@Module({
  imports: [QueueModule.registerQueues(CatalogBulkQueue)],
  providers: [BulkOperationsRepository, BulkOperationsResolver, BulkOperationsService, OperationRunner],
})
export class CatalogBulkModule {}
