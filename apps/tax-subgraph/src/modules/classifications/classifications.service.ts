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
import { ReferenceStore } from '../references/reference-store.service';
import { isUniqueViolation } from '../shared/db-errors';
import { idsOf } from '../shared/list-inputs';
import { definedOnly, required } from '../shared/updates';
import { TaxErrors } from '../../tax.errors';
import { ClassificationEntity } from './classification.entity';
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
export class ClassificationsService implements CrudService<
  ClassificationEntity,
  MutationCreateClassificationInput,
  MutationUpdateClassificationInput,
  QueryClassificationsArgs
> {
  readonly rows: StoreScopedRepository<ClassificationEntity>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly references: ReferenceStore,
  ) {
    this.rows = new StoreScopedRepository(
      dataSource.getRepository(ClassificationEntity),
      (id) => TaxErrors.notFound('classification', id),
      'c',
    );
  }

  get(storeId: string, id: string): Promise<ClassificationEntity> {
    return this.rows.get(storeId, id);
  }

  byIds(storeId: string, ids: readonly string[]): Promise<Map<string, ClassificationEntity>> {
    return this.rows.byIds(storeId, ids);
  }

  list(storeId: string, args: QueryClassificationsArgs): Promise<Page<ClassificationEntity>> {
    const order = args.orderBy ?? { field: ClassificationOrderField.CREATED_AT, direction: 'ASC' };
    return this.rows.page(storeId, pageRequest(args), SORTS[order.field], order.direction, (qb) => {
      const ids = idsOf(args.id);
      if (ids) this.rows.whereIdIn(qb, ids);
    });
  }

  create(storeId: string, input: MutationCreateClassificationInput): Promise<ClassificationEntity> {
    return this.uniqueName(input.name, () =>
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
    return this.uniqueName(input.name ?? current.name, () => this.rows.update(storeId, id, changes));
  }

  async delete(storeId: string, id: string): Promise<void> {
    const row = await this.rows.get(storeId, id);
    await this.dataSource.transaction(async (manager) => {
      await this.references.deleteAll(manager, 'CLASSIFICATION', row.id);
      await manager.getRepository(ClassificationEntity).delete({ id: row.id, storeId });
    });
  }

  private async uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (e) {
      if (isUniqueViolation(e)) throw TaxErrors.nameTaken('classification', name);
      throw e;
    }
  }
}
