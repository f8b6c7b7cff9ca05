import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CrudService,
  Page,
  SortColumn,
  StatusService,
  StoreScopedRepository,
  createdAtSort,
  pageRequest,
  textSort,
  updatedAtSort,
} from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { ReferenceStore } from '../references/reference-store.service';
import { idsOf, valuesOf } from '../shared/list-inputs';
import { definedOnly, required } from '../shared/updates';
import { TaxErrors } from '../../tax.errors';
import { OverrideEntity } from './override.entity';
import {
  MutationCreateOverrideInput,
  MutationUpdateOverrideInput,
  OverrideOrderField,
  QueryOverridesArgs,
} from './override.input';

const SORTS: Record<OverrideOrderField, SortColumn<OverrideEntity>> = {
  CREATED_AT: createdAtSort(),
  UPDATED_AT: updatedAtSort(),
  NAME: textSort('NAME', 'name'),
};

/** Overrides of a store: CRUD and activation; deleting one drops its links and references. */
@Injectable()
export class OverridesService
  implements
    CrudService<OverrideEntity, MutationCreateOverrideInput, MutationUpdateOverrideInput, QueryOverridesArgs>,
    StatusService<OverrideEntity>
{
  readonly rows: StoreScopedRepository<OverrideEntity>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jurisdictions: JurisdictionsService,
    private readonly references: ReferenceStore,
  ) {
    this.rows = new StoreScopedRepository(
      dataSource.getRepository(OverrideEntity),
      (id) => TaxErrors.notFound('override', id),
      'o',
    );
  }

  get(storeId: string, id: string): Promise<OverrideEntity> {
    return this.rows.get(storeId, id);
  }

  list(storeId: string, args: QueryOverridesArgs): Promise<Page<OverrideEntity>> {
    const order = args.orderBy ?? { field: OverrideOrderField.CREATED_AT, direction: 'ASC' };
    return this.rows.page(storeId, pageRequest(args), SORTS[order.field], order.direction, (qb) => {
      const ids = idsOf(args.id);
      if (ids) this.rows.whereIdIn(qb, ids);
      const statuses = valuesOf(args.status);
      if (statuses)
        qb.andWhere('o.status IN (:...statuses)', { statuses: statuses.length ? statuses : [''] });
      const values = valuesOf(args.referenceValue);
      if (values) this.references.filterByValue(qb, 'o', 'OVERRIDE', values);
    });
  }

  async create(storeId: string, input: MutationCreateOverrideInput): Promise<OverrideEntity> {
    return this.rows.insert({
      storeId,
      name: input.name,
      label: input.label ?? null,
      type: input.type ?? 'RATES',
      status: input.status ?? 'ACTIVE',
      jurisdictionId: await this.jurisdictionOf(storeId, input.jurisdictionId),
    });
  }

  async update(storeId: string, id: string, input: MutationUpdateOverrideInput): Promise<OverrideEntity> {
    await this.rows.get(storeId, id);
    const changes = definedOnly({
      name: required('name', input.name),
      label: input.label,
      type: required('type', input.type),
      jurisdictionId:
        input.jurisdictionId === undefined
          ? undefined
          : await this.jurisdictionOf(storeId, input.jurisdictionId),
    });
    return this.rows.update(storeId, id, changes);
  }

  setStatus(storeId: string, id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<OverrideEntity> {
    return this.rows.update(storeId, id, { status });
  }

  async delete(storeId: string, id: string): Promise<void> {
    const row = await this.rows.get(storeId, id);
    await this.dataSource.transaction(async (manager) => {
      await this.references.deleteAll(manager, 'OVERRIDE', row.id);
      await manager.getRepository(OverrideEntity).delete({ id: row.id, storeId });
    });
  }

  private async jurisdictionOf(
    storeId: string,
    jurisdictionId: string | null | undefined,
  ): Promise<string | null> {
    if (jurisdictionId == null) return null;
    return (await this.jurisdictions.get(storeId, jurisdictionId)).id;
  }
}
