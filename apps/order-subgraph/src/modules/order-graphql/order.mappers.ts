import { SimpleMoney } from '@platform/graphql-subgraph';
import type { LineItemEntity } from '../order-model/line-item.entity';
import type { OrderDiscountEntity } from '../order-model/order-discount.entity';
import type { OrderNoteEntity } from '../order-model/order-note.entity';
import type { OrderPaymentEntity } from '../order-model/order-payment.entity';
import type { OrderStatusChangeEntity } from '../order-model/order-status-change.entity';
import type { OrderEntity } from '../order-model/order.entity';
import {
  LineItemModel,
  OrderDiscountModel,
  OrderModel,
  OrderNoteModel,
  OrderPaymentModel,
  OrderStatusChangeModel,
} from './order.model';

import type { LineItemDetailsData, LineItemNoteData } from '../order-model/line-item.entity';
import type { StoredMetafield, StoredTax } from '../order-model/order.entity';
import type {
  LineItemDetailsModel,
  LineItemTaxModel,
  OrderMetafieldModel,
  OrderTaxModel,
} from './storefront.model';

function metafieldsOf(stored: readonly StoredMetafield[] | null): OrderMetafieldModel[] {
  return (stored ?? []).map((m) => ({ key: m.key, value: m.value, type: m.type ?? 'JSON' }));
}

function taxOf(t: StoredTax, currencyCode: string): LineItemTaxModel {
  return {
    id: t.id,
    name: t.name,
    ratePercentage: t.ratePercentage,
    amount: SimpleMoney.of(t.amount, currencyCode),
    exempted: false,
    included: false,
    referenceId: null,
    externalIds: [],
    metafields: [],
  };
}

function orderTaxOf(t: StoredTax, currencyCode: string): OrderTaxModel {
  return { ...taxOf(t, currencyCode), additional: false };
}

function detailsOf(d: LineItemDetailsData | null, currencyCode: string): LineItemDetailsModel | null {
  if (!d) return null;
  const money = (m: { value: number; currencyCode: string } | null | undefined) =>
    m ? SimpleMoney.of(m.value, m.currencyCode || currencyCode) : null;
  return {
    sku: d.sku ?? null,
    productAssetUrl: d.productAssetUrl ?? null,
    unitOfMeasure: d.unitOfMeasure ?? null,
    selectedOptions: (d.selectedOptions ?? []).map((o) => ({ attribute: o.attribute, values: o.values })),
    selectedAddons: (d.selectedAddons ?? []).map((a) => ({
      attribute: a.attribute,
      sku: a.sku ?? null,
      values: a.values.map((v) => ({
        name: v.name,
        amount: money(v.amount),
        amountIncreased: v.amountIncreased ?? null,
        costAdjustment: money(v.costAdjustment),
      })),
    })),
  };
}

function lineNoteOf(n: LineItemNoteData, orderId: string): OrderNoteModel {
  return Object.assign(new OrderNoteModel(), {
    id: n.id,
    orderId,
    content: n.content,
    authorType: n.authorType,
    author: n.author,
    shouldNotifyCustomer: false,
    createdAt: new Date(n.createdAt),
    deletedAt: null,
    referenceId: n.referenceId,
    metafields: [],
    externalIds: [],
  });
}

