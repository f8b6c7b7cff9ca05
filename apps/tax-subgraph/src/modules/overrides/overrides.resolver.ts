import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import {
  LoaderRegistry,
  Loaders,
  StoreId,
  createCrudResolver,
  createReferencesResolver,
  createStatusResolver,
} from '@platform/graphql-subgraph';
import { JurisdictionEntity } from '../jurisdictions/jurisdiction.entity';
import { Jurisdiction, toJurisdiction } from '../jurisdictions/jurisdiction.model';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { createRelationFieldsResolver } from '../relations/relation-fields.resolver-factory';
import { TAX_SCOPES } from '../shared/tax-scopes';
import { OverrideReferences, OverrideRelations } from './override-links.service';
import {
  MutationCreateOverrideInput,
  MutationUpdateOverrideInput,
  QueryOverridesArgs,
} from './override.input';
import { Override, QueryOverridesConnection, toOverride } from './override.model';
import { OverridesService } from './overrides.service';

/** override, overrides, createOverride, updateOverride, deleteOverride. */
@Resolver(() => Override)
export class OverridesResolver extends createCrudResolver({
  name: 'Override',
  model: Override,
  connection: QueryOverridesConnection,
  createInput: MutationCreateOverrideInput,
  updateInput: MutationUpdateOverrideInput,
  listArgs: QueryOverridesArgs,
  service: OverridesService,
  toModel: toOverride,
  scopes: TAX_SCOPES,
}) {}

/** activateOverride, deactivateOverride. */
@Resolver(() => Override)
export class OverrideStatusResolver extends createStatusResolver({
  name: 'Override',
  model: Override,
  service: OverridesService,
  toModel: toOverride,
  scopes: TAX_SCOPES.write,
}) {}

/** createReferencesForOverride, deleteReferencesFromOverride, Override.references. */
@Resolver(() => Override)
export class OverrideReferencesResolver extends createReferencesResolver({
  name: 'Override',
  model: Override,
  service: OverrideReferences,
  toModel: toOverride,
  createScopes: TAX_SCOPES.create,
  deleteScopes: TAX_SCOPES.delete,
}) {}

/** Override.rates, .skuIds, .skuGroupIds, .listIds. */
@Resolver(() => Override)
export class OverrideRelationFieldsResolver extends createRelationFieldsResolver(
  'override',
  Override,
  OverrideRelations,
) {}

/** Override.jurisdiction, batched. */
@Resolver(() => Override)
export class OverrideJurisdictionResolver {
  constructor(private readonly jurisdictions: JurisdictionsService) {}

  @ResolveField('jurisdiction', () => Jurisdiction, {
    nullable: true,
    description: 'None: the override applies everywhere.',
  })
  async jurisdiction(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Jurisdiction | null> {
    if (!override.jurisdictionId) return null;
    const loader = loaders.get<string, JurisdictionEntity>('jurisdiction-by-id', (ids) =>
      this.jurisdictions.byIds(storeId, ids),
    );
    const entity = await loader.load(override.jurisdictionId);
    return entity ? toJurisdiction(entity) : null;
  }
}
