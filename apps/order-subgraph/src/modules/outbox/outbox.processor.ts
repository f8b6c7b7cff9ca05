import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { OUTBOX_RELAY_JOB, OrdersOutboxQueue } from './outbox.jobs';
import { OutboxRelay } from './outbox-relay.runner';

/** Consumes `orders-outbox`: each `outbox.relay` job drains the outbox (OutboxRelay). */
@Processor(OrdersOutboxQueue.name, WorkerDefaults)
export class OutboxProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(OrdersOutboxQueue, {
    [OUTBOX_RELAY_JOB]: async () => ({ published: await this.relay.drain() }),
  });

  constructor(private readonly relay: OutboxRelay) {
    super();
  }
}
