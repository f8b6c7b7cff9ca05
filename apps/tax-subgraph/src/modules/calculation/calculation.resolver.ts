import { Args, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { InputArg, SimpleMoney } from '@platform/graphql-subgraph';
import { TAX_SCOPES } from '../../auth/tax-scopes';
import { MutationCalculateTaxesInput, QueryEstimateTaxesInput } from './calculation.input';
import {
  CalculationLine,
  CalculationResult,
  CalculationTax,
  TaxExemption,
  TaxRoundingMode,
} from './calculation.model';
import { CalculationService } from './calculation.service';
import type { CalculationResult as EngineResult, LineTax, RateSummary } from './tax-calculator';
import { StoreId } from '@platform/commerce-graphql';

function toTax(tax: LineTax | RateSummary, currency: string): CalculationTax {
  return Object.assign(new CalculationTax(), {
    rateId: tax.rateId,
    label: tax.label,
    jurisdictionId: tax.jurisdictionId,
    percentage: tax.percentage,
    fixedAmount:
      'fixedAmount' in tax && tax.fixedAmount !== null ? SimpleMoney.of(tax.fixedAmount, currency) : null,
    taxableAmount: SimpleMoney.of(tax.taxableAmount, currency),
    amount: SimpleMoney.of(tax.amount, currency),
  });
}

function toResult(result: EngineResult, id: string | null, channelId: string | null): CalculationResult {
  const money = (value: bigint) => SimpleMoney.of(value, result.currency);
  return Object.assign(new CalculationResult(), {
    id,
    channelId,
    currencyCode: result.currency,
    subtotal: money(result.subtotal),
    taxTotal: money(result.taxTotal),
    total: money(result.total),
    lines: result.lines.map((line) =>
      Object.assign(new CalculationLine(), {
        index: line.index,
        id: line.ref,
        classificationId: line.classificationId,
        overrideId: line.overrideId,
        exemption: line.exemption as TaxExemption | null,
        subtotal: money(line.subtotal),
        taxTotal: money(line.taxTotal),
        total: money(line.subtotal + line.taxTotal),
        taxes: line.taxes.map((t) => toTax(t, result.currency)),
      }),
    ),
    taxes: result.taxes.map((t) => toTax(t, result.currency)),
    jurisdictionIds: result.jurisdictionIds,
    roundingMode: TaxRoundingMode.HALF_UP_PER_LINE,
  });
}

/** Tax of a basket: estimateTaxes (a query, nothing kept) and calculateTaxes (recorded). */
@Resolver(() => CalculationResult)
export class CalculationResolver {
  constructor(private readonly calculations: CalculationService) {}

  @Query(() => CalculationResult, {
    nullable: true,
    description:
      'Computes the tax of a basket for an address without recording it (rules and rounding: docs/tax.md).',
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async estimateTaxes(
    @StoreId() storeId: string,
    @InputArg('input', QueryEstimateTaxesInput) input: QueryEstimateTaxesInput,
  ): Promise<CalculationResult> {
    return toResult(await this.calculations.estimate(storeId, input), null, null);
  }

  @Mutation(() => CalculationResult, {
    nullable: true,
    description:
      'Computes the tax of a basket and records the calculation (its id can be kept on the order).',
  })
  @RequiresScopes(...TAX_SCOPES.create)
  async calculateTaxes(
    @StoreId() storeId: string,
    @Args('channelId', { type: () => ID }) channelId: string,
    @InputArg('input', MutationCalculateTaxesInput) input: MutationCalculateTaxesInput,
  ): Promise<CalculationResult> {
    const { id, result } = await this.calculations.record(storeId, channelId.slice(0, 64), input);
    return toResult(result, id, channelId);
  }
}
