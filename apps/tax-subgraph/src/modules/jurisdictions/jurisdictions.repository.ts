import { Injectable } from '@nestjs/common';
import { Page, SortColumn, createdAtSort, textSort, updatedAtSort } from '@platform/graphql-subgraph';
import { EntityManager } from 'typeorm';
import { TaxRecordsRepository } from '../records/tax-records.repository';
import { JurisdictionEntity } from './jurisdiction.entity';
import { JurisdictionOrderField, QueryJurisdictionsArgs } from './jurisdiction.input';
import { JurisdictionErrors } from './jurisdictions.errors';

const SORTS: Record<JurisdictionOrderField, SortColumn<JurisdictionEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  NAME: textSort('NAME', 'name'),
};

/** Storage of a store's jurisdictions (`tax.jurisdictions`); an unknown id is JURISDICTION_NOT_FOUND. */
@Injectable()
export class JurisdictionsRepository extends TaxRecordsRepository<JurisdictionEntity> {
  constructor(manager: EntityManager) {
    super(manager, JurisdictionEntity, (id) => JurisdictionErrors.notFound(id), 'j');
  }

  /** One page of the list, narrowed to a country (any case) when `countryCode` is given. */
  findPage(storeId: string, args: QueryJurisdictionsArgs): Promise<Page<JurisdictionEntity>> {
    return this.pageOf(storeId, args, SORTS, (qb) => {
      if (args.countryCode)
        qb.andWhere('j.countryCode = :country', { country: args.countryCode.toUpperCase() });
    });
  }
}
