import { errorCodeOf, postInternal } from '@platform/auth';
import type { TaxEstimate, TaxEstimateRequest } from '@platform/contracts';
import { Errors } from '@platform/errors';

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
      { baseUrl: this.baseUrl, credential: this.credential },
      `/internal/v1/stores/${encodeURIComponent(storeId)}/tax-estimates`,
      request,
      'the tax subgraph',
    );
    if (status !== 200)
      throw Errors.internal(`the tax subgraph refused the estimate (${status} ${errorCodeOf(body) ?? ''})`);
    return body as TaxEstimate;
  }
}
