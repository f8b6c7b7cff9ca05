import type { UcpMessage, UcpProduct } from '../ucp/ucp-types';

/**
 * Who sells: the platform itself (its domain registrations and hosting plans, at /v1/shopping) or
 * one store (its catalog, at /v1/shopping/stores/{storeId}). One checkout engine serves both;
 * what differs lives behind Business.
 */
export type BusinessKey =
  { readonly kind: 'platform' } | { readonly kind: 'store'; readonly storeId: string };

/** The caller as the engine sees it: the token's account, and its bearer token for owner calls. */
export interface Buyer {
  readonly accountId: string;
  readonly tokenId: string;
}

export interface CatalogSearchQuery {
  readonly query?: string;
  /** The platform's domain search (GoDaddy's extension): 1..100 names. */
  readonly domains?: readonly string[];
  readonly categories?: readonly string[];
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly currency?: string;
  readonly cursor?: string;
  readonly limit: number;
}

export interface CatalogPage {
  readonly products: readonly UcpProduct[];
  readonly nextCursor: string | null;
  readonly messages: readonly UcpMessage[];
}

/** A checkout's lines and inputs as the business prices them. */
export interface PricingInput {
  readonly lines: readonly { readonly lineId: string; readonly itemId: string; readonly quantity: number }[];
  readonly discountCodes: readonly string[];
  /** Where tax is computed (store businesses); null → no address yet. */
  readonly address: {
    readonly country: string;
    readonly region?: string;
    readonly postalCode?: string;
    readonly locality?: string;
    readonly street?: string;
  } | null;
  /** The buyer's currency preference (context.currency); the business decides. */
  readonly currencyPreference?: string;
}

export interface PricedLine {
  readonly lineId: string;
  readonly itemId: string;
  readonly title: string;
  readonly imageUrl?: string;
  readonly quantity: number;
  /** Unit price, minor units. */
  readonly unitAmount: number;
  /** ≥ 0, discount allocated to the line. */
  readonly discount: number;
  readonly tax: number;
}

export interface PricedCart {
  readonly currency: string;
  readonly lines: readonly PricedLine[];
  readonly subtotal: number;
  /** ≥ 0 (rendered negative). */
  readonly discountTotal: number;
  readonly taxTotal: number;
  readonly total: number;
  readonly appliedDiscounts: readonly {
    readonly code: string;
    readonly title: string;
    readonly amount: number;
  }[];
  /** Per-line / per-code problems: unknown item, out of stock, bad code…; `path` names the input. */
  readonly messages: readonly UcpMessage[];
  /** Lines that could not be priced (unknown/unavailable item): their ids. */
  readonly droppedLineIds: readonly string[];
  /**
   * Priced lines the business cannot supply now (out of stock): kept in the checkout with an
   * out_of_stock message, but a create whose every line is one of these makes nothing.
   */
  readonly outOfStockLineIds?: readonly string[];
}

/** What a business needs to know about the checkout it completes. */
export interface CompletionInput {
  readonly checkoutId: string;
  readonly buyer: Buyer;
  readonly priced: PricedCart;
  readonly discountCodes: readonly string[];
  readonly address: PricingInput['address'];
  readonly buyerDetails: {
    readonly email?: string;
    readonly firstName?: string;
    readonly lastName?: string;
    readonly phone?: string;
  } | null;
  /** The selected instrument's handler and credential token (sandbox card handler). */
  readonly payment: {
    readonly handlerId: string;
    readonly instrumentId: string;
    readonly token: string | null;
  };
}

export type CompletionResult =
  | {
      readonly ok: true;
      /** The shopping order's line statuses start here (processing while provisioning). */
      readonly lineStatus: 'processing' | 'fulfilled';
      /** The owner's order id (order subgraph) when there is one. */
      readonly externalOrderId: string | null;
    }
  | { readonly ok: false; readonly messages: readonly UcpMessage[] };

/** A payment handler as a profile and a checkout's `ucp.payment_handlers` declare it. */
export interface PaymentHandlerDeclaration {
  readonly key: string;
  readonly id: string;
  readonly version: string;
  readonly spec: string;
  readonly schema: string;
  readonly available_instruments: readonly {
    readonly type: string;
    readonly constraints?: Record<string, unknown>;
  }[];
  readonly config?: Record<string, unknown>;
}

/** What a checkout still needs from the buyer before it can complete (business rules). */
export interface ReadinessInput {
  readonly accountId: string;
  readonly checkoutId: string;
  readonly buyer: { readonly email?: string } | null;
  readonly context: { readonly address_country?: string } | null;
}

/** One seller: its catalog, its prices, its payment, its way of fulfilling an order. */
export interface Business {
  readonly key: BusinessKey;
  search(query: CatalogSearchQuery): Promise<CatalogPage>;
  lookup(ids: readonly string[]): Promise<{ products: UcpProduct[]; missing: string[] }>;
  product(id: string): Promise<UcpProduct | undefined>;
  price(input: PricingInput): Promise<PricedCart>;
  /** Messages that keep a checkout incomplete or send it to the buyer (requires_escalation). */
  readiness(input: ReadinessInput): Promise<UcpMessage[]>;
  paymentHandlers(): readonly PaymentHandlerDeclaration[];
  complete(input: CompletionInput): Promise<CompletionResult>;
}
