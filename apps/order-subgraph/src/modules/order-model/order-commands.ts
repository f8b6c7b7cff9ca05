import type { LineItemDetailsData, LineItemNoteData } from './line-item.entity';
import type { OrderContact, StoredMetafield } from './order.entity';
import type {
  FulfillmentMode,
  FulfillmentStatus,
  LineItemType,
  ManualPaymentStatus,
  NoteAuthorType,
} from './order-statuses';

/**
 * What the order services take: plain values, no GraphQL types (the resolvers map their inputs to
 * these). Money is `{ value, currencyCode }` in minor units; every amount of an order must be in
 * the order's currency. In patches `undefined` keeps a field, `null` clears it.
 */
export interface Money {
  readonly value: number;
  readonly currencyCode: string;
}

export interface NewLineItem {
  readonly type?: LineItemType;
  readonly name: string;
  readonly skuId?: string | null;
  readonly quantity: number;
  readonly unitAmount: Money;
  readonly discountAmount?: Money | null;
  readonly taxAmount?: Money | null;
  readonly fulfillmentMode?: FulfillmentMode;
  /** The public graph's line fields the order subgraph stores. */
  readonly extras?: LineExtras;
}

/** Stored line fields beyond the amounts (storefront lines). */
export interface LineExtras {
  readonly taxable?: boolean;
  readonly status?: FulfillmentStatus;
  readonly details?: LineItemDetailsData | null;
  readonly externalId?: string | null;
  readonly fulfillmentChannelId?: string | null;
  readonly metafields?: StoredMetafield[] | null;
  readonly notes?: LineItemNoteData[] | null;
  readonly tags?: string[] | null;
  readonly shipping?: OrderContact | null;
  readonly serviceStartAt?: Date | null;
  readonly serviceEndsAt?: Date | null;
}

export interface LineItemPatch {
  readonly name?: string;
  readonly quantity?: number;
  readonly unitAmount?: Money;
  readonly discountAmount?: Money | null;
  readonly taxAmount?: Money | null;
  readonly fulfillmentMode?: FulfillmentMode;
  readonly status?: FulfillmentStatus;
}

export interface NewNote {
  readonly content: string;
  readonly shouldNotifyCustomer?: boolean;
  readonly authorType?: NoteAuthorType;
  readonly referenceId?: string | null;
  readonly metafields?: readonly { key: string; value: string; type?: 'JSON' }[] | null;
  readonly externalIds?: readonly { type: string; value: string }[] | null;
}

export interface NewOrder {
  readonly currencyCode: string;
  readonly channelId?: string | null;
  readonly customerId?: string | null;
  readonly lineItems: readonly NewLineItem[];
  readonly billing?: OrderContact | null;
  readonly shipping?: OrderContact | null;
  readonly shippingAmount?: Money | null;
  readonly tags?: readonly string[];
  readonly notes?: readonly NewNote[];
  readonly processedAt?: Date | null;
  readonly externalId?: string | null;
  readonly cartId?: string | null;
  /** The placing service's reference of a paid order (one order per reference and store). */
  readonly placementReference?: string | null;
  readonly metafields?: readonly { key: string; value: string; type?: 'JSON' }[] | null;
  readonly taxExempted?: boolean;
}

export interface OrderPatch {
  readonly channelId?: string | null;
  readonly customerId?: string | null;
  readonly billing?: OrderContact | null;
  readonly shipping?: OrderContact | null;
  readonly shippingAmount?: Money | null;
  readonly tags?: readonly string[];
  readonly processedAt?: Date;
}

export interface CancelOrder {
  /** Allows cancelling a COMPLETED order and refunds every payment not yet refunded. */
  readonly force?: boolean;
  readonly reason?: string | null;
}

export interface NewPayment {
  readonly amount: Money;
  readonly processorReference?: string | null;
  readonly notes?: string | null;
}

export interface NewRefund {
  /** Default: everything paid and not yet refunded. */
  readonly amount?: Money | null;
  readonly notes?: string | null;
}

export interface NewDiscount {
  readonly name: string;
  readonly code?: string | null;
  readonly amount: Money;
}

/** Who writes (notes remember it). */
export interface Actor {
  readonly accountId: string;
}

/** Which of the two graph paths an operation came by (docs/graphql.md, "Order storefront"). */
export type OrderPath = 'admin' | 'storefront';

/** Notes as the public graph's NoteInput gives them. */
export type NoteList = readonly {
  content: string;
  authorType?: 'NONE' | 'MERCHANT' | 'CUSTOMER';
  referenceId?: string;
}[];

/** Metafields as given (type defaults to JSON). */
export type MetafieldList = readonly { key: string; value: string; type?: 'JSON' }[];

/** A change of one line (updateLineItemById, updateDraftOrder's lineItems.update). */
export interface LineChange {
  readonly id: string;
  readonly name?: string;
  readonly quantity?: number;
  readonly skuId?: string;
  readonly type?: LineItemType;
  readonly fulfillmentMode?: FulfillmentMode;
  readonly status?: FulfillmentStatus;
  readonly externalId?: string;
  readonly fulfillmentChannelId?: string;
  readonly notes?: NoteList;
  readonly shipping?: OrderContact;
  readonly details?: LineItemDetailsData;
  readonly tags?: string[];
  readonly serviceStartAt?: Date;
  readonly serviceEndsAt?: Date;
  readonly metafields?: MetafieldList;
  /** The admin path's price overrides; the storefront path refuses them. */
  readonly unitAmount?: Money;
  readonly discountAmount?: Money | null;
  readonly taxAmount?: Money | null;
}

/** A line as addDraftOrder / updateDraftOrder take it (the public CreateDraftLineItemInput). */
export interface DraftLine extends Omit<NewLineItem, 'extras'> {
  readonly externalId?: string;
  readonly notes?: NoteList;
  readonly shipping?: OrderContact;
  readonly details?: LineItemDetailsData;
  readonly tags?: string[];
  readonly serviceStartAt?: Date;
  readonly serviceEndsAt?: Date;
  readonly metafields?: MetafieldList;
}

export type { FulfillmentStatus, ManualPaymentStatus };
