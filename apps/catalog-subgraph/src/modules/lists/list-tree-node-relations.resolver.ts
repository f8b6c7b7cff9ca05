import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_TREE_NODE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddListsToListTreeNodeInput,
  MutationAddListTreeNodesToParentListTreeNodeInput,
  MutationRemoveListsFromListTreeNodeInput,
  MutationRemoveListTreeNodesFromParentListTreeNodeInput,
} from './list-tree-node.input';
import { ListTreeNode } from './list-tree-node.model';

/**
 * The members of a ListTreeNode's relations: add and remove (both idempotent), each
 * returning the ListTreeNode, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => ListTreeNode)
export class ListTreeNodeRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => ListTreeNode, {
    name: 'addListsToListTreeNode',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addListsToListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddListsToListTreeNodeInput) input: { listIds: string[] },
  ): Promise<ListTreeNode> {
    const row = await this.links.add(storeId, id, 'LIST_TREE_NODE:LIST', input.listIds);
    return toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row);
  }

  @Mutation(() => ListTreeNode, {
    name: 'removeListsFromListTreeNode',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeListsFromListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveListsFromListTreeNodeInput) input: { listIds: string[] },
  ): Promise<ListTreeNode> {
    const row = await this.links.remove(storeId, id, 'LIST_TREE_NODE:LIST', input.listIds);
    return toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row);
  }

  @Mutation(() => ListTreeNode, {
    name: 'addListTreeNodesToParentListTreeNode',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addListTreeNodesToParentListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddListTreeNodesToParentListTreeNodeInput)
    input: { listTreeNodeIds: string[] },
  ): Promise<ListTreeNode> {
    const row = await this.links.add(storeId, id, 'LIST_TREE_NODE:LIST_TREE_NODE', input.listTreeNodeIds);
    return toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row);
  }

  @Mutation(() => ListTreeNode, {
    name: 'removeListTreeNodesFromParentListTreeNode',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeListTreeNodesFromParentListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveListTreeNodesFromParentListTreeNodeInput)
    input: { listTreeNodeIds: string[] },
  ): Promise<ListTreeNode> {
    const row = await this.links.remove(storeId, id, 'LIST_TREE_NODE:LIST_TREE_NODE', input.listTreeNodeIds);
    return toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row);
  }
}
