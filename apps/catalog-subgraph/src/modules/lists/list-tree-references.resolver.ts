import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_TREE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddReferencesToListTreeInput,
  MutationRemoveReferencesFromListTreeInput,
} from './list-tree.input';
import { ListTree } from './list-tree.model';

/**
 * `addReferencesToListTree(id, input)` and `removeReferencesFromListTree(id, input)`: a ListTree's
 * external references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => ListTree)
export class ListTreeReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => ListTree, { name: 'addReferencesToListTree', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToListTreeInput) input: SetReferences,
  ): Promise<ListTree> {
    const row = await this.references.upsert(storeId, LIST_TREE_KIND.kind, id, input.references);
    return toRecordModel(ListTree, LIST_TREE_KIND, row);
  }

  @Mutation(() => ListTree, { name: 'removeReferencesFromListTree', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromListTreeInput) input: RemoveReferences,
  ): Promise<ListTree> {
    const row = await this.references.delete(storeId, LIST_TREE_KIND.kind, id, input.names);
    return toRecordModel(ListTree, LIST_TREE_KIND, row);
  }
}
