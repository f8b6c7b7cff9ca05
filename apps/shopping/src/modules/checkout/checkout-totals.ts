import type { PricedCart } from '../businesses/business';
import type { UcpLineItem, UcpTotal } from '../ucp/ucp-types';

/**
 * A priced cart as UCP totals (totals.json): one subtotal and one total, discounts negative,
 * additive entries ≥ 0, and the sum rule — the non-total entries add up to the total — on the
 * checkout and on every line. The total is that sum, never a number taken on trust.
 */
export function renderTotals(priced: PricedCart): { lineItems: UcpLineItem[]; totals: UcpTotal[] } {
  const lineItems: UcpLineItem[] = priced.lines.map((line) => {
    const subtotal = line.unitAmount * line.quantity;
    const totals: UcpTotal[] = [{ type: 'subtotal', amount: subtotal }];
    if (line.discount > 0) totals.push({ type: 'discount', amount: -line.discount });
    if (line.tax > 0) totals.push({ type: 'tax', amount: line.tax });
    totals.push({ type: 'total', amount: subtotal - line.discount + line.tax });
    return {
      id: line.lineId,
      item: {
        id: line.itemId,
        title: line.title,
        price: line.unitAmount,
        ...(line.imageUrl ? { image_url: line.imageUrl } : {}),
      },
      quantity: line.quantity,
      totals,
    };
  });
  const subtotal = priced.lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
  const totals: UcpTotal[] = [{ type: 'subtotal', amount: subtotal }];
  if (priced.discountTotal > 0) {
    const lines = priced.appliedDiscounts
      .filter((d) => d.amount > 0)
      .map((d) => ({ display_text: d.title || d.code, amount: -d.amount }));
    const listed = lines.reduce((sum, l) => sum + l.amount, 0) === -priced.discountTotal;
    totals.push({
      type: 'discount',
      amount: -priced.discountTotal,
      ...(listed && lines.length ? { lines } : {}),
    });
  }
  if (priced.taxTotal > 0) totals.push({ type: 'tax', amount: priced.taxTotal });
  totals.push({ type: 'total', amount: subtotal - priced.discountTotal + priced.taxTotal });
  return { lineItems, totals };
}

/** The amount of the `total` entry. */
export function totalOf(totals: readonly UcpTotal[]): number {
  return totals.find((t) => t.type === 'total')?.amount ?? 0;
}
