import { Module } from '@nestjs/common';
import { CommerceTransactionsQueue } from '@platform/contracts';
import { QueueModule } from '@platform/queue';
import { OutboxPublisher } from './outbox.publisher';
import { OutboxRelay } from './outbox.relay';
import { OutboxService } from './outbox.service';

/** The transactional outbox of schema `orders` and its relay to BullMQ. */
@Module({
  imports: [QueueModule.registerQueues(CommerceTransactionsQueue)],
  providers: [OutboxPublisher, OutboxRelay, OutboxService],
  exports: [OutboxRelay, OutboxService],
})
export class OutboxModule {}
