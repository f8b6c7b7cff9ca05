import type { OrderStatus, PaymentStatus } from './order-statuses';
import { OrderErrors } from './orders.errors';

/**
 * The order state machine and money rules (docs/orders.md). Pure functions over plain values:
 * the services call them inside their transactions; the unit tests cover them exhaustively.
 *
 *   DRAFT ──openDraftOrder──▶ OPEN ──completeOrder──▶ COMPLETED
 *     │                        │                          │
 *     └──cancelOrder──▶ CANCELED ◀──cancelOrder──┘        │
 *                          ▲                              │
 *                          └───── cancelOrder(force) ─────┘
 */

/** Largest amount the API carries (GraphQL Int). */
export const MAX_AMOUNT = 2_147_483_647;
/** Most lines one order holds (and one addOrder takes). */
export const MAX_LINE_ITEMS = 250;
/** Largest quantity of one line. */
export const MAX_QUANTITY = 100_000;

const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  DRAFT: ['OPEN', 'CANCELED'],
  OPEN: ['COMPLETED', 'CANCELED'],
  COMPLETED: ['CANCELED'],
  CANCELED: [],
};

/** Transitions that only `force` allows. */
const FORCED: readonly `${OrderStatus}>${OrderStatus}`[] = ['COMPLETED>CANCELED'];

export function canTransition(from: OrderStatus, to: OrderStatus, force = false): boolean {
  if (!TRANSITIONS[from].includes(to)) return false;
  return force || !FORCED.includes(`${from}>${to}`);
}

/** Throws ORDER_ILLEGAL_TRANSITION when `from → to` is not allowed (with force when given). */
export function assertTransition(from: OrderStatus, to: OrderStatus, force = false): void {
  if (canTransition(from, to, force)) return;
  const hint = canTransition(from, to, true) ? ' without force: true' : '';
  throw OrderErrors.illegalTransition(from, to, hint);
}

/** The facts of an order the rules below read. */
export interface OrderFacts {
  readonly status: OrderStatus;
  readonly archivedAt: Date | null;
}

/** Lines, discounts, addresses, customer and tags change only while the order is DRAFT or OPEN. */
export function assertEditable(order: OrderFacts): void {
  if (order.archivedAt !== null || (order.status !== 'DRAFT' && order.status !== 'OPEN')) {
    throw OrderErrors.notEditable(order.status, order.archivedAt !== null);
  }
}

/** Notes may be added to any order that is not archived (a note on a canceled order is normal). */
export function assertNotArchived(order: OrderFacts): void {
  if (order.archivedAt !== null) throw OrderErrors.notEditable(order.status, true);
}

export function assertArchivable(order: OrderFacts): void {
  if (order.archivedAt !== null) throw OrderErrors.notArchivable('the order is already archived');
  if (order.status !== 'COMPLETED' && order.status !== 'CANCELED') {
    throw OrderErrors.notArchivable(`only COMPLETED or CANCELED orders can be archived, not ${order.status}`);
  }
}

/** Fulfilment moves while the order is OPEN or COMPLETED (shipping often follows completion). */
export function assertFulfillable(order: OrderFacts): void {
  assertNotArchived(order);
  if (order.status !== 'OPEN' && order.status !== 'COMPLETED') {
    throw OrderErrors.illegalTransition(
      order.status,
      'fulfilled',
      ': fulfilment needs an OPEN or COMPLETED order',
    );
  }
}

/** Payments are recorded on OPEN orders only (a DRAFT is a cart; completing settles the balance). */
export function assertPayable(order: OrderFacts): void {
  assertNotArchived(order);
  if (order.status !== 'OPEN') {
    throw OrderErrors.illegalTransition(order.status, 'paid', ': payments are recorded on OPEN orders');
  }
}

/** Money an order has received and not given back. */
export interface PaymentFacts {
  readonly total: number;
  readonly paidTotal: number;
  readonly refundedTotal: number;
}

export function netPaid(order: PaymentFacts): number {
  return order.paidTotal - order.refundedTotal;
}

export function outstandingBalance(order: PaymentFacts): number {
  return Math.max(0, order.total - netPaid(order));
}

