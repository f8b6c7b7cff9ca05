import type { StoreOrderProblem, StoreOrderQuote } from '@platform/contracts';
import type { LineItemDetailsData } from '../order-model/line-item.entity';
import type { OrderTotals } from '../order-model/order-rules';

/** The facts of an order a quote shows (an OrderEntity, saved or priced in memory). */
export interface QuotedOrder extends OrderTotals {
  readonly currencyCode: string;
}

/** The facts of a line a quote shows (a LineItemEntity). */
export interface QuotedLine {
  readonly skuId: string | null;
  readonly name: string;
  readonly quantity: number;
  readonly unitAmount: number;
  readonly subTotal: number;
  readonly discountTotal: number;
  readonly taxTotal: number;
  readonly details: LineItemDetailsData | null;
}

/** The facts of an order discount a quote shows (an OrderDiscountEntity). */
export interface QuotedDiscount {
  readonly name: string;
  readonly code: string | null;
  readonly amount: number;
}

/**
 * `amount` split over `weights` in proportion, by largest remainder (ties to the earlier weight):
 * integers that add up to `amount`. All zero when the weights add up to zero.
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (amount <= 0 || sum <= 0) return weights.map(() => 0);
  const total = BigInt(sum);
  const exact = weights.map((w) => BigInt(amount) * BigInt(w));
  const shares = exact.map((e) => Number(e / total));
  let left = amount - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % total }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * An order's numbers as the Shopping API reads them (StoreOrderQuote), in the order's minor units.
 * The order's own totals are taken as they are; the order-level discounts (discount codes, applied
 * after tax as the storefront applies them) are shown spread over the lines in proportion to what
 * is left of each line's subtotal, so that each line's total is subtotal − discount + tax and the
 * lines plus shipping add up to the order's total.
 */
export function storeOrderQuoteOf(
  order: QuotedOrder,
  lines: readonly QuotedLine[],
  discounts: readonly QuotedDiscount[],
  problems: readonly StoreOrderProblem[],
): StoreOrderQuote {
  const lineDiscounts = lines.reduce((sum, l) => sum + l.discountTotal, 0);
  const shares = allocate(
    order.discountTotal - lineDiscounts,
    lines.map((l) => l.subTotal - l.discountTotal),
  );
  return {
    currencyCode: order.currencyCode,
    lines: lines.map((l, i) => {
      const discount = l.discountTotal + shares[i];
      return {
        skuId: l.skuId ?? '',
        title: l.name,
        quantity: l.quantity,
        unitAmount: l.unitAmount,
        subtotal: l.subTotal,
        discount,
        tax: l.taxTotal,
        total: l.subTotal - discount + l.taxTotal,
        imageUrl: l.details?.productAssetUrl ?? null,
      };
    }),
    subtotal: order.subTotal,
    discountTotal: order.discountTotal,
    taxTotal: order.taxTotal,
    shippingTotal: order.shippingTotal,
    total: order.total,
    discounts: discounts.flatMap((d) => (d.code ? [{ code: d.code, title: d.name, amount: d.amount }] : [])),
    problems,
  };
}
