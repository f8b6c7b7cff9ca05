import { Args, ID, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import {
  ArgsOf,
  ConnectionShape,
  InputArg,
  LoaderRegistry,
  Loaders,
  Reference,
  RemoveReferences,
  SetReferences,
  toConnection,
} from '@platform/graphql-subgraph';
import { TAX_SCOPES } from '../../auth/tax-scopes';
import { jurisdictionOf } from '../jurisdictions/jurisdiction-of';
import { Jurisdiction } from '../jurisdictions/jurisdiction.model';
import { JurisdictionsService } from '../jurisdictions/jurisdictions.service';
import { Rate } from '../rates/rate.model';
import { deleteAsItWas } from '../records/crud';
import { referencesOf } from '../references/references-loader';
import { membersOfOwner, ownerLastState, ratesOfOwner } from '../relations/owner-relation-fields';
import { relationInputs } from '../relations/relation-specs';
import { SkuReference } from '../relations/sku-reference.model';
import { OverrideReferences, OverrideRelations } from './override-links.service';
import {
  MutationCreateOverrideInput,
  MutationCreateReferencesForOverrideInput,
  MutationDeleteReferencesFromOverrideInput,
  MutationUpdateOverrideInput,
  QueryOverridesArgs,
} from './override.input';
import { Override, QueryOverridesConnection, toOverride } from './override.model';
import { OverridesService } from './overrides.service';
import { StoreId } from '@platform/commerce-graphql';

/** Inputs of the add/remove mutations, by mutation name. */
const RELATION_INPUTS = relationInputs('Override');

/** Every operation on overrides, and the fields of Override that are not columns. */
@Resolver(() => Override)
export class OverridesResolver {
  constructor(
    private readonly overrideService: OverridesService,
    private readonly references: OverrideReferences,
    private readonly relations: OverrideRelations,
    private readonly jurisdictions: JurisdictionsService,
  ) {}

  @Query(() => Override, {
    name: 'override',
    nullable: true,
    description: 'One override of the store, by id.',
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async override(@StoreId() storeId: string, @Args('id', { type: () => ID }) id: string): Promise<Override> {
    return toOverride(await this.overrideService.get(storeId, id));
  }

  @Query(() => QueryOverridesConnection, {
    name: 'overrides',
    nullable: true,
    description: "The store's overrides, cursor-paged.",
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async overrides(
    @StoreId() storeId: string,
    @ArgsOf(QueryOverridesArgs) args: QueryOverridesArgs,
  ): Promise<ConnectionShape<Override>> {
    return toConnection(await this.overrideService.list(storeId, args ?? {}), toOverride);
  }

  @Mutation(() => Override, { name: 'createReferencesForOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createReferencesForOverride(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationCreateReferencesForOverrideInput) input: SetReferences,
  ): Promise<Override> {
    return toOverride(await this.references.upsert(storeId, id, input.references));
  }

  @Mutation(() => Override, { name: 'deleteReferencesFromOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.delete)
  async deleteReferencesFromOverride(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationDeleteReferencesFromOverrideInput) input: RemoveReferences,
  ): Promise<Override> {
    return toOverride(await this.references.delete(storeId, id, input.names));
  }

  @Mutation(() => Override, { name: 'activateOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async activateOverride(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<Override> {
    return toOverride(await this.overrideService.setStatus(storeId, id, 'ACTIVE'));
  }

  @Mutation(() => Override, { name: 'deactivateOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async deactivateOverride(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<Override> {
    return toOverride(await this.overrideService.setStatus(storeId, id, 'INACTIVE'));
  }

  @Mutation(() => Override, { name: 'createOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createOverride(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateOverrideInput) input: MutationCreateOverrideInput,
  ): Promise<Override> {
    return toOverride(await this.overrideService.create(storeId, input));
  }

  @Mutation(() => Override, { name: 'updateOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async updateOverride(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationUpdateOverrideInput) input: MutationUpdateOverrideInput,
  ): Promise<Override> {
    return toOverride(await this.overrideService.update(storeId, id, input));
  }

  @Mutation(() => Override, {
    name: 'deleteOverride',
    nullable: true,
    description: 'Deletes the override and returns it as it was just before, its relations included.',
  })
  @RequiresScopes(...TAX_SCOPES.delete)
  deleteOverride(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Override> {
    return deleteAsItWas(
      this.overrideService,
      toOverride,
      { storeId, id, loaders },
      ownerLastState('Override', 'override', this.references, this.relations),
    );
  }

  @Mutation(() => Override, { name: 'addRatesToOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addRatesToOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.addRatesToOverride) input: { rateIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.add(storeId, overrideId, 'RATE', input.rateIds));
  }

  @Mutation(() => Override, { name: 'removeRatesFromOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeRatesFromOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.removeRatesFromOverride) input: { rateIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.remove(storeId, overrideId, 'RATE', input.rateIds));
  }

  @Mutation(() => Override, { name: 'addListsToOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addListsToOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.addListsToOverride) input: { listIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.add(storeId, overrideId, 'LIST', input.listIds));
  }

  @Mutation(() => Override, { name: 'removeListsFromOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeListsFromOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.removeListsFromOverride) input: { listIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.remove(storeId, overrideId, 'LIST', input.listIds));
  }

  @Mutation(() => Override, { name: 'addSkuGroupsToOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addSkuGroupsToOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.addSkuGroupsToOverride) input: { skuGroupIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.add(storeId, overrideId, 'SKU_GROUP', input.skuGroupIds));
  }

  @Mutation(() => Override, { name: 'removeSkusGroupsFromOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeSkusGroupsFromOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.removeSkusGroupsFromOverride) input: { skuGroupIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.remove(storeId, overrideId, 'SKU_GROUP', input.skuGroupIds));
  }

  @Mutation(() => Override, { name: 'addSkusToOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addSkusToOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.addSkusToOverride) input: { skuIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.add(storeId, overrideId, 'SKU', input.skuIds));
  }

  @Mutation(() => Override, { name: 'removeSkusFromOverride', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeSkusFromOverride(
    @StoreId() storeId: string,
    @Args('overrideId', { type: () => ID }) overrideId: string,
    @InputArg('input', RELATION_INPUTS.removeSkusFromOverride) input: { skuIds: string[] },
  ): Promise<Override> {
    return toOverride(await this.relations.remove(storeId, overrideId, 'SKU', input.skuIds));
  }

  @ResolveField('jurisdiction', () => Jurisdiction, {
    nullable: true,
    description: 'None: the override applies everywhere.',
  })
  jurisdiction(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Jurisdiction | null> {
    return jurisdictionOf(loaders, this.jurisdictions, storeId, override.jurisdictionId);
  }

  @ResolveField('references', () => [Reference], { description: 'External references, sorted by name.' })
  referencesField(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Reference[]> {
    return referencesOf(loaders, 'Override', this.references, storeId, override.id);
  }

  @ResolveField('rates', () => [Rate], { description: 'Rates, in the order they were added.' })
  ratesField(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Rate[]> {
    return ratesOfOwner(loaders, 'override', this.relations, storeId, override.id);
  }

  @ResolveField('skuIds', () => [String], { description: 'Catalog SKU ids.' })
  async skuIds(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<string[]> {
    return (await membersOfOwner(loaders, 'override', this.relations, storeId, override.id)).skuIds;
  }

  @ResolveField('skus', () => [SkuReference], {
    description:
      'The catalog SKUs of `skuIds`, in the same order (resolved by the catalog subgraph through the gateway).',
  })
  async skus(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<SkuReference[]> {
    return (await membersOfOwner(loaders, 'override', this.relations, storeId, override.id)).skuIds.map(
      SkuReference.of,
    );
  }

  @ResolveField('skuGroupIds', () => [String], { description: 'Catalog SKU group ids.' })
  async skuGroupIds(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<string[]> {
    return (await membersOfOwner(loaders, 'override', this.relations, storeId, override.id)).skuGroupIds;
  }

  @ResolveField('listIds', () => [String], { description: 'Catalog list ids.' })
  async listIds(
    @Parent() override: Override,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<string[]> {
    return (await membersOfOwner(loaders, 'override', this.relations, storeId, override.id)).listIds;
  }
}
