import { Module } from '@nestjs/common';
import { QueueModule, everyJobScheduler } from '@platform/queue';
import {
  STORE_ATTRIBUTE_PURGE_EVERY_MS,
  STORE_ATTRIBUTE_PURGE_SCHEDULER_ID,
  StoreAttributePurgeQueue,
} from './store-attribute-purge.jobs';
import { StoreAttributePurgeProcessor } from './store-attribute-purge.processor';
import { StoreAttributesRepository } from './store-attributes.repository';

/**
 * Retention of expired store attributes, for the commerce worker (never the API process): schedules
 * `purge-expired` every 10 minutes and runs it. The worker also needs QueueModule.forRoot().
 */
@Module({
  imports: [QueueModule.registerQueues(StoreAttributePurgeQueue)],
  providers: [
    StoreAttributePurgeProcessor,
    StoreAttributesRepository,
    everyJobScheduler(StoreAttributePurgeQueue, {
      id: STORE_ATTRIBUTE_PURGE_SCHEDULER_ID,
      everyMs: STORE_ATTRIBUTE_PURGE_EVERY_MS,
      job: 'purge-expired',
    }),
  ],
})
export class StoreAttributePurgeModule {}
