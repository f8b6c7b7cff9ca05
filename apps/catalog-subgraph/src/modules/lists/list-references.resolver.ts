import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationAddReferencesToListInput, MutationRemoveReferencesFromListInput } from './list.input';
import { List } from './list.model';

/**
 * `addReferencesToList(id, input)` and `removeReferencesFromList(id, input)`: a List's external
 * references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => List)
export class ListReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => List, { name: 'addReferencesToList', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToListInput) input: SetReferences,
  ): Promise<List> {
    const row = await this.references.upsert(storeId, LIST_KIND.kind, id, input.references);
    return toRecordModel(List, LIST_KIND, row);
  }

  @Mutation(() => List, { name: 'removeReferencesFromList', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromListInput) input: RemoveReferences,
  ): Promise<List> {
    const row = await this.references.delete(storeId, LIST_KIND.kind, id, input.names);
    return toRecordModel(List, LIST_KIND, row);
  }
}
