import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { StoreAttributePurgeQueue } from './store-attribute-purge.jobs';
import { StoreAttributePurgeProcessor } from './store-attribute-purge.processor';
import { StoreAttributePurgeScheduler } from './store-attribute-purge.scheduler';

/**
 * Retention of expired store attributes, for the commerce worker (never the API process): schedules
 * `purge-expired` every 10 minutes and runs it. The worker also needs QueueModule.forRoot().
 */
@Module({
  imports: [QueueModule.registerQueues(StoreAttributePurgeQueue)],
  providers: [StoreAttributePurgeProcessor, StoreAttributePurgeScheduler],
})
export class StoreAttributePurgeModule {}
