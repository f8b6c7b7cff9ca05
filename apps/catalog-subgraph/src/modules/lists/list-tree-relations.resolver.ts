import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogLinksService } from '../records/catalog-links.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_TREE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationAddChannelsToListTreeInput,
  MutationAddListTreeNodesToListTreeInput,
  MutationRemoveChannelsFromListTreeInput,
  MutationRemoveListTreeNodesFromListTreeInput,
} from './list-tree.input';
import { ListTree } from './list-tree.model';

/**
 * The members of a ListTree's relations: add and remove (both idempotent), each
 * returning the ListTree, with the deprecated `…SKU…` spellings the public graph keeps.
 */
@Resolver(() => ListTree)
export class ListTreeRelationsResolver {
  constructor(private readonly links: CatalogLinksService) {}

  @Mutation(() => ListTree, {
    name: 'addListTreeNodesToListTree',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addListTreeNodesToListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddListTreeNodesToListTreeInput) input: { listTreeNodeIds: string[] },
  ): Promise<ListTree> {
    const row = await this.links.add(storeId, id, 'LIST_TREE:LIST_TREE_NODE', input.listTreeNodeIds);
    return toRecordModel(ListTree, LIST_TREE_KIND, row);
  }

  @Mutation(() => ListTree, {
    name: 'removeListTreeNodesFromListTree',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeListTreeNodesFromListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveListTreeNodesFromListTreeInput) input: { listTreeNodeIds: string[] },
  ): Promise<ListTree> {
    const row = await this.links.remove(storeId, id, 'LIST_TREE:LIST_TREE_NODE', input.listTreeNodeIds);
    return toRecordModel(ListTree, LIST_TREE_KIND, row);
  }

  @Mutation(() => ListTree, {
    name: 'addChannelsToListTree',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async addChannelsToListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationAddChannelsToListTreeInput) input: { channelIds: string[] },
  ): Promise<ListTree> {
    const row = await this.links.add(storeId, id, 'LIST_TREE:CHANNEL', input.channelIds);
    return toRecordModel(ListTree, LIST_TREE_KIND, row);
  }

  @Mutation(() => ListTree, {
    name: 'removeChannelsFromListTree',
    nullable: true,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removeChannelsFromListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemoveChannelsFromListTreeInput) input: { channelIds: string[] },
  ): Promise<ListTree> {
    const row = await this.links.remove(storeId, id, 'LIST_TREE:CHANNEL', input.channelIds);
    return toRecordModel(ListTree, LIST_TREE_KIND, row);
  }
}
