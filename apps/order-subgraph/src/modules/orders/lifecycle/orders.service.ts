import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { optionalAmountIn } from '../../order-model/money';
import type { OrderChange } from '../../order-model/order-change';
import type { Actor, CancelOrder, NewLineItem, NewOrder, OrderPatch } from '../../order-model/order-commands';
import {
  allocateRefund,
  assertArchivable,
  assertEditable,
  assertFulfillable,
  assertTransition,
  netPaid,
  outstandingBalance,
} from '../../order-model/order-rules';
import type { FulfillmentStatus, ManualPaymentStatus } from '../../order-model/order-statuses';
import { OrderWriter } from '../../order-writer/order-writer.service';
import type { OrderEntity } from '../../order-model/order.entity';
import type { OrdersRepository } from '../../order-model/orders.repository';
import { newLineItemRow, newOrderRow, normaliseTags, storedMetafields } from '../../order-model/order-rows';
import { CartTotals } from '../../storefront-cart/cart-totals.service';
import { OrderErrors } from '../../order-model/orders.errors';

/** Fulfilment statuses a cancellation turns into CANCELED (nothing has left the store yet). */
const NOT_SHIPPED: readonly FulfillmentStatus[] = [
  'UNFULFILLED',
  'ON_HOLD',
  'AWAITING',
  'CONFIRMED',
  'IN_PROGRESS',
];

