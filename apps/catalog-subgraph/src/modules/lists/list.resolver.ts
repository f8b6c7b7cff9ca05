import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { LIST_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { ListListArgs, MutationCreateListInput, MutationUpdateListInput } from './list.input';
import { List, QueryListsConnection } from './list.model';

/**
 * List records: `list(id)`, `lists(…)`, `createList`, `updateList`, `archiveList`.
 */
@Resolver(() => List)
export class ListResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => List, { name: 'list', nullable: true, description: 'One List of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async list(@StoreId() storeId: string, @Args('id', { type: () => String }) id: string): Promise<List> {
    return toRecordModel(List, LIST_KIND, await this.records.get(storeId, LIST_KIND.kind, id));
  }

  @Query(() => QueryListsConnection, {
    name: 'lists',
    nullable: true,
    description: "The store's List records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async lists(
    @StoreId() storeId: string,
    @ArgsOf(ListListArgs) args: ListListArgs,
  ): Promise<ConnectionShape<List>> {
    return toCountedConnection(await this.records.list(storeId, LIST_KIND, args ?? {}), (row) =>
      toRecordModel(List, LIST_KIND, row),
    );
  }

  @Mutation(() => List, { name: 'createList', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createList(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateListInput) input: MutationCreateListInput,
  ): Promise<List> {
    return toRecordModel(List, LIST_KIND, await this.records.create(storeId, LIST_KIND, input));
  }

  @Mutation(() => List, { name: 'updateList', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateListInput) input: MutationUpdateListInput,
  ): Promise<List> {
    return toRecordModel(List, LIST_KIND, await this.records.update(storeId, LIST_KIND, id, input));
  }

  @Mutation(() => List, {
    name: 'archiveList',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveList(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<List> {
    return toRecordModel(List, LIST_KIND, await this.records.archive(storeId, LIST_KIND, id));
  }
}