/** Entity → GraphQL object mappers (entities are not API types). */
export function toOrderModel(o: OrderEntity): OrderModel {
  const money = (value: number) => SimpleMoney.of(value, o.currencyCode);
  return Object.assign(new OrderModel(), {
    id: o.id,
    number: o.number,
    context: { storeId: o.storeId, channelId: o.channelId },
    statuses: { status: o.status, paymentStatus: o.paymentStatus, fulfillmentStatus: o.fulfillmentStatus },
    currencyCode: o.currencyCode,
    totals: {
      subTotal: money(o.subTotal),
      discountTotal: money(o.discountTotal),
      shippingTotal: money(o.shippingTotal),
      taxTotal: money(o.taxTotal),
      feeTotal: money(o.feeTotal),
      total: money(o.total),
      paidTotal: money(o.paidTotal),
      refundedTotal: money(o.refundedTotal),
      productDiscountTotal: money(o.discountTotal),
      shippingDiscountTotal: money(0),
    },
    customerId: o.customerId,
    billing: o.billing,
    shipping: o.shipping,
    tags: o.tags,
    orderVersion: o.orderVersion,
    processedAt: o.processedAt,
    paidAt: o.paidAt,
    completedAt: o.completedAt,
    canceledAt: o.canceledAt,
    cancelReason: o.cancelReason,
    archived: o.archivedAt !== null,
    archivedAt: o.archivedAt,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    externalId: o.externalId,
    cartId: o.cartId,
    metafields: metafieldsOf(o.metafields),
    taxExempted: o.taxExempted,
    taxes: (o.taxes ?? []).map((t) => orderTaxOf(t, o.currencyCode)),
    fees: [],
    links: [],
  });
}

/** A line's amounts are in its order's currency, which the line row does not repeat. */
export function toLineItemModel(l: LineItemEntity, currencyCode: string): LineItemModel {
  const money = (value: number) => SimpleMoney.of(value, currencyCode);
  return Object.assign(new LineItemModel(), {
    id: l.id,
    orderId: l.orderId,
    type: l.type,
    name: l.name,
    skuId: l.skuId,
    quantity: l.quantity,
    unitAmount: money(l.unitAmount),
    totals: {
      feeTotal: money(0),
      subTotal: money(l.subTotal),
      discountTotal: money(l.discountTotal),
      taxTotal: money(l.taxTotal),
      total: money(l.total),
    },
    fulfillmentMode: l.fulfillmentMode,
    status: l.status,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    details: detailsOf(l.details, currencyCode),
    discounts: [],
    externalId: l.externalId,
    fees: [],
    fulfillmentChannelId: l.fulfillmentChannelId,
    metafields: metafieldsOf(l.metafields),
    notes: (l.notes ?? []).map((n) => lineNoteOf(n, l.orderId)),
    serviceEndsAt: l.serviceEndsAt,
    serviceStartAt: l.serviceStartAt,
    shipping: l.shipping,
    tags: l.tags ?? [],
    taxes: (l.taxes ?? []).map((t) => taxOf(t, currencyCode)),
  });
}

export function toNoteModel(n: OrderNoteEntity): OrderNoteModel {
  return Object.assign(new OrderNoteModel(), {
    id: n.id,
    orderId: n.orderId,
    content: n.content,
    authorType: n.authorType,
    author: n.authorId,
    shouldNotifyCustomer: n.shouldNotifyCustomer,
    createdAt: n.createdAt,
    deletedAt: null,
    referenceId: n.referenceId,
    metafields: metafieldsOf(n.metafields),
    externalIds: n.externalIds ?? [],
  });
}

export function toDiscountModel(d: OrderDiscountEntity, currencyCode: string): OrderDiscountModel {
  return Object.assign(new OrderDiscountModel(), {
    id: d.id,
    name: d.name,
    code: d.code,
    amount: SimpleMoney.of(d.amount, currencyCode),
    createdAt: d.createdAt,
    ratePercentage: d.ratePercentage,
    appliedBeforeTax: false,
    referenceId: d.discountCodeId,
    metafields: [],
    externalIds: [],
  });
}

export function toPaymentModel(p: OrderPaymentEntity): OrderPaymentModel {
  return Object.assign(new OrderPaymentModel(), {
    id: p.id,
    type: p.type,
    amount: SimpleMoney.of(p.amount, p.currencyCode),
    parentId: p.parentId,
    processorReference: p.processorReference,
    notes: p.notes,
    occurredAt: p.occurredAt,
  });
}

export function toStatusChangeModel(c: OrderStatusChangeEntity): OrderStatusChangeModel {
  return Object.assign(new OrderStatusChangeModel(), {
    kind: c.kind,
    status: c.toValue,
    previousStatus: c.fromValue,
    reason: c.reason,
    changedAt: c.changedAt,
  });
}
