import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ShoppingOrderEntity } from './shopping-order.entity';

/**
 * Storage of the Shopping API's orders (`shopping.orders`) and the events they append
 * (`shopping.order_events`): placing an order, a change of its lines under its row lock, its
 * reads and the worker's sweep. `transaction(work)` runs `work` with a copy bound to one
 * transaction; a completing checkout places its order through the copy of its own transaction
 * (CheckoutSessionsRepository's `orders`).
 */
@Injectable()
export class ShoppingOrdersRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: ShoppingOrdersRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new ShoppingOrdersRepository(manager)));
  }

  async insert(order: ShoppingOrderEntity): Promise<void> {
    await this.manager.getRepository(ShoppingOrderEntity).insert(order);
  }

  /** The order, its row locked until the transaction ends. */
  findByIdForUpdate(id: string): Promise<ShoppingOrderEntity | null> {
    return this.manager
      .getRepository(ShoppingOrderEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Writes the order as changed. */
  async save(order: ShoppingOrderEntity): Promise<void> {
    await this.manager.getRepository(ShoppingOrderEntity).save(order);
  }

  /**
   * Appends the order's next event (its sequence one past the last) in one statement, which reads
   * and writes the sequence and whether anyone is told together: an order without a webhook_url
   * gets its event given up at once. Two appends never get one sequence while the caller holds
   * the order's row lock (or places it).
   */
  async appendEvent(orderId: string, type: string): Promise<void> {
    await this.manager.query(
      `INSERT INTO shopping.order_events (order_id, sequence, type, attempts, failed_at, last_error)
       SELECT o.id,
              COALESCE((SELECT MAX(e.sequence) FROM shopping.order_events e WHERE e.order_id = o.id), 0) + 1,
              $2, 0,
              CASE WHEN o.webhook_url IS NULL THEN now() END,
              CASE WHEN o.webhook_url IS NULL THEN 'the order has no webhook_url' END
         FROM shopping.orders o WHERE o.id = $1`,
      [orderId, type],
    );
  }

  findById(id: string): Promise<ShoppingOrderEntity | null> {
    return this.manager.getRepository(ShoppingOrderEntity).findOneBy({ id });
  }

  /** The order when `accountId` placed it with `business` (a business column). */
  findOfAccount(id: string, accountId: string, business: string): Promise<ShoppingOrderEntity | null> {
    return this.manager.getRepository(ShoppingOrderEntity).findOneBy({ id, accountId, business });
  }

  /** Up to `limit` platform orders with a line still processing, oldest first. */
  async findUnprovisionedIds(limit: number): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT id FROM shopping.orders
        WHERE business = 'platform' AND line_items @> '[{"status": "processing"}]'::jsonb
        ORDER BY created_at LIMIT $1`,
      [limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** Up to `limit` orders with an event neither delivered nor given up. */
  async findIdsWithPendingEvents(limit: number): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT DISTINCT order_id FROM shopping.order_events
        WHERE delivered_at IS NULL AND failed_at IS NULL LIMIT $1`,
      [limit],
    )) as { order_id: string }[];
    return rows.map((r) => r.order_id);
  }

  /** Up to `limit` orders whose confirmation is neither sent nor given up, oldest first. */
  async findUnconfirmedIds(limit: number): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT id FROM shopping.orders
        WHERE confirmation_sent_at IS NULL AND confirmation_failed_at IS NULL
        ORDER BY created_at LIMIT $1`,
      [limit],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }
}
