// The catalog's internal SKU price route (POST /internal/v1/stores/{storeId}/sku-prices, served by
// apps/catalog-subgraph/src/modules/storefront-pricing), which the order subgraph's storefront
// prices cart lines from: one shape for the service that answers and the client that reads it.

/** Integer minor units and an ISO 4217 currency. */
export interface CatalogMoney {
  readonly value: number;
  readonly currencyCode: string;
}

/** One SKU as a cart needs it. */
export interface CatalogSkuPrice {
  readonly id: string;
  readonly name: string;
  readonly code: string | null;
  /** ACTIVE, DRAFT, ARCHIVED… as the catalog stores it. */
  readonly status: string;
  /** The SKU's current price (its base price record, else its own price); null without one. */
  readonly price: CatalogMoney | null;
  readonly compareAtPrice: CatalogMoney | null;
  /** Default true when the SKU does not say. */
  readonly taxable: boolean;
  /** URL of the SKU's first media object. */
  readonly mediaUrl: string | null;
  /** The catalog has no unit of measure field: always null for now. */
  readonly unitOfMeasure: string | null;
}

/** The SKUs of the request the store has; unknown ids are absent. */
export interface CatalogSkuPricesResponse {
  readonly skus: CatalogSkuPrice[];
}
