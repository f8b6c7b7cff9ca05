import { Module } from '@nestjs/common';
import { QueueModule, everyJobScheduler } from '@platform/queue';
import {
  IDEMPOTENCY_PURGE_EVERY_MS,
  IDEMPOTENCY_PURGE_SCHEDULER_ID,
  IdempotencyPurgeQueue,
} from './idempotency-purge.jobs';
import { IdempotencyPurgeProcessor } from './idempotency-purge.processor';

/**
 * Retention of idempotency records, for a worker process: schedules `purge-expired` every hour
 * and runs it. The worker also needs QueueModule.forRoot() and IDEMPOTENCY_MIGRATION_SET.
 */
@Module({
  imports: [QueueModule.registerQueues(IdempotencyPurgeQueue)],
  providers: [
    IdempotencyPurgeProcessor,
    everyJobScheduler(IdempotencyPurgeQueue, {
      id: IDEMPOTENCY_PURGE_SCHEDULER_ID,
      everyMs: IDEMPOTENCY_PURGE_EVERY_MS,
      job: 'purge-expired',
    }),
  ],
})
export class IdempotencyPurgeModule {}
