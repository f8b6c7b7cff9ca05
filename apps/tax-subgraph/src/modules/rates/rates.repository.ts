import { Injectable } from '@nestjs/common';
import {
  Page,
  SortColumn,
  createdAtSort,
  filterValues,
  isUuid,
  textSort,
  updatedAtSort,
} from '@platform/graphql-subgraph';
import { EntityManager, In } from 'typeorm';
import { TaxRecordsRepository, whereStatusIn } from '../records/tax-records.repository';
import { whereHasReferenceValue } from '../references/references.repository';
import { RateEntity } from './rate.entity';
import { QueryRatesArgs, RateOrderField } from './rate.input';
import { RateErrors } from './rates.errors';

const SORTS: Record<RateOrderField, SortColumn<RateEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  LABEL: textSort('LABEL', 'label'),
};

/** Storage of a store's rates (`tax.rates`); an unknown id is RATE_NOT_FOUND. */
@Injectable()
export class RatesRepository extends TaxRecordsRepository<RateEntity> {
  constructor(private readonly manager: EntityManager) {
    super(manager, RateEntity, (id) => RateErrors.notFound(id), 'r');
  }

  /**
   * One page of the list, narrowed by status, by reference value and by jurisdiction (a
   * malformed jurisdiction id matches nothing).
   */
  findPage(storeId: string, args: QueryRatesArgs): Promise<Page<RateEntity>> {
    return this.pageOf(storeId, args, SORTS, (qb) => {
      whereStatusIn(qb, 'r', args.status);
      const values = filterValues(args.referenceValue);
      if (values) whereHasReferenceValue(qb, 'r', 'RATE', values);
      if (args.jurisdictionId != null) {
        if (isUuid(args.jurisdictionId)) qb.andWhere('r.jurisdictionId = :jid', { jid: args.jurisdictionId });
        else qb.andWhere('1 = 0');
      }
    });
  }

  /** The rates of `jurisdictionIds`, oldest first (createdAt, id). */
  findForJurisdictions(storeId: string, jurisdictionIds: readonly string[]): Promise<RateEntity[]> {
    return this.manager.getRepository(RateEntity).find({
      where: { storeId, jurisdictionId: In([...jurisdictionIds]) },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }
}
