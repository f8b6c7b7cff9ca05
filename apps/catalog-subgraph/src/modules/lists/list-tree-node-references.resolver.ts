import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import type { RemoveReferences, SetReferences } from '@platform/graphql-subgraph';
import { CatalogReferencesService } from '../records/catalog-references.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_TREE_NODE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddReferencesToListTreeNodeInput,
  MutationRemoveReferencesFromListTreeNodeInput,
} from './list-tree-node.input';
import { ListTreeNode } from './list-tree-node.model';

/**
 * `addReferencesToListTreeNode(id, input)` and `removeReferencesFromListTreeNode(id, input)`: a
 * ListTreeNode's external references, each call
 * in one transaction (catalog-references.service.ts); both return the record.
 */
@Resolver(() => ListTreeNode)
export class ListTreeNodeReferencesResolver {
  constructor(private readonly references: CatalogReferencesService) {}

  @Mutation(() => ListTreeNode, { name: 'addReferencesToListTreeNode', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async addReferencesToListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddReferencesToListTreeNodeInput) input: SetReferences,
  ): Promise<ListTreeNode> {
    const row = await this.references.upsert(storeId, LIST_TREE_NODE_KIND.kind, id, input.references);
    return toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row);
  }

  @Mutation(() => ListTreeNode, { name: 'removeReferencesFromListTreeNode', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async removeReferencesFromListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveReferencesFromListTreeNodeInput) input: RemoveReferences,
  ): Promise<ListTreeNode> {
    const row = await this.references.delete(storeId, LIST_TREE_NODE_KIND.kind, id, input.names);
    return toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row);
  }
}
