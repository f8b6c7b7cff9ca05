import { Args, ID, Mutation, Parent, Query, ResolveField, ResolveReference, Resolver } from '@nestjs/graphql';
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
  SubgraphContext,
  SubgraphCtx,
  requireScopes,
  toConnection,
} from '@platform/graphql-subgraph';
import { TAX_SCOPES } from '../../auth/tax-scopes';
import { Rate } from '../rates/rate.model';
import { deleteAsItWas } from '../records/crud';
import { referencesOf } from '../references/references-loader';
import { membersOfOwner, ownerLastState, ratesOfOwner } from '../relations/owner-relation-fields';
import { relationInputs } from '../relations/relation-specs';
import { SkuReference } from '../relations/sku-reference.model';
import { ClassificationEntity } from './classification.entity';
import { ClassificationReferences, ClassificationRelations } from './classification-links.service';
import {
  MutationCreateClassificationInput,
  MutationCreateReferencesForClassificationInput,
  MutationDeleteReferencesFromClassificationInput,
  MutationUpdateClassificationInput,
  QueryClassificationsArgs,
} from './classification.input';
import { Classification, QueryClassificationsConnection, toClassification } from './classification.model';
import { ClassificationsService } from './classifications.service';
import { StoreId, storeIdOf } from '@platform/commerce-graphql';

/** Inputs of the add/remove mutations, by mutation name. */
const RELATION_INPUTS = relationInputs('Classification');

/** Every operation on classifications, and the fields of Classification that are not columns. */
@Resolver(() => Classification)
export class ClassificationsResolver {
  constructor(
    private readonly classificationService: ClassificationsService,
    private readonly references: ClassificationReferences,
    private readonly relations: ClassificationRelations,
  ) {}

