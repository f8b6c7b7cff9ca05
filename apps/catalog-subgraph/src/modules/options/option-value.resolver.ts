import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_VALUE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationCreateOptionValueInput,
  MutationUpdateOptionValueInput,
  OptionValueListArgs,
} from './option-value.input';
import { OptionValue, QueryOptionValuesConnection } from './option-value.model';

/**
 * OptionValue records: `optionValue(id)`, `optionValues(…)`, `createOptionValue`,
 * `updateOptionValue`, `archiveOptionValue`.
 */
@Resolver(() => OptionValue)
export class OptionValueResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => OptionValue, {
    name: 'optionValue',
    nullable: true,
    description: 'One OptionValue of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async optionValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<OptionValue> {
    return toRecordModel(
      OptionValue,
      OPTION_VALUE_KIND,
      await this.records.get(storeId, OPTION_VALUE_KIND.kind, id),
    );
  }

  @Query(() => QueryOptionValuesConnection, {
    name: 'optionValues',
    nullable: true,
    description: "The store's OptionValue records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async optionValues(
    @StoreId() storeId: string,
    @ArgsOf(OptionValueListArgs) args: OptionValueListArgs,
  ): Promise<ConnectionShape<OptionValue>> {
    return toCountedConnection(await this.records.list(storeId, OPTION_VALUE_KIND, args ?? {}), (row) =>
      toRecordModel(OptionValue, OPTION_VALUE_KIND, row),
    );
  }

  @Mutation(() => OptionValue, { name: 'createOptionValue', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createOptionValue(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateOptionValueInput) input: MutationCreateOptionValueInput,
  ): Promise<OptionValue> {
    return toRecordModel(
      OptionValue,
      OPTION_VALUE_KIND,
      await this.records.create(storeId, OPTION_VALUE_KIND, input),
    );
  }

  @Mutation(() => OptionValue, { name: 'updateOptionValue', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateOptionValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateOptionValueInput) input: MutationUpdateOptionValueInput,
  ): Promise<OptionValue> {
    return toRecordModel(
      OptionValue,
      OPTION_VALUE_KIND,
      await this.records.update(storeId, OPTION_VALUE_KIND, id, input),
    );
  }

  @Mutation(() => OptionValue, {
    name: 'archiveOptionValue',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveOptionValue(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<OptionValue> {
    return toRecordModel(
      OptionValue,
      OPTION_VALUE_KIND,
      await this.records.archive(storeId, OPTION_VALUE_KIND, id),
    );
  }
}
