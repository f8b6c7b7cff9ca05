import { Injectable } from '@nestjs/common';
import type { TaxEstimateTax } from '@platform/contracts';
import type { DiscountCodeEntity } from '../discount-codes/discount-code.entity';
import { percentOf } from '../discount-codes/discount-percentage';
import type { LineItemEntity } from '../order-model/line-item.entity';
import type { OrderChange } from '../order-model/order-change';
import type { OrderDiscountEntity } from '../order-model/order-discount.entity';
import { lineTotals } from '../order-model/order-rules';
import type { OrderContact, OrderEntity, StoredTax } from '../order-model/order.entity';
import { TaxEstimatesClient } from './tax-estimates.client';

function storedTax(t: TaxEstimateTax): StoredTax {
  return { id: t.rateId, name: t.label, ratePercentage: t.percentage, amount: t.amount };
}

/** The address a cart is taxed at: shipping, else billing; none without a country. */
function taxAddressOf(
  shipping: OrderContact | null,
  billing: OrderContact | null,
): OrderContact['address'] | null {
  if (shipping?.address?.countryCode) return shipping.address;
  if (billing?.address?.countryCode) return billing.address;
  return null;
}

/**
 * The totals of a cart (a DRAFT order), re-derived on every change: discount-code amounts
 * (a percentage of the subtotal, a fixed amount capped by what is left of it), each line's taxes
 * from the tax subgraph's calculation at the shipping (else billing) address — none without an
 * address or for a tax-exempt order or a SKU the catalog calls untaxable — and then the order's
 * totals. Orders past DRAFT keep their recorded taxes and only re-derive the totals. The tax call
 * runs inside the order's transaction (its row lock held, 5 s timeout): concurrent changes of one
 * cart queue behind it and see its result; an unreachable tax subgraph fails the change (503).
 */
@Injectable()
export class CartTotals {
  constructor(private readonly tax: TaxEstimatesClient) {}

  async recompute(change: OrderChange): Promise<void> {
    const order = change.order;
    if (order.status !== 'DRAFT') return change.recompute();
    const lines = await change.tx.findLinesByPosition(order.id);
    const discounts = await change.tx.findDiscountsInApplyOrder(order.id);
    const codeIds = discounts.flatMap((d) => (d.discountCodeId ? [d.discountCodeId] : []));
    const codes = codeIds.length ? await change.tx.findDiscountCodes(codeIds) : [];
    const changed = await this.price(order, lines, discounts, codes);
    for (const discount of changed) await change.tx.saveDiscount(discount);
    if (lines.length > 0) await change.tx.saveLines(lines);
    await change.recompute({ lines, discounts });
  }

  /**
   * The pricing of a cart's rows, read and written by the caller (recompute above; a quote that
   * keeps nothing): the code discounts' amounts, each line's taxes and totals, and the order's
   * taxes, set on the objects given. `discounts` in the order they were applied (createdAt, id);
   * `codes` the store's codes they came from. Returns the discounts whose amount changed.
   */
  async price(
    order: OrderEntity,
    lines: readonly LineItemEntity[],
    discounts: readonly OrderDiscountEntity[],
    codes: readonly DiscountCodeEntity[],
  ): Promise<OrderDiscountEntity[]> {
    const changed = rederiveCodeDiscounts(lines, discounts, codes);
    const address = taxAddressOf(order.shipping, order.billing);
    const taxable = lines.filter((l) => l.taxable);
    const byLine = new Map<string, { taxTotal: number; taxes: StoredTax[] }>();
    let orderTaxes: StoredTax[] = [];
    if (address?.countryCode && !order.taxExempted && taxable.length > 0) {
      const estimate = await this.tax.estimate(order.storeId, {
        address: {
          countryCode: address.countryCode,
          regionCode: address.adminArea1 ?? null,
          postalCode: address.postalCode ?? null,
        },
        taxExempt: false,
        lines: taxable.map((l) => ({
          id: l.id,
          amount: { value: l.unitAmount, currencyCode: order.currencyCode },
          quantity: l.quantity,
          skuId: l.skuId,
        })),
      });
      for (const line of estimate.lines) {
        if (line.id) byLine.set(line.id, { taxTotal: line.taxTotal, taxes: line.taxes.map(storedTax) });
      }
      orderTaxes = estimate.taxes.map(storedTax);
    }
    for (const line of lines) {
      const tax = byLine.get(line.id) ?? { taxTotal: 0, taxes: [] };
      Object.assign(line, lineTotals({ ...line, taxTotal: tax.taxTotal }), { taxes: tax.taxes });
    }
    order.taxes = orderTaxes;
    return changed;
  }
}

/**
 * Discount codes' amounts from the current subtotal, oldest first, never above what is left of
 * it (set on the discounts given). Returns those whose amount changed.
 */
function rederiveCodeDiscounts(
  lines: readonly LineItemEntity[],
  discounts: readonly OrderDiscountEntity[],
  codes: readonly DiscountCodeEntity[],
): OrderDiscountEntity[] {
  const fromCodes = discounts.filter((d) => d.discountCodeId !== null);
  if (fromCodes.length === 0) return [];
  const codeById = new Map(codes.map((c) => [c.id, c]));
  const subTotal = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity - l.discountTotal, 0);
  let left = subTotal - discounts.filter((d) => d.discountCodeId === null).reduce((s, d) => s + d.amount, 0);
  const changed: OrderDiscountEntity[] = [];
  for (const discount of fromCodes) {
    const code = codeById.get(discount.discountCodeId as string);
    const wanted = discount.ratePercentage
      ? percentOf(subTotal, discount.ratePercentage)
      : (code?.amountValue ?? discount.amount);
    const amount = Math.max(0, Math.min(wanted, left));
    left -= amount;
    if (amount !== discount.amount) {
      discount.amount = amount;
      changed.push(discount);
    }
  }
  return changed;
}
