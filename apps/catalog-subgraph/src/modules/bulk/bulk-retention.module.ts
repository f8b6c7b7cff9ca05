import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { CatalogBulkRetentionQueue } from './bulk-retention.jobs';
import { BulkRetentionProcessor } from './bulk-retention.processor';
import { BulkRetentionScheduler } from './bulk-retention.scheduler';
import { BulkRetentionService } from './bulk-retention.service';

/**
 * Retention of ended bulk operations, for the catalog worker (never the API process): schedules
 * `purge-ended` every hour and runs it. The worker also needs QueueModule.forRoot().
 */
@Module({
  imports: [QueueModule.registerQueues(CatalogBulkRetentionQueue)],
  providers: [BulkRetentionProcessor, BulkRetentionScheduler, BulkRetentionService],
})
export class BulkRetentionModule {}
