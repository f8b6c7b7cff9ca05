import { Module } from '@nestjs/common';
import { QueueModule } from '@platform/queue';
import { OutboxRelayProducer } from './outbox-relay.producer';
import { OrdersOutboxQueue } from './outbox.jobs';
import { OutboxService } from './outbox.service';

/**
 * The transactional outbox of schema `orders`, API side: writes rows inside the caller's
 * transaction and, after the commit, wakes the worker's relay. No relay, no timer here:
 * OutboxWorkerModule, in the worker process, publishes the rows.
 */
@Module({
  imports: [QueueModule.registerQueues(OrdersOutboxQueue)],
  providers: [OutboxRelayProducer, OutboxService],
  exports: [OutboxRelayProducer, OutboxService],
})
export class OutboxModule {}
