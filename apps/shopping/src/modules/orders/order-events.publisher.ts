import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@platform/errors';
import type { Queue } from 'bullmq';
import { DELIVER_EVENTS_JOB, PROVISION_JOB, ShoppingOrdersQueue, type OrderJobData } from './orders.jobs';
import type { ShoppingOrderEntity } from './shopping-order.entity';

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
  }

  async changed(orderId: string, hasWebhook: boolean): Promise<void> {
    await this.add(DELIVER_EVENTS_JOB, orderId, hasWebhook);
  }

  private async add(name: string, orderId: string, wanted: boolean): Promise<void> {
    if (!wanted) return;
    try {
      // One job per order and kind at a time; a later add while it waits is the same job.
      await this.queue.add(
        name,
        { orderId },
        { jobId: `${name}:${orderId}`, removeOnComplete: true, removeOnFail: 1000 },
      );
    } catch (e) {
      this.logger.warn(`could not enqueue ${name} for ${orderId} (the sweep will): ${errorMessage(e)}`);
    }
  }
}