  @Query(() => Classification, {
    name: 'classification',
    nullable: true,
    description: 'One classification of the store, by id.',
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async classification(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<Classification> {
    return toClassification(await this.classificationService.get(storeId, id));
  }

  @Query(() => QueryClassificationsConnection, {
    name: 'classifications',
    nullable: true,
    description: "The store's classifications, cursor-paged.",
  })
  @RequiresScopes(...TAX_SCOPES.read)
  async classifications(
    @StoreId() storeId: string,
    @ArgsOf(QueryClassificationsArgs) args: QueryClassificationsArgs,
  ): Promise<ConnectionShape<Classification>> {
    return toConnection(await this.classificationService.list(storeId, args ?? {}), toClassification);
  }

  @Mutation(() => Classification, { name: 'createReferencesForClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createReferencesForClassification(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationCreateReferencesForClassificationInput) input: SetReferences,
  ): Promise<Classification> {
    return toClassification(await this.references.upsert(storeId, id, input.references));
  }

  @Mutation(() => Classification, { name: 'deleteReferencesFromClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.delete)
  async deleteReferencesFromClassification(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationDeleteReferencesFromClassificationInput) input: RemoveReferences,
  ): Promise<Classification> {
    return toClassification(await this.references.delete(storeId, id, input.names));
  }

  @Mutation(() => Classification, { name: 'createClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.create)
  async createClassification(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateClassificationInput) input: MutationCreateClassificationInput,
  ): Promise<Classification> {
    return toClassification(await this.classificationService.create(storeId, input));
  }

  @Mutation(() => Classification, { name: 'updateClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async updateClassification(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @InputArg('input', MutationUpdateClassificationInput) input: MutationUpdateClassificationInput,
  ): Promise<Classification> {
    return toClassification(await this.classificationService.update(storeId, id, input));
  }

  @Mutation(() => Classification, {
    name: 'deleteClassification',
    nullable: true,
    description: 'Deletes the classification and returns it as it was just before, its relations included.',
  })
  @RequiresScopes(...TAX_SCOPES.delete)
  deleteClassification(
    @StoreId() storeId: string,
    @Args('id', { type: () => ID }) id: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Classification> {
    return deleteAsItWas(
      this.classificationService,
      toClassification,
      { storeId, id, loaders },
      ownerLastState('Classification', 'classification', this.references, this.relations),
    );
  }

  @Mutation(() => Classification, { name: 'addRatesToClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addRatesToClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.addRatesToClassification) input: { rateIds: string[] },
  ): Promise<Classification> {
    return toClassification(await this.relations.add(storeId, classificationId, 'RATE', input.rateIds));
  }

  @Mutation(() => Classification, { name: 'removeRatesFromClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeRatesFromClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.removeRatesFromClassification) input: { rateIds: string[] },
  ): Promise<Classification> {
    return toClassification(await this.relations.remove(storeId, classificationId, 'RATE', input.rateIds));
  }

  @Mutation(() => Classification, { name: 'addListsToClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addListsToClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.addListsToClassification) input: { listIds: string[] },
  ): Promise<Classification> {
    return toClassification(await this.relations.add(storeId, classificationId, 'LIST', input.listIds));
  }

  @Mutation(() => Classification, { name: 'removeListsFromClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeListsFromClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.removeListsFromClassification) input: { listIds: string[] },
  ): Promise<Classification> {
    return toClassification(await this.relations.remove(storeId, classificationId, 'LIST', input.listIds));
  }

  @Mutation(() => Classification, { name: 'addSkusGroupsToClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addSkusGroupsToClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.addSkusGroupsToClassification) input: { skuGroupIds: string[] },
  ): Promise<Classification> {
    return toClassification(
      await this.relations.add(storeId, classificationId, 'SKU_GROUP', input.skuGroupIds),
    );
  }

  @Mutation(() => Classification, { name: 'removeSkusGroupsFromClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeSkusGroupsFromClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.removeSkusGroupsFromClassification) input: { skuGroupIds: string[] },
  ): Promise<Classification> {
    return toClassification(
      await this.relations.remove(storeId, classificationId, 'SKU_GROUP', input.skuGroupIds),
    );
  }

  @Mutation(() => Classification, { name: 'addSkusToClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async addSkusToClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.addSkusToClassification) input: { skuIds: string[] },
  ): Promise<Classification> {
    return toClassification(await this.relations.add(storeId, classificationId, 'SKU', input.skuIds));
  }

  @Mutation(() => Classification, { name: 'removeSkusFromClassification', nullable: true })
  @RequiresScopes(...TAX_SCOPES.write)
  async removeSkusFromClassification(
    @StoreId() storeId: string,
    @Args('classificationId', { type: () => ID }) classificationId: string,
    @InputArg('input', RELATION_INPUTS.removeSkusFromClassification) input: { skuIds: string[] },
  ): Promise<Classification> {
    return toClassification(await this.relations.remove(storeId, classificationId, 'SKU', input.skuIds));
  }

  @ResolveField('references', () => [Reference], { description: 'External references, sorted by name.' })
  referencesField(
    @Parent() classification: Classification,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Reference[]> {
    return referencesOf(loaders, 'Classification', this.references, storeId, classification.id);
  }

  @ResolveField('rates', () => [Rate], { description: 'Rates, in the order they were added.' })
  ratesField(
    @Parent() classification: Classification,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<Rate[]> {
    return ratesOfOwner(loaders, 'classification', this.relations, storeId, classification.id);
  }

  @ResolveField('skuIds', () => [String], { description: 'Catalog SKU ids.' })
  async skuIds(
    @Parent() classification: Classification,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<string[]> {
    return (await membersOfOwner(loaders, 'classification', this.relations, storeId, classification.id))
      .skuIds;
  }

  @ResolveField('skus', () => [SkuReference], {
    description:
      'The catalog SKUs of `skuIds`, in the same order (resolved by the catalog subgraph through the gateway).',
  })
  async skus(
    @Parent() classification: Classification,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<SkuReference[]> {
    return (
      await membersOfOwner(loaders, 'classification', this.relations, storeId, classification.id)
    ).skuIds.map(SkuReference.of);
  }

  @ResolveField('skuGroupIds', () => [String], { description: 'Catalog SKU group ids.' })
  async skuGroupIds(
    @Parent() classification: Classification,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<string[]> {
    return (await membersOfOwner(loaders, 'classification', this.relations, storeId, classification.id))
      .skuGroupIds;
  }

  @ResolveField('listIds', () => [String], { description: 'Catalog list ids.' })
  async listIds(
    @Parent() classification: Classification,
    @StoreId() storeId: string,
    @Loaders() loaders: LoaderRegistry,
  ): Promise<string[]> {
    return (await membersOfOwner(loaders, 'classification', this.relations, storeId, classification.id))
      .listIds;
  }
}

/** `_entities` for Classification references from other subgraphs, batched per request. */
@Resolver(() => Classification)
export class ClassificationEntityResolver {
  constructor(private readonly classificationService: ClassificationsService) {}

  /** The global guard does not run on reference resolvers: the read scope is checked here. */
  @ResolveReference()
  async resolveReference(
    @Parent() reference: { __typename: string; id: string },
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<Classification | null> {
    requireScopes(context, TAX_SCOPES.read);
    const storeId = storeIdOf(context);
    const loader = context.loaders.get<string, ClassificationEntity>('classification-by-id', (ids) =>
      this.classificationService.byIds(storeId, ids),
    );
    const entity = await loader.load(reference.id.toLowerCase());
    return entity ? toClassification(entity) : null;
  }
}
