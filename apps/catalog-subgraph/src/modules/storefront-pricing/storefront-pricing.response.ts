/** One SKU as a cart needs it (the order subgraph's catalog-pricing client reads this shape). */
export interface SkuPriceResponse {
  readonly id: string;
  readonly name: string;
  readonly code: string | null;
  /** ACTIVE, DRAFT, ARCHIVED… as the catalog stores it. */
  readonly status: string;
  /** Integer minor units and currency, or null when the SKU has no price. */
  readonly price: { readonly value: number; readonly currencyCode: string } | null;
  readonly compareAtPrice: { readonly value: number; readonly currencyCode: string } | null;
  /** Default true when the SKU does not say. */
  readonly taxable: boolean;
  /** URL of the SKU's first media object. */
  readonly mediaUrl: string | null;
  /** The catalog has no unit of measure field: always null for now. */
  readonly unitOfMeasure: string | null;
}

/** The SKUs of the request the store has; unknown ids are absent. */
export interface SkuPricesResponse {
  readonly skus: SkuPriceResponse[];
}
