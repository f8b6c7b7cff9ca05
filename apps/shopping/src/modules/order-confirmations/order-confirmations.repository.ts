import { Injectable } from '@nestjs/common';
import { withSessionLock } from '@platform/database';
import { EntityManager, IsNull } from 'typeorm';
import type { MailVia } from './mail-transport.service';
import { ShoppingOrderEntity } from '../orders/shopping-order.entity';

/** Storage of the orders' confirmation e-mail state (columns of `shopping.orders`) and its lock. */
@Injectable()
export class OrderConfirmationsRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Runs `work` holding the order's confirmation lock (a session advisory lock on a connection of
   * its own, released after `work`); while another run holds it, throws SessionLockBusyError.
   */
  whileConfirming<T>(orderId: string, work: () => Promise<T>): Promise<T> {
    return withSessionLock(this.manager.connection, `shopping.order-confirm:${orderId}`, work);
  }

  /** The address the buyer gave on the checkout (`buyer.email`), and nothing else of its input. */
  async findBuyerEmail(checkoutId: string): Promise<string | null> {
    const rows = (await this.manager.query(
      `SELECT input->'buyer'->>'email' AS email FROM shopping.checkout_sessions WHERE id = $1`,
      [checkoutId],
    )) as { email: string | null }[];
    return rows[0]?.email ?? null;
  }

  async noteError(orderId: string, reason: string): Promise<void> {
    await this.manager
      .getRepository(ShoppingOrderEntity)
      .update({ id: orderId }, { confirmationError: reason });
  }

  /** Records the confirmation sent, unless a run recorded it first. */
  async markSent(orderId: string, via: MailVia): Promise<void> {
    await this.manager
      .getRepository(ShoppingOrderEntity)
      .update(
        { id: orderId, confirmationSentAt: IsNull() },
        { confirmationSentAt: new Date(), confirmationVia: via, confirmationError: null },
      );
  }

  /** Records the confirmation given up, unless it is recorded sent or given up already. */
  async markGivenUp(orderId: string, reason: string): Promise<void> {
    await this.manager
      .getRepository(ShoppingOrderEntity)
      .update(
        { id: orderId, confirmationSentAt: IsNull(), confirmationFailedAt: IsNull() },
        { confirmationFailedAt: new Date(), confirmationError: reason },
      );
  }
}
