import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { InternalRoute } from '@platform/auth';
import type { TaxEstimate, TaxEstimateTax } from '@platform/contracts';
import type { MutationCalculateTaxesInput } from './calculation.input';
import { CalculationService } from './calculation.service';
import { TaxEstimatesParams, TaxEstimatesRequest } from './internal-tax-estimates.request';
import type { LineTax, RateSummary } from './tax-calculator';

const taxOf = (t: LineTax | RateSummary): TaxEstimateTax => ({
  rateId: t.rateId,
  label: t.label,
  percentage: t.percentage,
  amount: Number(t.amount),
});

/**
 * The tax of an order storefront's cart: the same calculation as estimateTaxes (nothing kept),
 * for the order subgraph, with the platform's internal credential instead of a caller's token.
 */
@Controller('internal/v1/stores/:storeId/tax-estimates')
export class InternalTaxEstimatesController {
  constructor(private readonly calculations: CalculationService) {}

  @Post()
  @HttpCode(200)
  @InternalRoute()
  async estimate(
    @Param() params: TaxEstimatesParams,
    @Body() body: TaxEstimatesRequest,
  ): Promise<TaxEstimate> {
    const input: MutationCalculateTaxesInput = {
      address: {
        countryCode: body.address.countryCode.toUpperCase(),
        regionCode: body.address.regionCode ?? null,
        postalCode: body.address.postalCode ?? null,
      },
      lines: body.lines.map((l) => ({
        id: l.id,
        amount: l.amount,
        quantity: l.quantity,
        skuId: l.skuId ?? null,
      })),
      taxExempt: body.taxExempt ?? false,
    };
    const result = await this.calculations.estimate(params.storeId.toLowerCase(), input);
    return {
      currencyCode: result.currency,
      taxTotal: Number(result.taxTotal),
      lines: result.lines.map((l) => ({
        id: l.ref,
        taxTotal: Number(l.taxTotal),
        taxes: l.taxes.map(taxOf),
      })),
      taxes: result.taxes.map(taxOf),
    };
  }
}
