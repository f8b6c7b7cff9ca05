/**
 * The order model's enumerations (public counterpart: Order Service 1.11.0, docs/orders.md).
 * Pure constants: shared by entities, services and the GraphQL enums.
 */

export const ORDER_STATUSES = ['DRAFT', 'OPEN', 'COMPLETED', 'CANCELED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'NONE',
  'PENDING',
  'PROCESSING',
  'PARTIALLY_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'CANCELED',
  'EXTERNALLY_PROCESSED',
  'FAILED',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Payment statuses a caller may set by hand; the others follow from recorded payments and refunds. */
export const MANUAL_PAYMENT_STATUSES = [
  'NONE',
  'PENDING',
  'PROCESSING',
  'EXTERNALLY_PROCESSED',
  'FAILED',
] as const;
export type ManualPaymentStatus = (typeof MANUAL_PAYMENT_STATUSES)[number];

export const FULFILLMENT_STATUSES = [
  'UNFULFILLED',
  'ON_HOLD',
  'AWAITING',
  'CONFIRMED',
  'IN_PROGRESS',
  'PARTIALLY_FULFILLED',
  'FULFILLED',
  'PARTIALLY_RETURNED',
  'RETURNED',
  'CANCELED',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export const FULFILLMENT_MODES = [
  'NONE',
  'PICKUP',
  'SHIP',
  'CURBSIDE',
  'DELIVERY',
  'DRIVE_THRU',
  'FOR_HERE',
  'TO_GO',
  'DIGITAL',
  'PURCHASE',
  // The public storefront graph's other modes (LineItemModeInput), stored as given.
  'GENERAL_CONTAINER',
  'QUICK_STAY',
  'REGULAR_STAY',
  'NON_LODGING_NRR',
  'NON_LODGING_SALE',
  'GIFT_CARD',
] as const;
export type FulfillmentMode = (typeof FULFILLMENT_MODES)[number];

export const LINE_ITEM_TYPES = ['PHYSICAL', 'DIGITAL', 'SERVICE', 'STAY', 'PAY_LINK', 'ALL'] as const;
export type LineItemType = (typeof LINE_ITEM_TYPES)[number];

/** A line's status as the public storefront graph sends it (LineItemStatusInput): DRAFT is stored as UNFULFILLED. */
export const LINE_ITEM_STATUS_INPUTS = [...FULFILLMENT_STATUSES, 'DRAFT'] as const;
export type LineItemStatusInput = (typeof LINE_ITEM_STATUS_INPUTS)[number];

export const NOTE_AUTHOR_TYPES = ['NONE', 'MERCHANT', 'CUSTOMER'] as const;
export type NoteAuthorType = (typeof NOTE_AUTHOR_TYPES)[number];

/** Which of the three statuses a history entry records. */
export const STATUS_KINDS = ['STATUS', 'PAYMENT_STATUS', 'FULFILLMENT_STATUS'] as const;
export type StatusKind = (typeof STATUS_KINDS)[number];

/** Payment ledger entries the order subgraph records (and publishes as transactions). */
export const ORDER_PAYMENT_TYPES = ['SALE', 'REFUND'] as const;
export type OrderPaymentType = (typeof ORDER_PAYMENT_TYPES)[number];

/** The orders lists' sort keys (OrderSortField). */
export const ORDER_SORT_FIELDS = ['CREATED_AT', 'UPDATED_AT', 'PROCESSED_AT', 'NUMBER', 'TOTAL'] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
