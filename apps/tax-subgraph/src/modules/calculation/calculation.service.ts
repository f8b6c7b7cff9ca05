import { Injectable } from '@nestjs/common';
import { SubgraphErrors, fitsGraphQLInt, isUuid, nowMs } from '@platform/graphql-subgraph';
import { ClassificationErrors } from '../classifications/classifications.errors';
import { ClassificationsService } from '../classifications/classifications.service';
import { percentageMicroFromNumeric } from '../rates/percentage';
import type { RateEntity } from '../rates/rate.entity';
import type { MemberKind } from '../relations/member-kind';
import { CalculationErrors } from './calculation.errors';
import { CalculationRepository, LinkOwner } from './calculation.repository';
import type { MutationCalculateTaxesInput } from './calculation.input';
import {
  Basket,
  CalcRate,
  CalculationError,
  CalculationResult,
  MemberLink,
  TaxData,
  calculateTax,
} from './tax-calculator';

function toCalcRate(rate: RateEntity): CalcRate {
  return {
    id: rate.id,
    label: rate.label,
    jurisdictionId: rate.jurisdictionId,
    percentageMicro: rate.percentage === null ? null : percentageMicroFromNumeric(rate.percentage),
    amount:
      rate.amountValue === null || rate.amountCurrency === null
        ? null
        : { value: BigInt(rate.amountValue), currency: rate.amountCurrency },
  };
}

