import { SimpleMoney } from '@platform/graphql-subgraph';
import type { LineItemEntity } from './line-item.entity';
import type { OrderDiscountEntity } from './order-discount.entity';
import type { OrderNoteEntity } from './order-note.entity';
import type { OrderPaymentEntity } from './order-payment.entity';
import type { OrderStatusChangeEntity } from './order-status-change.entity';
import type { OrderEntity } from './order.entity';
import {
  LineItemModel,
  OrderDiscountModel,
  OrderModel,
  OrderNoteModel,
  OrderPaymentModel,
  OrderStatusChangeModel,
} from './order.model';

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
      subTotal: money(l.subTotal),
      discountTotal: money(l.discountTotal),
      taxTotal: money(l.taxTotal),
      total: money(l.total),
    },
    fulfillmentMode: l.fulfillmentMode,
    status: l.status,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
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
  });
}

export function toDiscountModel(d: OrderDiscountEntity, currencyCode: string): OrderDiscountModel {
  return Object.assign(new OrderDiscountModel(), {
    id: d.id,
    name: d.name,
    code: d.code,
    amount: SimpleMoney.of(d.amount, currencyCode),
    createdAt: d.createdAt,
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
