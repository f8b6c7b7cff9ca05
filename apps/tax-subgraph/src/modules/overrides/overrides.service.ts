import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Page,
  SortColumn,
  createdAtSort,
  textSort,
  updatedAtSort,
  filterValues,
} from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { CrudService, StatusService } from '../records/crud';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { ReferenceStore } from '../references/reference-store.service';
import { whereStatusIn } from '../records/list-inputs';
import { definedOnly, required } from '../records/updates';
import { TaxRecordsService } from '../records/tax-records.service';
import { OverrideEntity } from './override.entity';
import { OverrideErrors } from './overrides.errors';
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
  extends TaxRecordsService<OverrideEntity>
  implements
    CrudService<OverrideEntity, MutationCreateOverrideInput, MutationUpdateOverrideInput, QueryOverridesArgs>,
    StatusService<OverrideEntity>
{
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly jurisdictions: JurisdictionsService,
    private readonly references: ReferenceStore,
  ) {
    super(dataSource, OverrideEntity, (id) => OverrideErrors.notFound(id), 'o');
  }

  list(storeId: string, args: QueryOverridesArgs): Promise<Page<OverrideEntity>> {
    return this.pageOf(storeId, args, SORTS, (qb) => {
      whereStatusIn(qb, 'o', args.status);
      const values = filterValues(args.referenceValue);
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
      jurisdictionId: await this.jurisdictions.idOrNull(storeId, input.jurisdictionId),
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
          : await this.jurisdictions.idOrNull(storeId, input.jurisdictionId),
    });
    return this.rows.update(storeId, id, changes);
  }

  setStatus(storeId: string, id: string, status: 'ACTIVE' | 'INACTIVE'): Promise<OverrideEntity> {
    return this.rows.update(storeId, id, { status });
  }

  async delete(storeId: string, id: string): Promise<void> {
    const row = await this.rows.get(storeId, id);
    await this.references.deleteWithOwner(storeId, 'OVERRIDE', OverrideEntity, row.id);
  }
}
