import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { OrderRunner } from './order.runner';
import { DomainsOrdersQueue, ORDERS_CONCURRENCY } from './orders.jobs';
import { RenewalSweep } from './renewal-sweep.service';

/** Consumes `domains-orders`: runs orders (OrderRunner) and the renewal and expiry sweep. */
@Processor(DomainsOrdersQueue.name, { ...WorkerDefaults, concurrency: ORDERS_CONCURRENCY })
export class OrdersProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(DomainsOrdersQueue, {
    'order.purchase': (job) => this.orders.run(job),
    'order.renew': (job) => this.orders.run(job),
    'order.transfer': (job) => this.orders.run(job),
    'renewal.sweep': () => this.sweep.run(),
  });

  constructor(
    private readonly orders: OrderRunner,
    private readonly sweep: RenewalSweep,
  ) {
    super();
  }
}