/**
 * The order lifecycle: create (open or draft), update, open a draft, complete, cancel (with
 * force), archive, and the hand-set fulfilment and payment statuses (docs/orders.md).
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly writer: OrderWriter,
    private readonly cartTotals: CartTotals,
  ) {}

  /** addOrder (status OPEN, needs a line) and addDraftOrder (status DRAFT, may be empty). */
  async create(storeId: string, input: NewOrder, draft: boolean, actor: Actor): Promise<OrderEntity> {
    if (!draft && input.lineItems.length === 0) throw OrderErrors.empty();
    return this.writer.create(storeId, async (tx, number, now) => {
      const change = await this.insertNew(tx, newOrderRow(storeId, number, input, draft, now), input, actor);
      await this.cartTotals.recompute(change);
      await tx.save(change.order);
      return change;
    });
  }

  /**
   * Inserts a new order (a row of `newOrderRow`), the first entries of its status history, its
   * lines and notes, in the creating transaction; the totals are the caller's to derive next.
   */
  async insertNew(
    tx: OrdersRepository,
    order: OrderEntity,
    input: NewOrder,
    actor: Actor,
  ): Promise<OrderChange> {
    await tx.insert(order);
    const change = this.writer.newChange(tx, order, order.createdAt);
    await change.recordInitialStatuses();
    await this.insertLines(tx, order, input.lineItems, order.createdAt);
    await this.insertNotes(tx, order, input, actor, order.createdAt);
    return change;
  }

  async update(
    storeId: string,
    orderId: string,
    patch: OrderPatch,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      const o = change.order;
      assertEditable(o);
      if (patch.channelId !== undefined) o.channelId = patch.channelId;
      if (patch.customerId !== undefined) o.customerId = patch.customerId;
      if (patch.billing !== undefined) o.billing = patch.billing;
      if (patch.shipping !== undefined) o.shipping = patch.shipping;
      if (patch.tags !== undefined) o.tags = normaliseTags(patch.tags);
      if (patch.processedAt !== undefined) o.processedAt = patch.processedAt;
      if (patch.shippingAmount !== undefined) {
        o.shippingTotal = optionalAmountIn(patch.shippingAmount, o.currencyCode, ['shippingAmount']);
      }
      // A cart's taxes follow its address: recompute when the amounts or addresses change.
      const addressChanged = patch.billing !== undefined || patch.shipping !== undefined;
      if (patch.shippingAmount !== undefined || (addressChanged && o.status === 'DRAFT')) {
        await this.cartTotals.recompute(change);
      }
    });
    return order;
  }

  /** DRAFT → OPEN; the draft needs at least one line. */
  async openDraft(storeId: string, orderId: string, expectedVersion?: number | null): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, (change) =>
      this.open(change),
    );
    return order;
  }

  /** DRAFT → OPEN inside a change (openDraftOrder, and a paid order placed in one go). */
  async open(change: OrderChange): Promise<void> {
    assertTransition(change.order.status, 'OPEN');
    if (change.order.archivedAt) throw OrderErrors.notEditable(change.order.status, true);
    await this.assertHasLines(change);
    await change.setStatus('STATUS', 'OPEN');
  }

  /**
   * OPEN → COMPLETED. An unpaid balance is settled as a SALE (published as a transaction), so a
   * completed order is always paid in full.
   */
  async complete(storeId: string, orderId: string, expectedVersion?: number | null): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      const o = change.order;
      assertTransition(o.status, 'COMPLETED');
      await this.assertHasLines(change);
      const balance = outstandingBalance(o);
      if (balance > 0) {
        await change.recordPayment({
          type: 'SALE',
          amount: balance,
          notes: 'balance settled when the order was completed',
        });
      }
      await change.refreshPaymentStatus();
      o.completedAt = change.now;
      await change.setStatus('STATUS', 'COMPLETED');
    });
    return order;
  }

  /**
   * → CANCELED from DRAFT or OPEN; from COMPLETED only with `force`. An order holding money
   * (paid minus refunded above zero) is cancelled only with `force`, which refunds all of it
   * (one REFUND transaction per SALE, each naming its SALE).
   */
  async cancel(storeId: string, orderId: string, options: CancelOrder): Promise<OrderEntity> {
    const force = options.force ?? false;
    const { order } = await this.writer.change(storeId, orderId, null, async (change) => {
      const o = change.order;
      if (o.archivedAt) throw OrderErrors.notEditable(o.status, true);
      assertTransition(o.status, 'CANCELED', force);
      const held = netPaid(o);
      if (held > 0) {
        if (!force) throw OrderErrors.hasPayments();
        await this.refundAll(change, held, 'refunded when the order was cancelled');
      }
      o.canceledAt = change.now;
      o.cancelReason = options.reason ?? null;
      await change.setStatus('STATUS', 'CANCELED', options.reason ?? null);
      if (NOT_SHIPPED.includes(o.fulfillmentStatus)) await change.setStatus('FULFILLMENT_STATUS', 'CANCELED');
      if (o.paidTotal === 0) await change.setStatus('PAYMENT_STATUS', 'CANCELED');
      else await change.refreshPaymentStatus();
    });
    return order;
  }

  async archive(storeId: string, orderId: string): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, null, async (change) => {
      assertArchivable(change.order);
      change.order.archivedAt = change.now;
    });
    return order;
  }

  async unarchive(storeId: string, orderId: string): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, null, async (change) => {
      if (change.order.archivedAt === null) throw OrderErrors.notArchivable('the order is not archived');
      change.order.archivedAt = null;
    });
    return order;
  }

  /** Fulfilment of an OPEN or COMPLETED order; CANCELED comes only from cancelOrder. */
  async updateFulfillmentStatus(
    storeId: string,
    orderId: string,
    status: FulfillmentStatus,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    if (status === 'CANCELED') {
      throw OrderErrors.invalidField(
        ['status'],
        'INVALID_VALUE',
        'cancel the order with cancelOrder instead',
      );
    }
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      assertFulfillable(change.order);
      await change.setStatus('FULFILLMENT_STATUS', status);
      if (status === 'FULFILLED') {
        await change.tx.markLinesFulfilled(change.order.id, change.now);
      }
    });
    return order;
  }

  /**
   * A hand-set payment status (NONE, PENDING, PROCESSING, EXTERNALLY_PROCESSED, FAILED) while no
   * money has been recorded; afterwards the ledger decides (recordPayment, refundOrder).
   */
  async updatePaymentStatus(
    storeId: string,
    orderId: string,
    status: ManualPaymentStatus,
    expectedVersion?: number | null,
  ): Promise<OrderEntity> {
    const { order } = await this.writer.change(storeId, orderId, expectedVersion, async (change) => {
      const o = change.order;
      assertEditable(o);
      if (o.paidTotal > 0) {
        throw OrderErrors.illegalTransition(
          o.paymentStatus,
          status,
          ': the status follows the recorded payments',
        );
      }
      await change.setStatus('PAYMENT_STATUS', status);
    });
    return order;
  }

  /** Refunds `amount` over the order's SALEs, oldest first. */
  async refundAll(change: OrderChange, amount: number, notes: string | null): Promise<void> {
    const sales = await change.tx.findSales(change.order.id);
    for (const allocation of allocateRefund(sales, amount)) {
      await change.recordPayment({
        type: 'REFUND',
        amount: allocation.amount,
        parentId: allocation.saleId,
        notes,
      });
    }
    await change.refreshPaymentStatus();
  }

  private async assertHasLines(change: OrderChange): Promise<void> {
    const lines = await change.tx.countLines(change.order.id);
    if (lines === 0) throw OrderErrors.empty();
  }

  private async insertLines(
    tx: OrdersRepository,
    order: OrderEntity,
    lines: readonly NewLineItem[],
    now: Date,
  ): Promise<void> {
    if (lines.length === 0) return;
    const rows = lines.map((line, i) => newLineItemRow(order, line, now, ['lineItems', i], i + 1));
    await tx.insertLines(rows);
  }

  private async insertNotes(
    tx: OrdersRepository,
    order: OrderEntity,
    input: NewOrder,
    actor: Actor,
    now: Date,
  ): Promise<void> {
    const notes = input.notes ?? [];
    if (notes.length === 0) return;
    await tx.insertNotes(
      notes.map((note) => ({
        id: randomUUID(),
        orderId: order.id,
        content: note.content,
        authorType: note.authorType ?? 'MERCHANT',
        authorId: actor.accountId,
        shouldNotifyCustomer: note.shouldNotifyCustomer ?? false,
        createdAt: now,
        referenceId: note.referenceId ?? null,
        metafields: storedMetafields(note.metafields),
        externalIds: note.externalIds
          ? note.externalIds.map((e) => ({ type: e.type, value: e.value }))
          : null,
      })),
    );
  }
}
