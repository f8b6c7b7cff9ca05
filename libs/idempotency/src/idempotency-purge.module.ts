import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { IdempotencyPurgeQueue } from './idempotency-purge.jobs';
import { IdempotencyPurgeProcessor } from './idempotency-purge.processor';
import { IdempotencyPurgeScheduler } from './idempotency-purge.scheduler';

/**
 * Retention of idempotency records, for a worker process: schedules `purge-expired` every hour
 * and runs it. The worker also needs QueueModule.forRoot() and IDEMPOTENCY_MIGRATION_SET.
 */
@Module({
  imports: [QueueModule.registerQueues(IdempotencyPurgeQueue)],
  providers: [IdempotencyPurgeProcessor, IdempotencyPurgeScheduler],
})
export class IdempotencyPurgeModule {}
