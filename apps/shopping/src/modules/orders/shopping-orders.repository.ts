import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ShoppingOrderEntity } from './shopping-order.entity';

/**
 * Storage of the Shopping API's orders (`shopping.orders`) as their reads and the worker's sweep
 * see them. (Placing an order and recording its events run in the checkout's and the
 * provisioner's transactions, still through OrdersService.)
 */
@Injectable()
export class ShoppingOrdersRepository {
  constructor(private readonly manager: EntityManager) {}

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
