import { Injectable } from '@nestjs/common';
import { Page, SubgraphErrors, groupBy } from '@platform/graphql-subgraph';
import { CrudService, StatusService } from '../records/crud';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { ReferencesRepository } from '../references/references.repository';
import { definedOnly, required } from '../records/updates';
import { TaxRecordsService } from '../records/tax-records.service';
import { parsePercentage, percentageToNumeric } from './percentage';
import { RateEntity } from './rate.entity';
import { RatesRepository } from './rates.repository';
import {
  MutationCreateRateInput,
  MutationUpdateRateInput,
  QueryRatesArgs,
  RateValueInput,
} from './rate.input';

type RateValueColumns = Pick<RateEntity, 'percentage' | 'amountValue' | 'amountCurrency'>;

/**
 * The rate's value from its input, validated exactly: one of a percentage (decimal string,
 * 0–100, ≤ 6 decimals, stored as numeric and never through a float) or a fixed amount ≥ 0.
 */
export function rateValueColumns(
  value: RateValueInput,
  path: readonly string[] = ['value'],
): RateValueColumns {
  const hasPercentage = value.percentage != null;
  const hasAmount = value.amount != null;
  if (hasPercentage === hasAmount) {
    throw SubgraphErrors.badField(
      path,
      'INVALID_VALUE',
      'give exactly one of value.percentage and value.amount',
    );
  }
  if (hasPercentage) {
    const parsed = parsePercentage(value.percentage as string);
    if (!parsed.ok)
      throw SubgraphErrors.badField([...path, 'percentage'], parsed.code, parsed.message, value.percentage);
    return { percentage: percentageToNumeric(parsed.micro), amountValue: null, amountCurrency: null };
  }
  const amount = value.amount as NonNullable<RateValueInput['amount']>;
  if (amount.value < 0) {
    throw SubgraphErrors.badField(
      [...path, 'amount', 'value'],
      'OUT_OF_RANGE',
      'a fixed rate amount cannot be negative',
      amount.value,
    );
  }
  return { percentage: null, amountValue: amount.value, amountCurrency: amount.currencyCode };
}

/** Rates of a store: CRUD, activation, and the batched reads of the field resolvers. */
@Injectable()
export class RatesService
  extends TaxRecordsService<RateEntity, RatesRepository>
  implements
    CrudService<RateEntity, MutationCreateRateInput, MutationUpdateRateInput, QueryRatesArgs>,
    StatusService<RateEntity>
{
  constructor(
    rows: RatesRepository,
    private readonly jurisdictions: JurisdictionsService,
    private readonly references: ReferencesRepository,
  ) {
    super(rows);
  }

  /** Rates of each jurisdiction, oldest first (Jurisdiction.rates). */
  async forJurisdictions(
    storeId: string,
    jurisdictionIds: readonly string[],
  ): Promise<Map<string, RateEntity[]>> {
    const rows = await this.rows.findForJurisdictions(storeId, jurisdictionIds);
    return groupBy(rows, (r) => r.jurisdictionId as string);
  }

  list(storeId: string, args: QueryRatesArgs): Promise<Page<RateEntity>> {
    return this.rows.findPage(storeId, args);
  }

  async create(storeId: string, input: MutationCreateRateInput): Promise<RateEntity> {
    const value = rateValueColumns(input.value);
    const jurisdictionId = await this.jurisdictions.idOrNull(storeId, input.jurisdictionId);
    return this.rows.insert({
      storeId,
      jurisdictionId,
      name: input.name ?? null,
      label: input.label,
      status: input.status ?? 'ACTIVE',
      ...value,
    });
  }

  async update(storeId: string, id: string, input: MutationUpdateRateInput): Promise<RateEntity> {
    await this.rows.get(storeId, id);
    const value = required('value', input.value);
    const changes = definedOnly({
      label: required('label', input.label),
      name: input.name,
      ...(value ? rateValueColumns(value) : {}),
      jurisdictionId:
        input.jurisdictionId === undefined
          ? undefined
          : await this.jurisdictions.idOrNull(storeId, input.jurisdictionId),
    });
    return this.rows.update(storeId, id, changes);
  }

  setStatus(storeId: string, id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<RateEntity> {
    return this.rows.update(storeId, id, { status });
  }

  /** The rate, its references and its place in classifications and overrides (cascade), in one transaction. */
  async delete(storeId: string, id: string): Promise<void> {
    const row = await this.rows.get(storeId, id);
    await this.references.deleteWithOwner(storeId, 'RATE', RateEntity, row.id);
  }
}
