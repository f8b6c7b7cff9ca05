import { Injectable } from '@nestjs/common';
import {
  Page,
  SortColumn,
  createdAtSort,
  filterValues,
  textSort,
  updatedAtSort,
} from '@platform/graphql-subgraph';
import { EntityManager } from 'typeorm';
import { TaxRecordsRepository, whereStatusIn } from '../records/tax-records.repository';
import { whereHasReferenceValue } from '../references/references.repository';
import { OverrideEntity } from './override.entity';
import { OverrideOrderField, QueryOverridesArgs } from './override.input';
import { OverrideErrors } from './overrides.errors';

const SORTS: Record<OverrideOrderField, SortColumn<OverrideEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  NAME: textSort('NAME', 'name'),
};

/** Storage of a store's overrides (`tax.overrides`); an unknown id is OVERRIDE_NOT_FOUND. */
@Injectable()
export class OverridesRepository extends TaxRecordsRepository<OverrideEntity> {
  constructor(manager: EntityManager) {
    super(manager, OverrideEntity, (id) => OverrideErrors.notFound(id), 'o');
  }

  /** One page of the list, narrowed by status and by reference value. */
  findPage(storeId: string, args: QueryOverridesArgs): Promise<Page<OverrideEntity>> {
    return this.pageOf(storeId, args, SORTS, (qb) => {
      whereStatusIn(qb, 'o', args.status);
      const values = filterValues(args.referenceValue);
      if (values) whereHasReferenceValue(qb, 'o', 'OVERRIDE', values);
    });
  }
}
