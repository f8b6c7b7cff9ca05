import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { CartEntity } from './cart.entity';

/**
 * Storage of the carts (`shopping.carts`). `transaction(work)` runs `work` with a copy bound to
 * one transaction.
 */
@Injectable()
export class CartsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CartsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CartsRepository(manager)));
  }

  async insert(cart: CartEntity): Promise<void> {
    await this.manager.getRepository(CartEntity).insert(cart as QueryDeepPartialEntity<CartEntity>);
  }

  /** The account's cart at the business (a business column), whatever its state; with `lock`, locked until the transaction ends. */
  findOfAccount(id: string, accountId: string, business: string, lock = false): Promise<CartEntity | null> {
    return this.manager.getRepository(CartEntity).findOne({
      where: { id, accountId, business },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** The account's cart converted (to a checkout), when it is still active. */
  async markConverted(id: string, accountId: string): Promise<void> {
    await this.manager
      .getRepository(CartEntity)
      .update({ id, accountId, state: 'active' }, { state: 'converted' });
  }

  /** Writes what a change of a cart changes: one UPDATE (a `save` would SELECT first). */
  async update(cart: CartEntity): Promise<void> {
    const { state, currency, input, lineItems, totals, messages, appliedDiscounts } = cart;
    const changes = { state, currency, input, lineItems, totals, messages, appliedDiscounts };
    await this.manager
      .getRepository(CartEntity)
      .update({ id: cart.id }, changes as QueryDeepPartialEntity<CartEntity>);
  }
}
