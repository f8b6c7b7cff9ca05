import { Injectable } from '@nestjs/common';
import { Page, SortColumn, createdAtSort, textSort, updatedAtSort } from '@platform/graphql-subgraph';
import { EntityManager } from 'typeorm';
import { TaxRecordsRepository } from '../records/tax-records.repository';
import { ClassificationEntity } from './classification.entity';
import { ClassificationOrderField, QueryClassificationsArgs } from './classification.input';
import { ClassificationErrors } from './classifications.errors';

const SORTS: Record<ClassificationOrderField, SortColumn<ClassificationEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  NAME: textSort('NAME', 'name'),
};

/** Storage of a store's classifications (`tax.classifications`); an unknown id is CLASSIFICATION_NOT_FOUND. */
@Injectable()
export class ClassificationsRepository extends TaxRecordsRepository<ClassificationEntity> {
  constructor(manager: EntityManager) {
    super(manager, ClassificationEntity, (id) => ClassificationErrors.notFound(id), 'c');
  }

  findPage(storeId: string, args: QueryClassificationsArgs): Promise<Page<ClassificationEntity>> {
    return this.pageOf(storeId, args, SORTS);
  }
}
