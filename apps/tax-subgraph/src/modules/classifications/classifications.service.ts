import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Page, SortColumn, createdAtSort, textSort, updatedAtSort } from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { CrudService } from '../records/crud';
import { ReferenceStore } from '../references/reference-store.service';
import { withUniqueName } from '../records/pg-violations';
import { definedOnly, required } from '../records/updates';
import { TaxRecordsService } from '../records/tax-records.service';
import { ClassificationEntity } from './classification.entity';
import { ClassificationErrors } from './classifications.errors';
import {
  ClassificationOrderField,
  MutationCreateClassificationInput,
  MutationUpdateClassificationInput,
  QueryClassificationsArgs,
} from './classification.input';

const SORTS: Record<ClassificationOrderField, SortColumn<ClassificationEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  NAME: textSort('NAME', 'name'),
};

/** Classifications of a store: CRUD with unique names; deleting one drops its links and references. */
@Injectable()
export class ClassificationsService
  extends TaxRecordsService<ClassificationEntity>
  implements
    CrudService<
      ClassificationEntity,
      MutationCreateClassificationInput,
      MutationUpdateClassificationInput,
      QueryClassificationsArgs
    >
{
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly references: ReferenceStore,
  ) {
    super(dataSource, ClassificationEntity, (id) => ClassificationErrors.notFound(id), 'c');
  }

  list(storeId: string, args: QueryClassificationsArgs): Promise<Page<ClassificationEntity>> {
    return this.pageOf(storeId, args, SORTS);
  }

  create(storeId: string, input: MutationCreateClassificationInput): Promise<ClassificationEntity> {
    return withUniqueName(
      () => ClassificationErrors.nameTaken(input.name),
      () =>
        this.rows.insert({
          storeId,
          name: input.name,
          label: input.label ?? null,
          description: input.description ?? null,
        }),
    );
  }

  async update(
    storeId: string,
    id: string,
    input: MutationUpdateClassificationInput,
  ): Promise<ClassificationEntity> {
    const current = await this.rows.get(storeId, id);
    const changes = definedOnly({
      name: required('name', input.name),
      label: input.label,
      description: input.description,
    });
    return withUniqueName(
      () => ClassificationErrors.nameTaken(input.name ?? current.name),
      () => this.rows.update(storeId, id, changes),
    );
  }

  async delete(storeId: string, id: string): Promise<void> {
    const row = await this.rows.get(storeId, id);
    await this.references.deleteWithOwner(storeId, 'CLASSIFICATION', ClassificationEntity, row.id);
  }
}
