import { Injectable } from '@nestjs/common';
import type { Page } from '@platform/graphql-subgraph';
import { CrudService } from '../records/crud';
import { ReferencesRepository } from '../references/references.repository';
import { withUniqueName } from '../records/pg-violations';
import { definedOnly, required } from '../records/updates';
import { TaxRecordsService } from '../records/tax-records.service';
import { ClassificationEntity } from './classification.entity';
import { ClassificationErrors } from './classifications.errors';
import { ClassificationsRepository } from './classifications.repository';
import {
  MutationCreateClassificationInput,
  MutationUpdateClassificationInput,
  QueryClassificationsArgs,
} from './classification.input';

/** Classifications of a store: CRUD with unique names; deleting one drops its links and references. */
@Injectable()
export class ClassificationsService
  extends TaxRecordsService<ClassificationEntity, ClassificationsRepository>
  implements
    CrudService<
      ClassificationEntity,
      MutationCreateClassificationInput,
      MutationUpdateClassificationInput,
      QueryClassificationsArgs
    >
{
  constructor(
    rows: ClassificationsRepository,
    private readonly references: ReferencesRepository,
  ) {
    super(rows);
  }

  list(storeId: string, args: QueryClassificationsArgs): Promise<Page<ClassificationEntity>> {
    return this.rows.findPage(storeId, args);
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
