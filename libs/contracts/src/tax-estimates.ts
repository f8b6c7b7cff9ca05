// The tax subgraph's internal estimate route (POST /internal/v1/stores/{storeId}/tax-estimates,
// apps/tax-subgraph/src/modules/calculation/internal-tax-estimates.controller.ts), which the order
// subgraph's storefront taxes carts with: one shape for the service that answers and the client.

/** A cart to tax: unit amounts in minor units, at one address. */
export interface TaxEstimateRequest {
  readonly address: {
    readonly countryCode: string;
    readonly regionCode?: string | null;
    readonly postalCode?: string | null;
  };
  readonly taxExempt: boolean;
  readonly lines: readonly {
    readonly id: string;
    readonly amount: { readonly value: number; readonly currencyCode: string };
    readonly quantity: number;
    readonly skuId: string | null;
  }[];
}

/** One rate's tax, of a line or summed over the cart, in minor units. */
export interface TaxEstimateTax {
  readonly rateId: string;
  readonly label: string;
  readonly percentage: string | null;
  readonly amount: number;
}

/** The estimate (the calculation of estimateTaxes, nothing recorded). */
export interface TaxEstimate {
  readonly currencyCode: string;
  readonly taxTotal: number;
  readonly lines: readonly {
    readonly id: string | null;
    readonly taxTotal: number;
    readonly taxes: readonly TaxEstimateTax[];
  }[];
  readonly taxes: readonly TaxEstimateTax[];
}
