import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import { DelayedError, type Job } from 'bullmq';
import { OrderConfirmations } from '../order-confirmations/order-confirmations.service';
import { OrderWebhookDelivery } from '../order-webhooks/order-webhook-delivery.service';
import { OrderProvisioner } from '../provisioning/order-provisioner.service';
import { OrdersSweep } from './orders-sweep.service';
import { ORDER_JOBS_CONCURRENCY, ShoppingOrdersQueue, type OrderJobData } from './orders.jobs';

/**
 * Consumes `shopping-orders`. A provisioning run that leaves a line PENDING at its owner (a domain
 * purchase not settled yet) is not a failure: the job goes back to BullMQ's delayed set with
 * `moveToDelayed` + DelayedError (BullMQ's documented way to re-run a job later from its
 * processor), spending no attempt, so a slow registry never exhausts the attempts the queue keeps
 * for real errors; those (an owner unreachable) throw and retry with the queue's backoff. A
 * delivery, and a confirmation e-mail, is told whether this is its job's last attempt (when it
 * gives up refused URLs, or a confirmation too old to send).
 */
@Processor(ShoppingOrdersQueue.name, { ...WorkerDefaults, concurrency: ORDER_JOBS_CONCURRENCY })
export class ShoppingOrdersProcessor extends JobDispatcherHost<OrderJobData> {
  protected readonly dispatcher = createJobDispatcher<
    (typeof ShoppingOrdersQueue.jobs)[number],
    OrderJobData
  >(ShoppingOrdersQueue, {
    'order.provision': async (job, token) => {
      const run = await this.provisioner.provision(job.data.orderId);
      if (run.pending === 0) return run;
      if (token === undefined) throw new Error(`order ${job.data.orderId}: pending, and no lock token`);
      await job.moveToDelayed(Date.now() + run.retryInMs, token);
      throw new DelayedError(`order ${job.data.orderId}: ${run.pending} line(s) pending at their owner`);
    },
    'order.deliver-events': (job) =>
      this.webhooks.deliver(job.data.orderId, { finalAttempt: isFinalAttempt(job) }),
    'order.confirm': (job) =>
      this.confirmations.confirm(job.data.orderId, { finalAttempt: isFinalAttempt(job) }),
    'orders.sweep': () => this.sweep.run(),
  });

  constructor(
    private readonly confirmations: OrderConfirmations,
    private readonly provisioner: OrderProvisioner,
    private readonly webhooks: OrderWebhookDelivery,
    private readonly sweep: OrdersSweep,
  ) {
    super();
  }
}

/** This run is the job's last attempt: a failure now is not retried by BullMQ (the sweep may). */
function isFinalAttempt(job: Job<OrderJobData>): boolean {
  return job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
}
