import { Module } from '@nestjs/common';
import { CommerceTransactionsQueue } from '@platform/contracts';
import { QueueModule } from '@platform/queue';
import { OutboxRelayProducer } from './outbox-relay.producer';
import { OrdersOutboxQueue } from './outbox.jobs';
import { OutboxSweepScheduler } from './outbox-sweep.scheduler';
import { OutboxProcessor } from './outbox.processor';
import { OutboxPublisher } from './outbox-publisher.producer';
import { OutboxRelay } from './outbox-relay.runner';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox relay for the worker process: runs `orders-outbox` jobs, which publish the rows to
 * their queues (commerce-transactions), and schedules the sweep. Needs QueueModule.forRoot() and
 * ServiceKitModule (with the orders migration set) in the worker's root module.
 */
@Module({
  imports: [QueueModule.registerQueues(CommerceTransactionsQueue, OrdersOutboxQueue)],
  providers: [
    OutboxProcessor,
    OutboxPublisher,
    OutboxRelay,
    OutboxRelayProducer,
    OutboxRepository,
    OutboxSweepScheduler,
  ],
})
export class OutboxWorkerModule {}
