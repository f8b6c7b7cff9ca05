import { registerEnumType } from '@nestjs/graphql';
import {
  FULFILLMENT_MODES,
  FULFILLMENT_STATUSES,
  LINE_ITEM_STATUS_INPUTS,
  LINE_ITEM_TYPES,
  MANUAL_PAYMENT_STATUSES,
  NOTE_AUTHOR_TYPES,
  ORDER_PAYMENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  ORDER_SORT_FIELDS,
  STATUS_KINDS,
} from '../order-model/order-statuses';

/** GraphQL enums from the domain's constant lists (one source of truth). Names are Order-prefixed
 * so they never collide with another subgraph's types in the supergraph. */
function enumOf<T extends string>(values: readonly T[]): Record<T, T> {
  return Object.fromEntries(values.map((v) => [v, v])) as Record<T, T>;
}

export const OrderStatusEnum = enumOf(ORDER_STATUSES);
export const OrderPaymentStatusEnum = enumOf(PAYMENT_STATUSES);
export const OrderManualPaymentStatusEnum = enumOf(MANUAL_PAYMENT_STATUSES);
export const OrderFulfillmentStatusEnum = enumOf(FULFILLMENT_STATUSES);
export const OrderFulfillmentModeEnum = enumOf(FULFILLMENT_MODES);
export const LineItemTypeEnum = enumOf(LINE_ITEM_TYPES);
export const LineItemStatusInputEnum = enumOf(LINE_ITEM_STATUS_INPUTS);
export const OrderMetafieldTypeEnum = enumOf(['JSON'] as const);
export const OrderNoteAuthorTypeEnum = enumOf(NOTE_AUTHOR_TYPES);
export const OrderStatusKindEnum = enumOf(STATUS_KINDS);
export const OrderPaymentTypeEnum = enumOf(ORDER_PAYMENT_TYPES);
export const OrderSortFieldEnum = enumOf(ORDER_SORT_FIELDS);
export const OrderSortDirectionEnum = enumOf(['ASC', 'DESC'] as const);

registerEnumType(OrderStatusEnum, {
  name: 'OrderStatus',
  description: 'DRAFT → OPEN → COMPLETED; DRAFT/OPEN (or COMPLETED with force) → CANCELED.',
});
registerEnumType(OrderPaymentStatusEnum, { name: 'OrderPaymentStatus' });
registerEnumType(OrderManualPaymentStatusEnum, {
  name: 'OrderManualPaymentStatus',
  description:
    'Payment statuses set by hand while no money is recorded; the rest follow recordPayment and refundOrder.',
});
registerEnumType(OrderFulfillmentStatusEnum, { name: 'OrderFulfillmentStatus' });
registerEnumType(OrderFulfillmentModeEnum, { name: 'OrderFulfillmentMode' });
registerEnumType(LineItemTypeEnum, { name: 'LineItemType' });
registerEnumType(OrderNoteAuthorTypeEnum, { name: 'OrderNoteAuthorType' });
registerEnumType(LineItemStatusInputEnum, {
  name: 'LineItemStatusInput',
  description: "A line's status as the public storefront graph sends it; DRAFT is stored as UNFULFILLED.",
});
registerEnumType(OrderMetafieldTypeEnum, { name: 'OrderMetafieldType' });
registerEnumType(OrderStatusKindEnum, {
  name: 'OrderStatusKind',
  description: 'Which of the three statuses changed.',
});
registerEnumType(OrderPaymentTypeEnum, { name: 'OrderPaymentType' });
registerEnumType(OrderSortFieldEnum, { name: 'OrderSortField' });
registerEnumType(OrderSortDirectionEnum, { name: 'OrderSortDirection' });
