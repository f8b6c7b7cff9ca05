import { Injectable } from '@nestjs/common';
import { amountIn } from '../../order-model/money';
import type { OrderChange } from '../../order-model/order-change';
import type { NewPayment, NewRefund } from '../../order-model/order-commands';
import { assertNotArchived, assertPayable, netPaid, outstandingBalance } from '../../order-model/order-rules';
import { OrderWriter } from '../../order-writer/order-writer.service';
import { OrderEntity } from '../../order-model/order.entity';
import { OrderErrors } from '../../order-model/orders.errors';
import { OrdersService } from '../lifecycle/orders.service';

/**
 * Money of an order: payments (SALE) and refunds (REFUND). Each is a ledger row and an
 * `order-payment-recorded` job in the same transaction (published after the commit), which the
 * commerce worker records as the store's transaction.
 */
@Injectable()
export class OrderPaymentsService {
  constructor(
    private readonly writer: OrderWriter,
    private readonly orders: OrdersService,
  ) {}

  /** A payment on an OPEN order, at most its outstanding balance. */
  async recordPayment(
    storeId: string,
    orderId: string,
    payment: NewPayment,
    expectedVersion?: number | null,
  ): Promise<{ order: OrderEntity; eventId: string }> {
    const { order, result } = await this.writer.change(storeId, orderId, expectedVersion, (change) =>
      this.pay(change, payment),
    );
    return { order, eventId: result };
  }

  /**
   * recordPayment inside a change (also a paid order placed in one go): the SALE in the ledger,
   * its outbox row, the payment status. Returns the event id.
   */
  async pay(change: OrderChange, payment: NewPayment): Promise<string> {
    const o = change.order;
    assertPayable(o);
    const amount = amountIn(payment.amount, o.currencyCode, ['amount'], true);
    const balance = outstandingBalance(o);
    if (amount > balance) throw OrderErrors.overpayment(balance);
    const eventId = await change.recordPayment({
      type: 'SALE',
      amount,
      processorReference: payment.processorReference,
      notes: payment.notes,
    });
    await change.refreshPaymentStatus();
    return eventId;
  }

  /** Refunds part or all (default) of what was paid; any status but DRAFT, not archived. */
  async refund(
    storeId: string,
    orderId: string,
    refund: NewRefund,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      const o = change.order;
      assertNotArchived(o);
      const held = netPaid(o);
      const amount = refund.amount ? amountIn(refund.amount, o.currencyCode, ['amount'], true) : held;
      if (amount === 0 || amount > held) throw OrderErrors.refundExceedsPaid(held);
      await this.orders.refundAll(change, amount, refund.notes ?? null);
    });
    return order;
  }
}
