import { Errors } from '@platform/errors';
import { codeOf, postInternal } from './internal-call';

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

export interface TaxEstimateTax {
  readonly rateId: string;
  readonly label: string;
  readonly percentage: string | null;
  readonly amount: number;
}

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

/**
 * The tax subgraph's calculation of a cart, through its internal route
 * (apps/tax-subgraph/src/modules/calculation/internal-tax-estimates.controller.ts).
 */
export class TaxEstimatesClient {
  constructor(
    private readonly baseUrl: string,
    private readonly credential: string,
  ) {}

  async estimate(storeId: string, request: TaxEstimateRequest): Promise<TaxEstimate> {
    const { status, body } = await postInternal(
      this.baseUrl,
      `/internal/v1/stores/${encodeURIComponent(storeId)}/tax-estimates`,
      this.credential,
      request,
      'the tax subgraph',
    );
    if (status !== 200)
      throw Errors.internal(`the tax subgraph refused the estimate (${status} ${codeOf(body) ?? ''})`);
    return body as TaxEstimate;
  }
}
