import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationCreateOptionInput, MutationUpdateOptionInput, OptionListArgs } from './option.input';
import { ListOption, Option, QueryOptionsConnection } from './option.model';

/**
 * Option records: `option(id)`, `options(…)`, `createOption`, `updateOption`, `archiveOption`.
 */
@Resolver(() => ListOption)
export class OptionResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => ListOption, { name: 'option', nullable: true, description: 'One Option of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async option(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<ListOption> {
    return toRecordModel(ListOption, OPTION_KIND, await this.records.get(storeId, OPTION_KIND.kind, id));
  }

  @Query(() => QueryOptionsConnection, {
    name: 'options',
    nullable: true,
    description: "The store's Option records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async options(
    @StoreId() storeId: string,
    @ArgsOf(OptionListArgs) args: OptionListArgs,
  ): Promise<ConnectionShape<ListOption>> {
    return toCountedConnection(await this.records.list(storeId, OPTION_KIND, args ?? {}), (row) =>
      toRecordModel(ListOption, OPTION_KIND, row),
    );
  }

  @Mutation(() => Option, { name: 'createOption', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createOption(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateOptionInput) input: MutationCreateOptionInput,
  ): Promise<ListOption> {
    return toRecordModel(ListOption, OPTION_KIND, await this.records.create(storeId, OPTION_KIND, input));
  }

  @Mutation(() => Option, { name: 'updateOption', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateOptionInput) input: MutationUpdateOptionInput,
  ): Promise<ListOption> {
    return toRecordModel(ListOption, OPTION_KIND, await this.records.update(storeId, OPTION_KIND, id, input));
  }

  @Mutation(() => Option, {
    name: 'archiveOption',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveOption(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<ListOption> {
    return toRecordModel(ListOption, OPTION_KIND, await this.records.archive(storeId, OPTION_KIND, id));
  }
}
