import { Injectable } from '@nestjs/common';
import { EntityManager, IsNull, LessThan, Not } from 'typeorm';
import { OrderEventEntity } from '../orders/order-event.entity';

/** Storage of the orders' webhook events (`shopping.order_events`) as their delivery sees them. */
@Injectable()
export class OrderEventsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** The order's first event neither delivered nor given up, by sequence. */
  findNextPending(orderId: string): Promise<OrderEventEntity | null> {
    return this.manager.getRepository(OrderEventEntity).findOne({
      where: { orderId, deliveredAt: IsNull(), failedAt: IsNull() },
      order: { sequence: 'ASC' },
    });
  }

  /** Whether an event of the order before `sequence` was given up. */
  hasGivenUpBefore(orderId: string, sequence: number): Promise<boolean> {
    return this.manager.getRepository(OrderEventEntity).exists({
      where: { orderId, sequence: LessThan(sequence), failedAt: Not(IsNull()) },
    });
  }

  async countAttempt(eventId: string): Promise<void> {
    await this.manager.getRepository(OrderEventEntity).increment({ id: eventId }, 'attempts', 1);
  }

  async noteError(eventId: string, message: string): Promise<void> {
    await this.manager.getRepository(OrderEventEntity).update({ id: eventId }, { lastError: message });
  }

  /** Records the event delivered, unless a run recorded it first. */
  async markDelivered(eventId: string): Promise<void> {
    await this.manager
      .getRepository(OrderEventEntity)
      .update({ id: eventId, deliveredAt: IsNull() }, { deliveredAt: new Date(), lastError: null });
  }

  /** Gives up every pending event of the order; how many. */
  async giveUpPending(orderId: string, reason: string): Promise<number> {
    const result = await this.manager
      .getRepository(OrderEventEntity)
      .update(
        { orderId, deliveredAt: IsNull(), failedAt: IsNull() },
        { failedAt: new Date(), lastError: reason },
      );
    return result.affected ?? 0;
  }
}
