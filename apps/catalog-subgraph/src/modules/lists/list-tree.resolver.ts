import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_TREE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  ListTreeListArgs,
  MutationCreateListTreeInput,
  MutationUpdateListTreeInput,
} from './list-tree.input';
import { ListTree, QueryListTreesConnection } from './list-tree.model';

/**
 * ListTree records: `listTree(id)`, `listTrees(…)`, `createListTree`, `updateListTree`, `archiveListTree`.
 */
@Resolver(() => ListTree)
export class ListTreeResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => ListTree, { name: 'listTree', nullable: true, description: 'One ListTree of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async listTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<ListTree> {
    return toRecordModel(ListTree, LIST_TREE_KIND, await this.records.get(storeId, LIST_TREE_KIND.kind, id));
  }

  @Query(() => QueryListTreesConnection, {
    name: 'listTrees',
    nullable: true,
    description: "The store's ListTree records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async listTrees(
    @StoreId() storeId: string,
    @ArgsOf(ListTreeListArgs) args: ListTreeListArgs,
  ): Promise<ConnectionShape<ListTree>> {
    return toCountedConnection(await this.records.list(storeId, LIST_TREE_KIND, args ?? {}), (row) =>
      toRecordModel(ListTree, LIST_TREE_KIND, row),
    );
  }

  @Mutation(() => ListTree, { name: 'createListTree', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createListTree(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateListTreeInput) input: MutationCreateListTreeInput,
  ): Promise<ListTree> {
    return toRecordModel(ListTree, LIST_TREE_KIND, await this.records.create(storeId, LIST_TREE_KIND, input));
  }

  @Mutation(() => ListTree, { name: 'updateListTree', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateListTreeInput) input: MutationUpdateListTreeInput,
  ): Promise<ListTree> {
    return toRecordModel(
      ListTree,
      LIST_TREE_KIND,
      await this.records.update(storeId, LIST_TREE_KIND, id, input),
    );
  }

  @Mutation(() => ListTree, {
    name: 'archiveListTree',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveListTree(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<ListTree> {
    return toRecordModel(ListTree, LIST_TREE_KIND, await this.records.archive(storeId, LIST_TREE_KIND, id));
  }
}
