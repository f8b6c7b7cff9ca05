import { randomUUID } from 'node:crypto';
import {
  COMMERCE_TRANSACTIONS_QUEUE,
  ORDER_PAYMENT_RECORDED,
  OrderPaymentRecorded,
  orderPaymentRecordedJobId,
  parseOrderPaymentRecorded,
} from '@platform/contracts';
import type { OutboxService } from '../outbox/outbox.service';
import type { LineItemEntity } from './line-item.entity';
import type { OrderDiscountEntity } from './order-discount.entity';
import { assertTotalCoversPaid, derivePaymentStatus, lineTotals, orderTotals } from './order-rules';
import type {
  FulfillmentStatus,
  OrderPaymentType,
  OrderStatus,
  PaymentStatus,
  StatusKind,
} from './order-statuses';
import type { OrderEntity } from './order.entity';
import type { OrdersRepository } from './orders.repository';

type StatusValue<K extends StatusKind> = K extends 'STATUS'
  ? OrderStatus
  : K extends 'PAYMENT_STATUS'
    ? PaymentStatus
    : FulfillmentStatus;

const FIELD: Record<StatusKind, 'status' | 'paymentStatus' | 'fulfillmentStatus'> = {
  STATUS: 'status',
  PAYMENT_STATUS: 'paymentStatus',
  FULFILLMENT_STATUS: 'fulfillmentStatus',
};

export interface PaymentEvent {
  readonly type: OrderPaymentType;
  readonly amount: number;
  readonly parentId?: string;
  readonly processorReference?: string | null;
  readonly notes?: string | null;
}

/**
 * One change of one order inside its transaction: the locked row, the clock reading of the
 * change, and the helpers every write shares (status history, totals, the payment ledger and its
 * outbox rows). OrderWriter creates it, runs the service's change and saves the row.
 */
export class OrderChange {
  /** Outbox rows written by this change, published by the writer after the commit. */
  readonly outboxIds: string[] = [];

  constructor(
    readonly tx: OrdersRepository,
    readonly order: OrderEntity,
    readonly now: Date,
    private readonly outbox: OutboxService,
  ) {}

  /** Sets one of the three statuses and records the change in the history (no-op when unchanged). */
  async setStatus<K extends StatusKind>(
    kind: K,
    to: StatusValue<K>,
    reason: string | null = null,
  ): Promise<void> {
    const field = FIELD[kind];
    const from = this.order[field] as string | undefined;
    if (from === to) return;
    (this.order[field] as string) = to;
    await this.tx.insertStatusChanges({
      orderId: this.order.id,
      kind,
      fromValue: from ?? null,
      toValue: to,
      reason,
      changedAt: this.now,
    });
  }

  /** The history's first entries of a new order: its three statuses, each from null. */
  async recordInitialStatuses(): Promise<void> {
    const o = this.order;
    await this.tx.insertStatusChanges(
      (
        [
          ['STATUS', o.status],
          ['PAYMENT_STATUS', o.paymentStatus],
          ['FULFILLMENT_STATUS', o.fulfillmentStatus],
        ] as const
      ).map(([kind, toValue]) => ({
        orderId: o.id,
        kind,
        fromValue: null,
        toValue,
        reason: null,
        changedAt: this.now,
      })),
    );
  }

  /** Re-derives every total from the lines and discounts, then the payment status from the ledger. */
  async recompute(current?: {
    readonly lines: readonly LineItemEntity[];
    readonly discounts: readonly OrderDiscountEntity[];
  }): Promise<void> {
    // A caller that has just loaded and saved the order's lines and discounts (CartTotals) hands
    // them over; otherwise they are read in this transaction.
    const { lines, discounts } = current ?? {
      lines: await this.tx.findLines(this.order.id),
      discounts: await this.tx.findDiscounts(this.order.id),
    };
    const totals = orderTotals(
      lines.map((l) => lineTotals(l)),
      discounts.map((d) => d.amount),
      this.order.shippingTotal,
      this.order.feeTotal,
    );
    assertTotalCoversPaid(totals.total, this.order);
    Object.assign(this.order, totals);
    await this.refreshPaymentStatus();
  }

  async refreshPaymentStatus(): Promise<void> {
    const next = derivePaymentStatus(this.order, this.order.paymentStatus);
    if (next === 'PAID' && this.order.paidAt === null) this.order.paidAt = this.now;
    await this.setStatus('PAYMENT_STATUS', next);
  }

  /**
   * Records a money event in the order's ledger and, in the same transaction, the outbox row of
   * its `order-payment-recorded` job (docs/commerce-transactions.md). Returns the event id.
   */
  async recordPayment(event: PaymentEvent): Promise<string> {
    const id = randomUUID();
    await this.tx.insertPayment({
      id,
      orderId: this.order.id,
      type: event.type,
      amount: event.amount,
      currencyCode: this.order.currencyCode,
      parentId: event.parentId ?? null,
      refundedAmount: 0,
      processorReference: event.processorReference ?? null,
      notes: event.notes ?? null,
      occurredAt: this.now,
    });
    if (event.type === 'SALE') {
      this.order.paidTotal += event.amount;
    } else {
      this.order.refundedTotal += event.amount;
      if (event.parentId) await this.tx.addRefunded(event.parentId, event.amount);
    }
    const payload: OrderPaymentRecorded = {
      eventId: id,
      storeId: this.order.storeId,
      orderId: this.order.id,
      type: event.type,
      status: 'COMPLETED',
      amount: { value: event.amount, currencyCode: this.order.currencyCode },
      ...(this.order.channelId ? { channelId: this.order.channelId } : {}),
      ...(event.processorReference ? { processorReference: event.processorReference } : {}),
      ...(event.parentId ? { parentEventId: event.parentId } : {}),
      ...(event.notes ? { notes: event.notes } : {}),
      occurredAt: this.now.toISOString(),
    };
    const checked = parseOrderPaymentRecorded(payload);
    if (!checked.ok)
      throw new Error(`order-payment-recorded payload breaks the contract: ${checked.problems.join('; ')}`);
    await this.outbox.enqueue(
      this.tx.outbox,
      {
        id,
        queue: COMMERCE_TRANSACTIONS_QUEUE,
        jobName: ORDER_PAYMENT_RECORDED,
        jobId: orderPaymentRecordedJobId(id),
        payload: { ...checked.value },
      },
      this.now,
    );
    this.outboxIds.push(id);
    return id;
  }
}
