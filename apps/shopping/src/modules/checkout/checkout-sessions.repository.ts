import { Injectable } from '@nestjs/common';
import { drainInBatches, runStatement } from '@platform/database';
import { EntityManager } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { CartsRepository } from '../carts/carts.repository';
import { ShoppingOrdersRepository } from '../orders/shopping-orders.repository';
import type { UcpMessage } from '../ucp/ucp-types';
import type { CheckoutInput } from './checkout-input';
import { CheckoutSessionEntity } from './checkout-session.entity';

/**
 * Storage of the checkout sessions (`shopping.checkout_sessions`). `transaction(work)` runs `work`
 * with a copy bound to one transaction; its `carts` (a cart converted by a create) and `orders`
 * (the order a completion places) are bound to the same transaction.
 */
@Injectable()
export class CheckoutSessionsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CheckoutSessionsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CheckoutSessionsRepository(manager)));
  }

  /** The carts, in this copy's transaction. */
  get carts(): CartsRepository {
    return new CartsRepository(this.manager);
  }

  /** The orders, in this copy's transaction. */
  get orders(): ShoppingOrdersRepository {
    return new ShoppingOrdersRepository(this.manager);
  }

  /** One INSERT (a `save` would first SELECT the id to choose between insert and update). */
  async insert(session: CheckoutSessionEntity): Promise<void> {
    await this.manager
      .getRepository(CheckoutSessionEntity)
      .insert(session as QueryDeepPartialEntity<CheckoutSessionEntity>);
  }

  /** The account's session at the business (a business column); with `lock`, locked until the transaction ends. */
  findOfAccount(
    id: string,
    accountId: string,
    business: string,
    lock = false,
  ): Promise<CheckoutSessionEntity | null> {
    return this.manager.getRepository(CheckoutSessionEntity).findOne({
      where: { id, accountId, business },
      ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}),
    });
  }

  /** The business's session (a business column), whoever owns it: the buyer's handoff page. */
  findOfBusiness(id: string, business: string): Promise<CheckoutSessionEntity | null> {
    return this.manager.getRepository(CheckoutSessionEntity).findOneBy({ id, business });
  }

  /** The account's session made last of the cart, whatever its status. */
  findLatestOfCart(cartId: string, accountId: string): Promise<CheckoutSessionEntity | null> {
    return this.manager.getRepository(CheckoutSessionEntity).findOne({
      where: { cartId, accountId },
      order: { createdAt: 'DESC' },
    });
  }

  /**
   * Writes what a change of a session changes: one UPDATE (updated_at and version move with it);
   * with `expectedVersion`, only if the row is still at that version. Whether it wrote.
   */
  async update(session: CheckoutSessionEntity, expectedVersion?: number): Promise<boolean> {
    const { status, currency, input, lineItems, totals, messages, appliedDiscounts, orderId, cartId } =
      session;
    const result = await this.manager
      .getRepository(CheckoutSessionEntity)
      .update(
        expectedVersion === undefined ? { id: session.id } : { id: session.id, version: expectedVersion },
        {
          status,
          currency,
          input,
          lineItems,
          totals,
          messages,
          appliedDiscounts,
          orderId,
          cartId,
        } as QueryDeepPartialEntity<CheckoutSessionEntity>,
      );
    return (result.affected ?? 0) > 0;
  }

  /**
   * The account's session at the business to complete_in_progress, `patch` merged into its input,
   * in one conditional UPDATE of its own (not in this copy's transaction): only when it is
   * ready_for_complete and not expired, so of concurrent claims exactly one matches. Whether it did.
   */
  async claimReady(
    id: string,
    accountId: string,
    business: string,
    patch: Partial<CheckoutInput>,
  ): Promise<boolean> {
    const { affected } = await runStatement(
      this.manager.connection,
      `UPDATE shopping.checkout_sessions
          SET status = 'complete_in_progress', input = input || $4::jsonb, updated_at = now(), version = version + 1
        WHERE id = $1 AND account_id = $2 AND business = $3
          AND status = 'ready_for_complete' AND expires_at > now()`,
      [id, accountId, business, JSON.stringify(patch)],
    );
    return affected > 0;
  }

  /** A session still complete_in_progress back to `status` with `messages`. */
  async revertCompletion(
    id: string,
    status: 'ready_for_complete',
    messages: readonly UcpMessage[],
  ): Promise<void> {
    await this.manager
      .getRepository(CheckoutSessionEntity)
      .update({ id, status: 'complete_in_progress' }, { status, messages: [...messages] });
  }

  /** A session still complete_in_progress to completed with its order; whether it was still in progress. */
  async markCompleted(id: string, orderId: string): Promise<boolean> {
    const done = await this.manager
      .getRepository(CheckoutSessionEntity)
      .update({ id, status: 'complete_in_progress' }, { status: 'completed', orderId, messages: [] });
    return (done.affected ?? 0) > 0;
  }

  /**
   * Live sessions (not completed, canceled or complete_in_progress) past their expires_at at `now`
   * to canceled, `batch` rows a statement (each in a statement of its own); how many.
   */
  cancelExpired(now: Date, batch: number): Promise<number> {
    return drainInBatches(
      this.manager.connection,
      `UPDATE shopping.checkout_sessions SET status = 'canceled', updated_at = now(), version = version + 1
        WHERE id IN (SELECT id FROM shopping.checkout_sessions
                      WHERE status NOT IN ('completed', 'canceled', 'complete_in_progress') AND expires_at <= $1
                      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [now],
      batch,
    );
  }
}
