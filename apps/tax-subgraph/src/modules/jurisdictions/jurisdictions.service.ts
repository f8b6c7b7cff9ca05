import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CrudService,
  Page,
  SortColumn,
  StoreScopedRepository,
  createdAtSort,
  pageRequest,
  textSort,
  updatedAtSort,
} from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { normalizePostalCode, normalizeRegion } from '../calculation/tax-calculator';
import { isForeignKeyViolation, isUniqueViolation } from '../shared/db-errors';
import { idsOf } from '../shared/list-inputs';
import { definedOnly, required } from '../shared/updates';
import { TaxErrors } from '../../tax.errors';
import { JurisdictionEntity } from './jurisdiction.entity';
import {
  JurisdictionOrderField,
  MutationCreateJurisdictionInput,
  MutationUpdateJurisdictionInput,
  QueryJurisdictionsArgs,
} from './jurisdiction.input';

const SORTS: Record<JurisdictionOrderField, SortColumn<JurisdictionEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  NAME: textSort('NAME', 'name'),
};

/** Jurisdictions of a store: CRUD with the store's isolation, normalized codes, unique names. */
@Injectable()
export class JurisdictionsService implements CrudService<
  JurisdictionEntity,
  MutationCreateJurisdictionInput,
  MutationUpdateJurisdictionInput,
  QueryJurisdictionsArgs
> {
  readonly rows: StoreScopedRepository<JurisdictionEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.rows = new StoreScopedRepository(
      dataSource.getRepository(JurisdictionEntity),
      (id) => TaxErrors.notFound('jurisdiction', id),
      'j',
    );
  }

  get(storeId: string, id: string): Promise<JurisdictionEntity> {
    return this.rows.get(storeId, id);
  }

  byIds(storeId: string, ids: readonly string[]): Promise<Map<string, JurisdictionEntity>> {
    return this.rows.byIds(storeId, ids);
  }

  list(storeId: string, args: QueryJurisdictionsArgs): Promise<Page<JurisdictionEntity>> {
    const order = args.orderBy ?? { field: JurisdictionOrderField.CREATED_AT, direction: 'ASC' };
    return this.rows.page(storeId, pageRequest(args), SORTS[order.field], order.direction, (qb) => {
      const ids = idsOf(args.id);
      if (ids) this.rows.whereIdIn(qb, ids);
      if (args.countryCode)
        qb.andWhere('j.countryCode = :country', { country: args.countryCode.toUpperCase() });
    });
  }

  async create(storeId: string, input: MutationCreateJurisdictionInput): Promise<JurisdictionEntity> {
    const countryCode = input.countryCode.toUpperCase();
    return this.uniqueName(input.name, () =>
      this.rows.insert({
        storeId,
        name: input.name,
        label: input.label ?? null,
        countryCode,
        regionCode: input.regionCode ? normalizeRegion(countryCode, input.regionCode) : null,
        postalCodePrefix: input.postalCodePrefix ? normalizePostalCode(input.postalCodePrefix) : null,
      }),
    );
  }

  async update(
    storeId: string,
    id: string,
    input: MutationUpdateJurisdictionInput,
  ): Promise<JurisdictionEntity> {
    const current = await this.rows.get(storeId, id);
    const countryCode = required('countryCode', input.countryCode)?.toUpperCase() ?? current.countryCode;
    const changes = definedOnly({
      name: required('name', input.name),
      label: input.label,
      countryCode,
      regionCode:
        input.regionCode === undefined
          ? undefined
          : input.regionCode && normalizeRegion(countryCode, input.regionCode),
      postalCodePrefix:
        input.postalCodePrefix === undefined
          ? undefined
          : input.postalCodePrefix && normalizePostalCode(input.postalCodePrefix),
    });
    return this.uniqueName(input.name ?? current.name, () => this.rows.update(storeId, id, changes));
  }

  /** Refused while rates or overrides still point at the jurisdiction (JURISDICTION_IN_USE). */
  async delete(storeId: string, id: string): Promise<void> {
    try {
      await this.rows.delete(storeId, id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw TaxErrors.jurisdictionInUse(id);
      throw e;
    }
  }

  private async uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw TaxErrors.nameTaken('jurisdiction', name);
      throw e;
    }
  }
}
