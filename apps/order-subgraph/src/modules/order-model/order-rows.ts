import { randomUUID } from 'node:crypto';
import { isGlobalId, newGlobalId } from './global-id';
import { LineItemEntity } from './line-item.entity';
import { amountIn, optionalAmountIn } from './money';
import type { NewLineItem, NewOrder } from './order-commands';
import { OrderDiscountEntity } from './order-discount.entity';
import { lineTotals } from './order-rules';
import { OrderEntity, type StoredMetafield } from './order.entity';
import { OrderErrors } from './orders.errors';
import type { OrdersRepository } from './orders.repository';

/**
 * The rows of an order as plain functions: a new order, its lines, the discounts of applied codes,
 * the stored forms of tags and metafields, and a line found by its id. The admin services, the
 * storefront cart and the store-orders service build their rows here, never in each other.
 */

/** What a discount row takes from the store's discount code it came from (DiscountCodeEntity). */
export interface AppliedCode {
  readonly id: string;
  readonly name: string;
  readonly code: string;
  readonly amountValue: number | null;
  readonly ratePercentage: string | null;
}

/** Builds a line item row of `order` (amounts checked against the order's currency). */
export function newLineItemRow(
  order: OrderEntity,
  line: NewLineItem,
  now: Date,
  path: readonly (string | number)[],
  position: number,
): LineItemEntity {
  const currency = order.currencyCode;
  const totals = lineTotals({
    quantity: line.quantity,
    unitAmount: amountIn(line.unitAmount, currency, [...path, 'unitAmount']),
    discountTotal: optionalAmountIn(line.discountAmount, currency, [...path, 'discountAmount']),
    taxTotal: optionalAmountIn(line.taxAmount, currency, [...path, 'taxAmount']),
  });
  const row = new LineItemEntity();
  Object.assign(row, {
    id: newGlobalId('LineItem', now),
    orderId: order.id,
    storeId: order.storeId,
    position,
    type: line.type ?? 'PHYSICAL',
    name: line.name,
    skuId: line.skuId ?? null,
    quantity: line.quantity,
    unitAmount: line.unitAmount.value,
    ...totals,
    fulfillmentMode: line.fulfillmentMode ?? 'NONE',
    status: line.extras?.status ?? 'UNFULFILLED',
    createdAt: now,
    updatedAt: now,
    taxable: line.extras?.taxable ?? true,
    details: line.extras?.details ?? null,
    externalId: line.extras?.externalId ?? null,
    fulfillmentChannelId: line.extras?.fulfillmentChannelId ?? null,
    metafields: line.extras?.metafields ?? null,
    notes: line.extras?.notes ?? null,
    tags: line.extras?.tags ?? null,
    shipping: line.extras?.shipping ?? null,
    serviceStartAt: line.extras?.serviceStartAt ?? null,
    serviceEndsAt: line.extras?.serviceEndsAt ?? null,
    taxes: null,
  });
  return row;
}

/**
 * A new order's row (not yet saved): `draft` DRAFT, else OPEN; no payment, nothing fulfilled,
 * totals zero until the lines are priced.
 */
export function newOrderRow(
  storeId: string,
  number: number,
  input: NewOrder,
  draft: boolean,
  now: Date,
): OrderEntity {
  const order = new OrderEntity();
  Object.assign(order, {
    id: newGlobalId('Order', now),
    storeId,
    number,
    channelId: input.channelId ?? null,
    customerId: input.customerId ?? null,
    currencyCode: input.currencyCode,
    subTotal: 0,
    discountTotal: 0,
    shippingTotal: optionalAmountIn(input.shippingAmount, input.currencyCode, ['shippingAmount']),
    taxTotal: 0,
    feeTotal: 0,
    total: 0,
    paidTotal: 0,
    refundedTotal: 0,
    billing: input.billing ?? null,
    shipping: input.shipping ?? null,
    tags: normaliseTags(input.tags ?? []),
    externalId: input.externalId ?? null,
    cartId: input.cartId ?? null,
    placementReference: input.placementReference ?? null,
    metafields: storedMetafields(input.metafields),
    taxExempted: input.taxExempted ?? false,
    taxes: null,
    orderVersion: 1,
    processedAt: input.processedAt ?? now,
    paidAt: null,
    completedAt: null,
    canceledAt: null,
    cancelReason: null,
    archivedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  order.status = draft ? 'DRAFT' : 'OPEN';
  order.paymentStatus = 'NONE';
  order.fulfillmentStatus = 'UNFULFILLED';
  return order;
}

/** A metafield list as stored (type defaults to JSON). */
export function storedMetafields(
  given: readonly { key: string; value: string; type?: 'JSON' }[] | null | undefined,
): StoredMetafield[] | null {
  return given ? given.map((m) => ({ key: m.key, value: m.value, type: m.type ?? 'JSON' })) : null;
}

/**
 * The order discounts of a store's codes as applyDiscountCodes adds them (CartTotals derives their
 * amounts). They share the change's time, and CartTotals takes them by (createdAt, id): the ids
 * ascend in the order the codes were given, so they apply in that order.
 */
export function codeDiscountRows(
  orderId: string,
  codes: readonly AppliedCode[],
  now: Date,
): OrderDiscountEntity[] {
  const ids = codes.map(() => randomUUID()).sort();
  return codes.map((code, i) =>
    Object.assign(new OrderDiscountEntity(), {
      id: ids[i],
      orderId,
      name: code.name,
      code: code.code,
      amount: code.amountValue ?? 0,
      ratePercentage: code.ratePercentage,
      discountCodeId: code.id,
      createdAt: now,
    }),
  );
}

/** Trimmed, de-duplicated, in first-seen order. */
export function normaliseTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter((t) => t.length > 0))];
}

/** A line of the order by its id, or LINE_ITEM_NOT_FOUND (an id of another shape finds nothing). */
export async function lineOf(
  tx: OrdersRepository,
  orderId: string,
  lineItemId: string,
): Promise<LineItemEntity> {
  const row = isGlobalId('LineItem', lineItemId) ? await tx.findLineOfOrder(lineItemId, orderId) : null;
  if (!row) throw OrderErrors.lineItemNotFound(lineItemId);
  return row;
}
