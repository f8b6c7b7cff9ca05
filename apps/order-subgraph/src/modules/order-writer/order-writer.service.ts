import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { OutboxRelayProducer } from '../outbox/outbox-relay.producer';
import { OutboxService } from '../outbox/outbox.service';
import { Clock } from './clock.service';
import { isGlobalId } from '../order-model/global-id';
import { OrderChange } from '../order-model/order-change';
import { OrderEntity } from '../order-model/order.entity';
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
    @InjectDataSource() private readonly dataSource: DataSource,
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
      const order = await tx
        .getRepository(OrderEntity)
        .createQueryBuilder('o')
        .setLock('pessimistic_write')
        .where('o.id = :orderId AND o.storeId = :storeId', { orderId, storeId })
        .getOne();
      if (!order) throw OrderErrors.orderNotFound(orderId);
      if (expectedVersion != null && expectedVersion !== order.orderVersion) {
        throw OrderErrors.versionConflict(expectedVersion, order.orderVersion);
      }
      const change = new OrderChange(tx, order, now, this.outbox);
      const result = await apply(change);
      order.orderVersion += 1;
      order.updatedAt = now;
      await tx.getRepository(OrderEntity).save(order);
      return { value: { order, result }, outboxIds: change.outboxIds };
    });
  }

  /** Creates an order: `build` inserts the row through the change it is given. */
  async create(
    storeId: string,
    build: (tx: EntityManager, number: number, now: Date) => Promise<OrderChange>,
  ): Promise<OrderEntity> {
    return this.run(async (tx, now) => {
      const number = await this.nextNumber(tx, storeId);
      const change = await build(tx, number, now);
      return { value: change.order, outboxIds: change.outboxIds };
    });
  }

  /** A change bound to a new, not yet saved order (used by `create` builders). */
  newChange(tx: EntityManager, order: OrderEntity, now: Date): OrderChange {
    return new OrderChange(tx, order, now, this.outbox);
  }

  /**
   * The store's next order number: an upsert of the store's counter row in the creating
   * transaction. The row lock makes concurrent creations in one store wait for each other, and a
   * rollback takes the number back, so numbers have neither gaps nor duplicates.
   */
  private async nextNumber(tx: EntityManager, storeId: string): Promise<number> {
    const rows: { last_number: string }[] = await tx.query(
      `INSERT INTO "orders"."store_order_counters" ("store_id", "last_number") VALUES ($1, 1)
       ON CONFLICT ("store_id") DO UPDATE SET "last_number" = "store_order_counters"."last_number" + 1
       RETURNING "last_number"`,
      [storeId],
    );
    return Number(rows[0].last_number);
  }

  private async run<T>(
    work: (tx: EntityManager, now: Date) => Promise<{ value: T; outboxIds: readonly string[] }>,
  ): Promise<T> {
    const now = this.clock.now();
    const { value, outboxIds } = await this.dataSource.transaction((tx) => work(tx, now));
    if (outboxIds.length > 0) await this.relay.requestRelay();
    return value;
  }
}
