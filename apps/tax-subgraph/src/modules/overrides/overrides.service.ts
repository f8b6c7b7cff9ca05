import { Injectable } from '@nestjs/common';
import type { Page } from '@platform/graphql-subgraph';
import { CrudService, StatusService } from '../records/crud';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { ReferencesRepository } from '../references/references.repository';
import { definedOnly, required } from '../records/updates';
import { TaxRecordsService } from '../records/tax-records.service';
import { OverrideEntity } from './override.entity';
import { OverridesRepository } from './overrides.repository';
import {
  MutationCreateOverrideInput,
  MutationUpdateOverrideInput,
  QueryOverridesArgs,
} from './override.input';

/** Overrides of a store: CRUD and activation; deleting one drops its links and references. */
@Injectable()
export class OverridesService
  extends TaxRecordsService<OverrideEntity, OverridesRepository>
  implements
    CrudService<OverrideEntity, MutationCreateOverrideInput, MutationUpdateOverrideInput, QueryOverridesArgs>,
    StatusService<OverrideEntity>
{
  constructor(
    rows: OverridesRepository,
    private readonly jurisdictions: JurisdictionsService,
    private readonly references: ReferencesRepository,
  ) {
    super(rows);
  }

  list(storeId: string, args: QueryOverridesArgs): Promise<Page<OverrideEntity>> {
    return this.rows.findPage(storeId, args);
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
