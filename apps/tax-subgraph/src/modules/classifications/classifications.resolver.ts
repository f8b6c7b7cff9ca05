import { Parent, Resolver, ResolveReference } from '@nestjs/graphql';
import {
  SubgraphContext,
  SubgraphCtx,
  createReferencesResolver,
  requireScopes,
  storeIdOf,
} from '@platform/graphql-subgraph';
import { createCrudResolver } from '../shared/crud-resolver.factory';
import { createRelationFieldsResolver } from '../relations/relation-fields-resolver.factory';
import { TAX_SCOPES } from '../shared/tax-scopes';
import { ClassificationEntity } from './classification.entity';
import {
  ClassificationLastState,
  ClassificationReferences,
  ClassificationRelations,
} from './classification-links.service';
import {
  MutationCreateClassificationInput,
  MutationUpdateClassificationInput,
  QueryClassificationsArgs,
} from './classification.input';
import { Classification, QueryClassificationsConnection, toClassification } from './classification.model';
import { ClassificationsService } from './classifications.service';

/** classification, classifications, createClassification, updateClassification, deleteClassification. */
@Resolver(() => Classification)
export class ClassificationsResolver extends createCrudResolver({
  name: 'Classification',
  model: Classification,
  connection: QueryClassificationsConnection,
  createInput: MutationCreateClassificationInput,
  updateInput: MutationUpdateClassificationInput,
  listArgs: QueryClassificationsArgs,
  service: ClassificationsService,
  toModel: toClassification,
  scopes: TAX_SCOPES,
  lastState: ClassificationLastState,
}) {}

/** createReferencesForClassification, deleteReferencesFromClassification, Classification.references. */
@Resolver(() => Classification)
export class ClassificationReferencesResolver extends createReferencesResolver({
  name: 'Classification',
  model: Classification,
  service: ClassificationReferences,
  toModel: toClassification,
  createScopes: TAX_SCOPES.create,
  deleteScopes: TAX_SCOPES.delete,
}) {}

/** Classification.rates, .skuIds, .skus, .skuGroupIds, .listIds. */
@Resolver(() => Classification)
export class ClassificationRelationFieldsResolver extends createRelationFieldsResolver(
  'classification',
  Classification,
  ClassificationRelations,
) {}

/** `_entities` for Classification references from other subgraphs, batched per request. */
@Resolver(() => Classification)
export class ClassificationEntityResolver {
  constructor(private readonly classifications: ClassificationsService) {}

  /** The global guard does not run on reference resolvers: the read scope is checked here. */
  @ResolveReference()
  async resolveReference(
    @Parent() reference: { __typename: string; id: string },
    @SubgraphCtx() context: SubgraphContext,
  ): Promise<Classification | null> {
    requireScopes(context, TAX_SCOPES.read);
    const storeId = storeIdOf(context);
    const loader = context.loaders.get<string, ClassificationEntity>('classification-by-id', (ids) =>
      this.classifications.byIds(storeId, ids),
    );
    const entity = await loader.load(reference.id.toLowerCase());
    return entity ? toClassification(entity) : null;
  }
}
