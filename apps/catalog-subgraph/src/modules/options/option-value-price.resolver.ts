import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_VALUE_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationCreateOptionValuePriceInput,
  MutationUpdateOptionValuePriceInput,
  OptionValuePriceListArgs,
} from './option-value-price.input';
import { OptionValuePrice, QueryOptionValuePricesConnection } from './option-value-price.model';

/**
 * OptionValuePrice records: `optionValuePrice(id)`, `optionValuePrices(…)`,
 * `createOptionValuePrice`, `updateOptionValuePrice`, `archiveOptionValuePrice`.
 */
@Resolver(() => OptionValuePrice)
export class OptionValuePriceResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => OptionValuePrice, {
    name: 'optionValuePrice',
    nullable: true,
    description: 'One OptionValuePrice of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async optionValuePrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<OptionValuePrice> {
    return toRecordModel(
      OptionValuePrice,
      OPTION_VALUE_PRICE_KIND,
      await this.records.get(storeId, OPTION_VALUE_PRICE_KIND.kind, id),
    );
  }

  @Query(() => QueryOptionValuePricesConnection, {
    name: 'optionValuePrices',
    nullable: true,
    description: "The store's OptionValuePrice records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async optionValuePrices(
    @StoreId() storeId: string,
    @ArgsOf(OptionValuePriceListArgs) args: OptionValuePriceListArgs,
  ): Promise<ConnectionShape<OptionValuePrice>> {
    return toCountedConnection(await this.records.list(storeId, OPTION_VALUE_PRICE_KIND, args ?? {}), (row) =>
      toRecordModel(OptionValuePrice, OPTION_VALUE_PRICE_KIND, row),
    );
  }

  @Mutation(() => OptionValuePrice, { name: 'createOptionValuePrice', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createOptionValuePrice(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateOptionValuePriceInput) input: MutationCreateOptionValuePriceInput,
  ): Promise<OptionValuePrice> {
    return toRecordModel(
      OptionValuePrice,
      OPTION_VALUE_PRICE_KIND,
      await this.records.create(storeId, OPTION_VALUE_PRICE_KIND, input),
    );
  }

  @Mutation(() => OptionValuePrice, { name: 'updateOptionValuePrice', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateOptionValuePrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateOptionValuePriceInput) input: MutationUpdateOptionValuePriceInput,
  ): Promise<OptionValuePrice> {
    return toRecordModel(
      OptionValuePrice,
      OPTION_VALUE_PRICE_KIND,
      await this.records.update(storeId, OPTION_VALUE_PRICE_KIND, id, input),
    );
  }

  @Mutation(() => OptionValuePrice, {
    name: 'archiveOptionValuePrice',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveOptionValuePrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<OptionValuePrice> {
    return toRecordModel(
      OptionValuePrice,
      OPTION_VALUE_PRICE_KIND,
      await this.records.archive(storeId, OPTION_VALUE_PRICE_KIND, id),
    );
  }
}
