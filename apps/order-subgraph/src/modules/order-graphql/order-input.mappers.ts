import type { DraftLine, LineChange, NewLineItem } from '../order-model/order-commands';
import type { OrderLineItemInput, UpdateDraftLineItemInput, UpdateLineItemByIdInput } from './order.input';

/**
 * The public inputs as the services take them (commands of order-model/order-commands.ts): the
 * admin lifecycle and the storefront cart read the same input types.
 */

/** A line of the public CreateDraftLineItemInput shape as the services take it (client totals, discounts, fees, taxes dropped). */
export function draftLineOf(l: OrderLineItemInput): DraftLine & NewLineItem {
  return {
    type: l.type,
    name: l.name,
    skuId: l.skuId ?? null,
    quantity: l.quantity,
    unitAmount: l.unitAmount,
    discountAmount: l.discountAmount ?? null,
    taxAmount: l.taxAmount ?? null,
    fulfillmentMode: l.fulfillmentMode,
    externalId: l.externalId,
    notes: l.notes,
    shipping: l.shipping,
    details: l.details,
    tags: l.tags,
    serviceStartAt: l.serviceStartAt,
    serviceEndsAt: l.serviceEndsAt,
    metafields: l.metafields,
    extras: {
      details: l.details ?? null,
      externalId: l.externalId ?? null,
      metafields: l.metafields
        ? l.metafields.map((m) => ({ key: m.key, value: m.value, type: 'JSON' as const }))
        : null,
      tags: l.tags ?? null,
      shipping: l.shipping ?? null,
      serviceStartAt: l.serviceStartAt ?? null,
      serviceEndsAt: l.serviceEndsAt ?? null,
    },
  };
}

/** A line change from the public input (plus the admin path's price overrides). */
export function lineChangeOf(input: UpdateDraftLineItemInput & Partial<UpdateLineItemByIdInput>): LineChange {
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const {
    totals: _totals,
    discounts: _discounts,
    fees: _fees,
    taxes: _taxes,
    context: _context,
    orderVersion: _version,
    orderId: _orderId,
    ...change
  } = defined as UpdateLineItemByIdInput;
  return change as LineChange;
}
