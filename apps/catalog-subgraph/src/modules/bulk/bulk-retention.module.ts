import { Module } from '@nestjs/common';
import { QueueModule, everyJobScheduler } from '@platform/queue';
import {
  BULK_PURGE_EVERY_MS,
  BULK_RETENTION_SCHEDULER_ID,
  CatalogBulkRetentionQueue,
} from './bulk-retention.jobs';
import { BulkRetentionProcessor } from './bulk-retention.processor';
import { BulkRetentionService } from './bulk-retention.service';
import { BulkOperationsRepository } from './bulk-operations.repository';

/**
 * Retention of ended bulk operations, for the catalog worker (never the API process): schedules
 * `purge-ended` every hour and runs it. The worker also needs QueueModule.forRoot().
 */
@Module({
  imports: [QueueModule.registerQueues(CatalogBulkRetentionQueue)],
  providers: [
    BulkOperationsRepository,
    BulkRetentionProcessor,
    BulkRetentionService,
    everyJobScheduler(CatalogBulkRetentionQueue, {
      id: BULK_RETENTION_SCHEDULER_ID,
      everyMs: BULK_PURGE_EVERY_MS,
      job: 'purge-ended',
    }),
  ],
})
export class BulkRetentionModule {}
