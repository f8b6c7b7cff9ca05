import { Injectable } from '@nestjs/common';
import { OutboxRelayProducer } from '../outbox/outbox-relay.producer';
import { OutboxService } from '../outbox/outbox.service';
import { Clock } from './clock.service';
import { isGlobalId } from '../order-model/global-id';
import { OrderChange } from '../order-model/order-change';
import { OrderEntity } from '../order-model/order.entity';
import { OrdersRepository } from '../order-model/orders.repository';
import { OrderErrors } from '../order-model/orders.errors';

/**
 * The one way orders are written: a transaction that locks the order row (`FOR UPDATE`, so two
 * writers of one order run one after the other and nothing is lost), checks the caller's
 * `orderVersion`, runs the change, bumps `orderVersion` and `updatedAt`, commits, and then, when
 * the change wrote outbox rows, wakes the worker's relay that publishes them.
 */
@Injectable()
export class OrderWriter {
  constructor(
    private readonly orders: OrdersRepository,
    private readonly outbox: OutboxService,
    private readonly relay: OutboxRelayProducer,
    private readonly clock: Clock,
  ) {}

  async change<T>(
    storeId: string,
    orderId: string,
    expectedVersion: number | null | undefined,
    apply: (change: OrderChange) => Promise<T>,
  ): Promise<{ order: OrderEntity; result: T }> {
    if (!isGlobalId('Order', orderId)) throw OrderErrors.orderNotFound(orderId);
    return this.run(async (tx, now) => {
      const order = await tx.findInStoreForUpdate(storeId, orderId);
      if (!order) throw OrderErrors.orderNotFound(orderId);
      if (expectedVersion != null && expectedVersion !== order.orderVersion) {
        throw OrderErrors.versionConflict(expectedVersion, order.orderVersion);
      }
      const change = new OrderChange(tx, order, now, this.outbox);
      const result = await apply(change);
      order.orderVersion += 1;
      order.updatedAt = now;
      await tx.save(order);
      return { value: { order, result }, outboxIds: change.outboxIds };
    });
  }

  /**
   * Creates an order: `build` inserts the row through the change it is given. The number is the
   * store's next (OrdersRepository.nextNumber: locked per store until commit, no gaps).
   */
  async create(
    storeId: string,
    build: (tx: OrdersRepository, number: number, now: Date) => Promise<OrderChange>,
  ): Promise<OrderEntity> {
    return this.run(async (tx, now) => {
      const number = await tx.nextNumber(storeId);
      const change = await build(tx, number, now);
      return { value: change.order, outboxIds: change.outboxIds };
    });
  }

  /** A change bound to a new, not yet saved order (used by `create` builders). */
  newChange(tx: OrdersRepository, order: OrderEntity, now: Date): OrderChange {
    return new OrderChange(tx, order, now, this.outbox);
  }

  private async run<T>(
    work: (tx: OrdersRepository, now: Date) => Promise<{ value: T; outboxIds: readonly string[] }>,
  ): Promise<T> {
    const now = this.clock.now();
    const { value, outboxIds } = await this.orders.transaction((tx) => work(tx, now));
    if (outboxIds.length > 0) await this.relay.requestRelay();
    return value;
  }
}
