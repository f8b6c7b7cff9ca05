import { Resolver } from '@nestjs/graphql';
import { createReferencesResolver } from '@platform/graphql-subgraph';
import { createCrudResolver, createStatusResolver } from '../shared/crud-resolver.factory';
import { createJurisdictionFieldResolver } from '../jurisdictions/jurisdiction-field-resolver.factory';
import { createRelationFieldsResolver } from '../relations/relation-fields-resolver.factory';
import { TAX_SCOPES } from '../shared/tax-scopes';
import { OverrideLastState, OverrideReferences, OverrideRelations } from './override-links.service';
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
  lastState: OverrideLastState,
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

/** Override.rates, .skuIds, .skus, .skuGroupIds, .listIds. */
@Resolver(() => Override)
export class OverrideRelationFieldsResolver extends createRelationFieldsResolver(
  'override',
  Override,
  OverrideRelations,
) {}

/** Override.jurisdiction, batched. */
@Resolver(() => Override)
export class OverrideJurisdictionResolver extends createJurisdictionFieldResolver(
  Override,
  'None: the override applies everywhere.',
) {}
