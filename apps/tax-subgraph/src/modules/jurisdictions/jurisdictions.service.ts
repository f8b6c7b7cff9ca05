import { Injectable } from '@nestjs/common';
import type { Page } from '@platform/graphql-subgraph';
import { CrudService } from '../records/crud';
import { normalizePostalCode, normalizeRegion } from './address-codes';
import { isForeignKeyViolation, withUniqueName } from '../records/pg-violations';
import { definedOnly, required } from '../records/updates';
import { TaxRecordsService } from '../records/tax-records.service';
import { JurisdictionEntity } from './jurisdiction.entity';
import { JurisdictionErrors } from './jurisdictions.errors';
import { JurisdictionsRepository } from './jurisdictions.repository';
import {
  MutationCreateJurisdictionInput,
  MutationUpdateJurisdictionInput,
  QueryJurisdictionsArgs,
} from './jurisdiction.input';

/** Jurisdictions of a store: CRUD with the store's isolation, normalized codes, unique names. */
@Injectable()
export class JurisdictionsService
  extends TaxRecordsService<JurisdictionEntity, JurisdictionsRepository>
  implements
    CrudService<
      JurisdictionEntity,
      MutationCreateJurisdictionInput,
      MutationUpdateJurisdictionInput,
      QueryJurisdictionsArgs
    >
{
  constructor(rows: JurisdictionsRepository) {
    super(rows);
  }

  /** The id of the store's jurisdiction (JURISDICTION_NOT_FOUND otherwise), or null for none. */
  async idOrNull(storeId: string, id: string | null | undefined): Promise<string | null> {
    if (id == null) return null;
    return (await this.get(storeId, id)).id;
  }

  list(storeId: string, args: QueryJurisdictionsArgs): Promise<Page<JurisdictionEntity>> {
    return this.rows.findPage(storeId, args);
  }

  async create(storeId: string, input: MutationCreateJurisdictionInput): Promise<JurisdictionEntity> {
    const countryCode = input.countryCode.toUpperCase();
    return withUniqueName(
      () => JurisdictionErrors.nameTaken(input.name),
      () =>
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
    return withUniqueName(
      () => JurisdictionErrors.nameTaken(input.name ?? current.name),
      () => this.rows.update(storeId, id, changes),
    );
  }

  /** Refused while rates or overrides still point at the jurisdiction (JURISDICTION_IN_USE). */
  async delete(storeId: string, id: string): Promise<void> {
    try {
      await this.rows.delete(storeId, id);
    } catch (e) {
      if (isForeignKeyViolation(e)) throw JurisdictionErrors.inUse(id);
      throw e;
    }
  }
}