/**
 * The payment status that follows from the ledger; a hand-set status (NONE, PENDING, PROCESSING,
 * EXTERNALLY_PROCESSED, FAILED) stays while no money has moved.
 */
export function derivePaymentStatus(order: PaymentFacts, current: PaymentStatus): PaymentStatus {
  const net = netPaid(order);
  if (order.refundedTotal > 0) return net > 0 ? 'PARTIALLY_REFUNDED' : 'REFUNDED';
  if (order.paidTotal > 0) return net >= order.total ? 'PAID' : 'PARTIALLY_PAID';
  return current;
}

/** A SALE the refund allocator can draw from. */
export interface RefundableSale {
  readonly id: string;
  readonly amount: number;
  readonly refundedAmount: number;
}

export interface RefundAllocation {
  readonly saleId: string;
  readonly amount: number;
}

/**
 * Splits a refund over the order's SALEs, oldest first, so each REFUND names the SALE it settles
 * (the transaction contract's parentEventId). Throws when the amount exceeds what is refundable.
 */
export function allocateRefund(sales: readonly RefundableSale[], amount: number): RefundAllocation[] {
  const refundable = sales.reduce((sum, s) => sum + (s.amount - s.refundedAmount), 0);
  if (amount <= 0 || amount > refundable) throw OrderErrors.refundExceedsPaid(refundable);
  const allocations: RefundAllocation[] = [];
  let left = amount;
  for (const sale of sales) {
    const available = sale.amount - sale.refundedAmount;
    if (available <= 0) continue;
    const take = Math.min(available, left);
    allocations.push({ saleId: sale.id, amount: take });
    left -= take;
    if (left === 0) break;
  }
  return allocations;
}

/** The amounts of one line. */
export interface LineAmounts {
  readonly quantity: number;
  readonly unitAmount: number;
  readonly discountTotal: number;
  readonly taxTotal: number;
}

export interface LineTotals {
  readonly subTotal: number;
  readonly discountTotal: number;
  readonly taxTotal: number;
  readonly total: number;
}

function bounded(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value > MAX_AMOUNT) throw OrderErrors.amountOutOfRange(what);
  return value;
}

/** subTotal = unitAmount × quantity; total = subTotal − discount + tax. */
export function lineTotals(line: LineAmounts): LineTotals {
  const subTotal = bounded(line.unitAmount * line.quantity, 'the line subtotal');
  if (line.discountTotal > subTotal) throw OrderErrors.discountExceedsSubtotal();
  const total = bounded(subTotal - line.discountTotal + line.taxTotal, 'the line total');
  return { subTotal, discountTotal: line.discountTotal, taxTotal: line.taxTotal, total };
}

export interface OrderTotals {
  readonly subTotal: number;
  readonly discountTotal: number;
  readonly shippingTotal: number;
  readonly taxTotal: number;
  readonly feeTotal: number;
  readonly total: number;
}

/**
 * subTotal = Σ line subtotals; discountTotal = Σ line discounts + Σ order discounts;
 * taxTotal = Σ line taxes; total = subTotal − discountTotal + shippingTotal + taxTotal + feeTotal.
 */
export function orderTotals(
  lines: readonly LineTotals[],
  orderDiscounts: readonly number[],
  shippingTotal: number,
  feeTotal: number,
): OrderTotals {
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const subTotal = bounded(sum(lines.map((l) => l.subTotal)), "the order's subtotal");
  const discountTotal = sum(lines.map((l) => l.discountTotal)) + sum(orderDiscounts);
  if (discountTotal > subTotal) throw OrderErrors.discountExceedsSubtotal();
  const taxTotal = bounded(sum(lines.map((l) => l.taxTotal)), "the order's tax total");
  const total = bounded(subTotal - discountTotal + shippingTotal + taxTotal + feeTotal, "the order's total");
  return { subTotal, discountTotal, shippingTotal, taxTotal, feeTotal, total };
}

/** An edit may not bring the total below the money kept (paid minus refunded). */
export function assertTotalCoversPaid(total: number, order: PaymentFacts): void {
  if (total < netPaid(order)) throw OrderErrors.totalBelowPaid(netPaid(order));
}
