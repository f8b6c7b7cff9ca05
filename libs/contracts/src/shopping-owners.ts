// What the Shopping API (apps/shopping) asks the services that own what it sells, over their
// internal routes with the platform's internal credential (never their tables). One shape for the
// service that answers and the client that reads it. Money is integer minor units + ISO 4217.

import type { CatalogMoney } from './catalog-sku-prices';

// ---- catalog-subgraph: a store's catalog as UCP products (SKU group = product, SKU = variant) ----

/** POST /internal/v1/stores/{storeId}/shopping-products/search */
export interface StoreProductSearchRequest {
  /** Free text over the group's and its SKUs' names, codes and descriptions. */
  readonly query?: string;
  /** Category (list) ids or names; a product matches when it is in any of them. */
  readonly categories?: readonly string[];
  /** Inclusive bounds on a variant's price, minor units. */
  readonly priceMin?: number;
  readonly priceMax?: number;
  /** Opaque keyset cursor from the previous page; absent for the first page. */
  readonly cursor?: string;
  /** 1..100 */
  readonly limit: number;
}

export interface StoreProductSearchResponse {
  readonly products: readonly StoreProduct[];
  /** Cursor of the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** POST /internal/v1/stores/{storeId}/shopping-products/lookup: ids of SKU groups or SKUs, 1..100. */
export interface StoreProductLookupRequest {
  readonly ids: readonly string[];
}

/** The products the ids name (a SKU id yields its group, with all its variants); unknown ids are absent. */
export interface StoreProductLookupResponse {
  readonly products: readonly StoreProduct[];
}

export interface StoreProduct {
  /** The SKU group's id. */
  readonly id: string;
  readonly handle: string | null;
  readonly title: string;
  readonly description: string | null;
  /** The SKU group's status (ACTIVE, DRAFT, ARCHIVED…); a variant is sellable only when both are ACTIVE. */
  readonly status: string;
  readonly categories: readonly string[];
  readonly mediaUrls: readonly string[];
  readonly variants: readonly StoreVariant[];
}

export interface StoreVariant {
  /** The SKU's id (what a checkout line's item.id names). */
  readonly id: string;
  readonly code: string | null;
  readonly title: string;
  /** ACTIVE, DRAFT, ARCHIVED… as the catalog stores it. */
  readonly status: string;
  readonly price: CatalogMoney | null;
  readonly compareAtPrice: CatalogMoney | null;
  /** Units that can be reserved now; null when the SKU tracks no inventory (always available). */
  readonly available: number | null;
  readonly options: readonly { readonly name: string; readonly value: string }[];
  readonly mediaUrl: string | null;
}

/**
 * POST /internal/v1/stores/{storeId}/shopping-reservations: reserve every line or none.
 * Idempotent by `reference` (the same reference answers the same reservation).
 * 200 StoreReservation; 409 {code: 'OUT_OF_STOCK', skuIds} when any line cannot be reserved.
 */
export interface StoreReservationRequest {
  readonly reference: string;
  readonly lines: readonly { readonly skuId: string; readonly quantity: number }[];
  /** Lifetime of the reservation, seconds (the catalog's bounds). */
  readonly ttlSeconds?: number;
}

export interface StoreReservation {
  readonly reference: string;
  readonly reservationIds: readonly string[];
}

export interface StoreOutOfStock {
  readonly code: 'OUT_OF_STOCK';
  readonly skuIds: readonly string[];
}

// ---- order-subgraph: a store's cart priced as its storefront prices it, and the paid order ----

export interface StoreOrderAddress {
  readonly countryCode: string;
  readonly regionCode?: string | null;
  readonly postalCode?: string | null;
  readonly locality?: string | null;
  readonly line1?: string | null;
  readonly line2?: string | null;
  readonly firstName?: string | null;
  readonly lastName?: string | null;
  readonly phone?: string | null;
}

/** POST /internal/v1/stores/{storeId}/order-quotes: what the storefront cart would charge, nothing kept. */
export interface StoreOrderQuoteRequest {
  readonly lines: readonly { readonly skuId: string; readonly quantity: number }[];
  readonly discountCodes: readonly string[];
  /** Tax is estimated at this address; none → no tax. */
  readonly shippingAddress: StoreOrderAddress | null;
}

export interface StoreOrderQuoteLine {
  readonly skuId: string;
  readonly title: string;
  readonly quantity: number;
  readonly unitAmount: number;
  /** unitAmount × quantity */
  readonly subtotal: number;
  /** ≥ 0, the discount allocated to this line */
  readonly discount: number;
  readonly tax: number;
  readonly total: number;
  readonly imageUrl: string | null;
}

export interface StoreOrderQuote {
  readonly currencyCode: string;
  readonly lines: readonly StoreOrderQuoteLine[];
  readonly subtotal: number;
  /** ≥ 0 */
  readonly discountTotal: number;
  readonly taxTotal: number;
  readonly shippingTotal: number;
  readonly total: number;
  /** The codes applied, with what each took off (≥ 0). */
  readonly discounts: readonly { readonly code: string; readonly title: string; readonly amount: number }[];
  /** Why a line or a code could not be taken; the quote leaves them out. */
  readonly problems: readonly StoreOrderProblem[];
}

export interface StoreOrderProblem {
  /**
   * The storefront cart's own error codes: SKU_NOT_FOUND, SKU_NOT_PURCHASABLE (archived, not
   * ACTIVE, no price), ORDER_CURRENCY_MISMATCH (priced in another currency than the first line),
   * DISCOUNT_CODE_NOT_FOUND (unknown or archived), DISCOUNT_CODE_EXPIRED,
   * DISCOUNT_CODE_NOT_YET_VALID, DISCOUNT_CODE_DISABLED, DISCOUNT_CODE_CURRENCY_MISMATCH.
   */
  readonly code: string;
  readonly skuId?: string;
  readonly discountCode?: string;
  readonly message: string;
}

/**
 * POST /internal/v1/stores/{storeId}/paid-orders: the quote placed as an OPEN, paid order (its
 * payment recorded as today, so it becomes a commerce transaction). Idempotent by `reference`:
 * the same reference answers the order it made. 409 {code:'QUOTE_CHANGED', quote} when the
 * total differs from `expectedTotal`; 422 {code, problems} when a line or code cannot be taken.
 */
export interface StorePaidOrderRequest extends StoreOrderQuoteRequest {
  readonly reference: string;
  readonly expectedTotal: number;
  readonly buyer: {
    readonly email?: string | null;
    readonly firstName?: string | null;
    readonly lastName?: string | null;
    readonly phone?: string | null;
  } | null;
  readonly payment: { readonly method: string; readonly transactionReference: string };
}

export interface StorePaidOrder {
  readonly orderId: string;
  readonly number: string | null;
  readonly quote: StoreOrderQuote;
}

// ---- domains: availability, the buyer's payment profile, purchases ----

/** POST /internal/v1/domains/availability {domains: string[] (1..100)} */
export interface DomainAvailability {
  readonly domain: string;
  readonly available: boolean;
  /** Set when the name cannot be checked (bad name, unsupported TLD): a stable code. */
  readonly error: { readonly code: string; readonly message: string } | null;
}

/** GET /internal/v1/accounts/{accountId}/payment-profile */
export interface PaymentProfileStatus {
  readonly accountId: string;
  /** ACTIVE (charges succeed), DECLINING (charges are declined) or NONE. */
  readonly status: 'ACTIVE' | 'DECLINING' | 'NONE';
}

/**
 * POST /internal/v1/accounts/{accountId}/domain-purchases: registers `domain` for `periodYears`,
 * paid by the account's payment profile, idempotent by `reference` (same reference → same order).
 * 202 DomainPurchase; GET …/domain-purchases/{reference} → DomainPurchase.
 */
export interface DomainPurchaseRequest {
  readonly reference: string;
  readonly domain: string;
  readonly periodYears: number;
}

export interface DomainPurchase {
  readonly reference: string;
  readonly orderId: string;
  readonly domain: string;
  /** PENDING until the order settles. */
  readonly status: 'PENDING' | 'COMPLETED' | 'FAILED';
  /** Why it failed (a stable code), null otherwise. */
  readonly failureCode: string | null;
}

// ---- hosting: a hosting plan with its slots ----

/**
 * POST /internal/v1/accounts/{accountId}/hosting-plans: provisions an ACTIVE plan, idempotent by
 * `reference`. 201 (or 200 on replay) HostingPlan. The plan then takes apps through
 * PUT /v1/hosting/apps/{appId}/subscription {subscriptionId}.
 */
export interface HostingPlanRequest {
  readonly reference: string;
  /** e.g. WEB_HOSTING */
  readonly hostingProduct: string;
  readonly slotLimit: number;
}

export interface HostingPlan {
  readonly reference: string;
  readonly subscriptionId: string;
  readonly hostingProduct: string;
  readonly slotLimit: number;
  readonly status: string;
}
