import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@platform/errors';
import type { JobsOptions, Queue } from 'bullmq';
import {
  CONFIRM_JOB,
  DELIVER_EVENTS_JOB,
  PROVISION_JOB,
  ShoppingOrdersQueue,
  type OrderJobData,
  type OrderJobName,
} from './orders.jobs';
import type { ShoppingOrderEntity } from './shopping-order.entity';

/** Job states in which a job still runs or will run: adding it again is not needed. */
const LIVE_STATES = new Set(['active', 'waiting', 'waiting-children', 'delayed', 'prioritized']);

/**
 * Wakes the worker after an order is placed or changed. The rows are the truth (an outbox): a job
 * lost here (Redis down between commit and add) is found again by the worker's sweep, so a failure
 * to enqueue is logged, never answered as an error after the order exists.
 */
@Injectable()
export class OrderEventsPublisher {
  private readonly logger = new Logger(OrderEventsPublisher.name);

  constructor(@InjectQueue(ShoppingOrdersQueue.name) private readonly queue: Queue<OrderJobData>) {}

  async placed(order: ShoppingOrderEntity): Promise<void> {
    await this.add(PROVISION_JOB, order.id, order.business === 'platform');
    await this.add(DELIVER_EVENTS_JOB, order.id, order.webhookUrl !== null);
    await this.add(CONFIRM_JOB, order.id, true);
  }

  async changed(orderId: string, hasWebhook: boolean): Promise<void> {
    await this.add(DELIVER_EVENTS_JOB, orderId, hasWebhook);
  }

  /**
   * The sweep's re-add: the job of `name` for the order, unless one is live (waiting, delayed,
   * active). A job BullMQ failed (its attempts spent) is removed first, so its id can be used
   * again: the sweep is how a failure outlasting one job's backoff is retried. True when added.
   */
  async requeue(name: OrderJobName, orderId: string): Promise<boolean> {
    const job = await this.queue.getJob(jobIdOf(name, orderId));
    if (job) {
      if (LIVE_STATES.has(await job.getState())) return false;
      await job.remove();
    }
    await this.queue.add(name, { orderId }, jobOptions(name, orderId));
    return true;
  }

  private async add(name: OrderJobName, orderId: string, wanted: boolean): Promise<void> {
    if (!wanted) return;
    try {
      // One job per order and kind at a time; a later add while it waits is the same job.
      await this.queue.add(name, { orderId }, jobOptions(name, orderId));
    } catch (e) {
      this.logger.warn(`could not enqueue ${name} for ${orderId} (the sweep will): ${errorMessage(e)}`);
    }
  }
}

/**
 * `order.provision.<orderId>`: one job per order and kind. Not `<name>:<orderId>`: BullMQ refuses
 * a custom job id with one `:` ("Custom Id cannot contain :"; its own repeat ids have two).
 */
export function jobIdOf(name: OrderJobName, orderId: string): string {
  return `${name}.${orderId}`;
}

/** The queue's defaults (5 attempts, backoff 1 s doubling) with a per-order job id. */
function jobOptions(name: OrderJobName, orderId: string): JobsOptions {
  return { jobId: jobIdOf(name, orderId), removeOnComplete: true, removeOnFail: 1000 };
}
