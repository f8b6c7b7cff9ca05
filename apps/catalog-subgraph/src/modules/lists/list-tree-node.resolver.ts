import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_TREE_NODE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  ListTreeNodeListArgs,
  MutationCreateListTreeNodeInput,
  MutationUpdateListTreeNodeInput,
} from './list-tree-node.input';
import { ListTreeNode, QueryListTreeNodesConnection } from './list-tree-node.model';

/**
 * ListTreeNode records: `listTreeNode(id)`, `listTreeNodes(…)`, `createListTreeNode`,
 * `updateListTreeNode`, `archiveListTreeNode`.
 */
@Resolver(() => ListTreeNode)
export class ListTreeNodeResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => ListTreeNode, {
    name: 'listTreeNode',
    nullable: true,
    description: 'One ListTreeNode of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async listTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<ListTreeNode> {
    return toRecordModel(
      ListTreeNode,
      LIST_TREE_NODE_KIND,
      await this.records.get(storeId, LIST_TREE_NODE_KIND.kind, id),
    );
  }

  @Query(() => QueryListTreeNodesConnection, {
    name: 'listTreeNodes',
    nullable: true,
    description: "The store's ListTreeNode records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async listTreeNodes(
    @StoreId() storeId: string,
    @ArgsOf(ListTreeNodeListArgs) args: ListTreeNodeListArgs,
  ): Promise<ConnectionShape<ListTreeNode>> {
    return toCountedConnection(await this.records.list(storeId, LIST_TREE_NODE_KIND, args ?? {}), (row) =>
      toRecordModel(ListTreeNode, LIST_TREE_NODE_KIND, row),
    );
  }

  @Mutation(() => ListTreeNode, { name: 'createListTreeNode', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createListTreeNode(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateListTreeNodeInput) input: MutationCreateListTreeNodeInput,
  ): Promise<ListTreeNode> {
    return toRecordModel(
      ListTreeNode,
      LIST_TREE_NODE_KIND,
      await this.records.create(storeId, LIST_TREE_NODE_KIND, input),
    );
  }

  @Mutation(() => ListTreeNode, { name: 'updateListTreeNode', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateListTreeNodeInput) input: MutationUpdateListTreeNodeInput,
  ): Promise<ListTreeNode> {
    return toRecordModel(
      ListTreeNode,
      LIST_TREE_NODE_KIND,
      await this.records.update(storeId, LIST_TREE_NODE_KIND, id, input),
    );
  }

  @Mutation(() => ListTreeNode, {
    name: 'archiveListTreeNode',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveListTreeNode(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<ListTreeNode> {
    return toRecordModel(
      ListTreeNode,
      LIST_TREE_NODE_KIND,
      await this.records.archive(storeId, LIST_TREE_NODE_KIND, id),
    );
  }
}
