import { Injectable, Logger } from '@nestjs/common';
import { errorMessage } from '@platform/errors';
import { OrdersService } from '../orders/orders.service';
import type { ShoppingOrderEntity } from '../orders/shopping-order.entity';
import { ShoppingOrdersRepository } from '../orders/shopping-orders.repository';
import { isRecipientRefused, MailTransport, type MailVia } from './mail-transport.service';
import { confirmationMessage, type ConfirmationOrder } from './order-confirmation-message';
import { OrderConfirmationsRepository } from './order-confirmations.repository';

/** A confirmation still not sent this long after the order is given up at its job's last attempt. */
export const MAX_CONFIRMATION_AGE_MS = 24 * 3600 * 1000;

/** What one `order.confirm` run did (the job's return value). */
export type ConfirmationRun =
  | { readonly outcome: 'sent'; readonly via: MailVia; readonly messageId: string }
  /** Recorded before this run: nothing sent again. */
  | { readonly outcome: 'already-sent' | 'given-up' | 'no-order' }
  | { readonly outcome: 'gave-up'; readonly reason: string };

/**
 * The buyer's order confirmation e-mail (UCP CHK-011: "Business MUST send a confirmation email
 * after the checkout has been completed"), sent by the worker's `order.confirm` job to the
 * checkout's `buyer.email`, and recorded on the order (`confirmation_sent_at`, `confirmation_via`).
 *
 * Once in effect, at least once in fact: a run first reads the record and sends nothing when it
 * is there, and runs of one order never overlap (a session advisory lock; a second run fails and
 * retries). A worker dying between the server's acceptance and the record sends it again on the
 * next run, as SMTP itself may deliver twice.
 *
 * Failures: a recipient the server refuses for good (5xx to RCPT TO) is given up at once
 * (`confirmation_failed_at`, `confirmation_error`); so is a checkout without a buyer e-mail.
 * Anything else throws: the job retries with the queue's backoff and then the sweep adds it
 * again, until, at a last attempt more than MAX_CONFIRMATION_AGE_MS after the order, it is given up.
 */
@Injectable()
export class OrderConfirmations {
  private readonly logger = new Logger(OrderConfirmations.name);

  constructor(
    private readonly orderRows: ShoppingOrdersRepository,
    private readonly confirmations: OrderConfirmationsRepository,
    private readonly orders: OrdersService,
    private readonly mail: MailTransport,
  ) {}

  /** Sends the order's confirmation unless it is recorded (sent or given up); see the class. */
  confirm(orderId: string, attempt: { readonly finalAttempt: boolean }): Promise<ConfirmationRun> {
    return this.confirmations.whileConfirming(orderId, () => this.confirmAlone(orderId, attempt));
  }

  /** confirm() while no other run for this order can be sending. */
  private async confirmAlone(
    orderId: string,
    attempt: { readonly finalAttempt: boolean },
  ): Promise<ConfirmationRun> {
    const order = await this.orderRows.findById(orderId);
    if (!order) return { outcome: 'no-order' };
    if (order.confirmationSentAt) return { outcome: 'already-sent' };
    if (order.confirmationFailedAt) return { outcome: 'given-up' };
    const to = await this.buyerEmail(order.checkoutId);
    if (!to) return this.giveUp(orderId, 'the checkout has no buyer e-mail');
    let receipt;
    try {
      receipt = await this.mail.send({ to, ...confirmationMessage(this.confirmationOrder(order)) });
    } catch (e) {
      const reason = errorMessage(e).slice(0, 1000);
      if (isRecipientRefused(e)) return this.giveUp(orderId, reason);
      if (attempt.finalAttempt && Date.now() - order.createdAt.getTime() > MAX_CONFIRMATION_AGE_MS)
        return this.giveUp(orderId, reason);
      await this.confirmations.noteError(orderId, reason);
      throw e;
    }
    // Only now: a worker dying between the server's acceptance and this line sends it again.
    await this.confirmations.markSent(orderId, receipt.via);
    return { outcome: 'sent', via: receipt.via, messageId: receipt.messageId };
  }

  /** The address the buyer gave on the checkout (`buyer.email`), and nothing else of its input. */
  private async buyerEmail(checkoutId: string): Promise<string | null> {
    const email = (await this.confirmations.findBuyerEmail(checkoutId))?.trim();
    return email ? email : null;
  }

  /** The order as order.json shows it (label and permalink from the one view of an order). */
  private confirmationOrder(order: ShoppingOrderEntity): ConfirmationOrder {
    const view = this.orders.snapshot(order);
    return {
      id: order.id,
      label: String(view.label),
      permalinkUrl: String(view.permalink_url),
      currency: order.currency,
      lines: order.lineItems.map((line) => ({
        title: line.item.title,
        quantity: line.quantity.original,
        total: line.totals.find((t) => t.type === 'total')?.amount ?? 0,
      })),
      totals: order.totals,
    };
  }

  private async giveUp(orderId: string, reason: string): Promise<ConfirmationRun> {
    this.logger.warn(`order ${orderId}: confirmation e-mail given up: ${reason}`);
    await this.confirmations.markGivenUp(orderId, reason);
    return { outcome: 'gave-up', reason };
  }
}