/** The result with every bigint as a decimal string, for the jsonb record. */
function toJson(result: CalculationResult): object {
  return JSON.parse(
    JSON.stringify(result, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}

/**
 * Loads exactly the tax data a basket needs (about six indexed queries, whatever the number of
 * lines) and hands it to the pure engine; `record` also keeps the calculation.
 */
@Injectable()
export class CalculationService {
  constructor(
    private readonly calculations: CalculationRepository,
    private readonly classifications: ClassificationsService,
  ) {}

  async estimate(storeId: string, input: MutationCalculateTaxesInput): Promise<CalculationResult> {
    const basket = this.basketOf(input);
    const data = await this.load(storeId, basket);
    let result: CalculationResult;
    try {
      result = calculateTax(basket, data);
    } catch (e) {
      if (!(e instanceof CalculationError)) throw e;
      if (e.failure.kind === 'currency-mismatch') throw CalculationErrors.currencyMismatch();
      throw CalculationErrors.rateCurrencyMismatch(
        e.failure.rateId,
        e.failure.rateCurrency,
        basket.lines[0].currency,
      );
    }
    const amounts = [
      result.subtotal,
      result.taxTotal,
      result.total,
      ...result.lines.flatMap((l) => [
        l.subtotal,
        l.taxTotal,
        l.subtotal + l.taxTotal,
        ...l.taxes.map((t) => t.amount),
      ]),
    ];
    if (!amounts.every(fitsGraphQLInt)) throw CalculationErrors.amountOutOfRange();
    return result;
  }

  async record(
    storeId: string,
    channelId: string,
    input: MutationCalculateTaxesInput,
  ): Promise<{ id: string; result: CalculationResult }> {
    const result = await this.estimate(storeId, input);
    const id = await this.calculations.insertCalculation({
      storeId,
      channelId,
      currency: result.currency,
      subtotal: result.subtotal.toString(),
      taxTotal: result.taxTotal.toString(),
      request: JSON.parse(JSON.stringify(input)) as object,
      result: toJson(result),
      createdAt: nowMs(),
    });
    return { id, result };
  }

  private basketOf(input: MutationCalculateTaxesInput): Basket {
    input.lines.forEach((line, i) => {
      if (line.amount.value < 0) {
        throw SubgraphErrors.badField(
          ['lines', i, 'amount', 'value'],
          'OUT_OF_RANGE',
          'a line amount cannot be negative',
          line.amount.value,
        );
      }
    });
    return {
      address: input.address,
      taxExempt: input.taxExempt ?? false,
      exemptJurisdictionIds: (input.exemptJurisdictionIds ?? []).map((id) => id.toLowerCase()),
      lines: input.lines.map((line) => ({
        ref: line.id ?? null,
        unitAmount: BigInt(line.amount.value),
        quantity: BigInt(line.quantity),
        currency: line.amount.currencyCode,
        classificationId: line.classificationId?.toLowerCase() ?? null,
        skuId: line.skuId ?? null,
        skuGroupIds: line.skuGroupIds ?? [],
        listIds: line.listIds ?? [],
      })),
    };
  }

  private async load(storeId: string, basket: Basket): Promise<TaxData> {
    const named = [...new Set(basket.lines.flatMap((l) => (l.classificationId ? [l.classificationId] : [])))];
    if (named.some((id) => !isUuid(id)))
      throw ClassificationErrors.notFound(named.find((id) => !isUuid(id)) ?? '');
    await this.classifications.rows.assertExist(storeId, named);

    const wanted = new Set(
      basket.lines.flatMap((l) => [
        ...(l.skuId ? [`SKU:${l.skuId}`] : []),
        ...l.skuGroupIds.map((id) => `SKU_GROUP:${id}`),
        ...l.listIds.map((id) => `LIST:${id}`),
      ]),
    );
    const memberIds = [...new Set([...wanted].map((key) => key.slice(key.indexOf(':') + 1)))];
    const [jurisdictions, classificationMembers, overrideMembers] = await Promise.all([
      this.calculations.findJurisdictionsOfCountry(storeId, basket.address.countryCode.toUpperCase()),
      this.members('CLASSIFICATION', storeId, memberIds, wanted),
      this.members('OVERRIDE', storeId, memberIds, wanted),
    ]);

    const classificationIds = [...new Set([...named, ...classificationMembers.map((m) => m.ownerId)])];
    const overrideIds = [...new Set(overrideMembers.map((m) => m.ownerId))];
    const [classificationRows, classificationRates, overrideRows, overrideRates] = await Promise.all([
      classificationIds.length ? this.calculations.findClassifications(storeId, classificationIds) : [],
      this.activeRates('CLASSIFICATION', storeId, classificationIds),
      overrideIds.length ? this.calculations.findActiveOverrides(storeId, overrideIds) : [],
      this.activeRates('OVERRIDE', storeId, overrideIds),
    ]);

    return {
      jurisdictions,
      classifications: new Map(
        classificationRows.map((c) => [
          c.id,
          { id: c.id, createdAt: c.createdAt, rates: classificationRates.get(c.id) ?? [] },
        ]),
      ),
      classificationMembers,
      overrides: new Map(
        overrideRows.map((o) => [
          o.id,
          {
            id: o.id,
            type: o.type,
            jurisdictionId: o.jurisdictionId,
            createdAt: o.createdAt,
            rates: overrideRates.get(o.id) ?? [],
          },
        ]),
      ),
      overrideMembers,
    };
  }

  private async members(
    owner: LinkOwner,
    storeId: string,
    memberIds: readonly string[],
    wanted: ReadonlySet<string>,
  ): Promise<MemberLink[]> {
    if (memberIds.length === 0) return [];
    const rows = await this.calculations.findMemberLinks(owner, storeId, memberIds);
    return rows
      .filter((r) => wanted.has(`${r.kind}:${r.memberId}`))
      .map((r) => ({ ownerId: r.ownerId, kind: r.kind as MemberKind, memberId: r.memberId }));
  }

  private async activeRates(
    owner: LinkOwner,
    storeId: string,
    ownerIds: readonly string[],
  ): Promise<Map<string, CalcRate[]>> {
    if (ownerIds.length === 0) return new Map();
    const links = await this.calculations.findActiveRateLinks(owner, storeId, ownerIds);
    const byOwner = new Map<string, CalcRate[]>();
    for (const link of links) {
      const list = byOwner.get(link.ownerId) ?? [];
      list.push(toCalcRate(link.rate as RateEntity));
      byOwner.set(link.ownerId, list);
    }
    return byOwner;
  }
}
