import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { OPTION_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationCreateOptionPriceInput,
  MutationUpdateOptionPriceInput,
  OptionPriceListArgs,
} from './option-price.input';
import { OptionPrice, QueryOptionPricesConnection } from './option-price.model';

/**
 * OptionPrice records: `optionPrice(id)`, `optionPrices(…)`, `createOptionPrice`,
 * `updateOptionPrice`, `archiveOptionPrice`.
 */
@Resolver(() => OptionPrice)
export class OptionPriceResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Query(() => OptionPrice, {
    name: 'optionPrice',
    nullable: true,
    description: 'One OptionPrice of the store.',
  })
  @RequiresScopes(...CATALOG_READ)
  async optionPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<OptionPrice> {
    return toRecordModel(
      OptionPrice,
      OPTION_PRICE_KIND,
      await this.records.get(storeId, OPTION_PRICE_KIND.kind, id),
    );
  }

  @Query(() => QueryOptionPricesConnection, {
    name: 'optionPrices',
    nullable: true,
    description: "The store's OptionPrice records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async optionPrices(
    @StoreId() storeId: string,
    @ArgsOf(OptionPriceListArgs) args: OptionPriceListArgs,
  ): Promise<ConnectionShape<OptionPrice>> {
    return toCountedConnection(await this.records.list(storeId, OPTION_PRICE_KIND, args ?? {}), (row) =>
      toRecordModel(OptionPrice, OPTION_PRICE_KIND, row),
    );
  }

  @Mutation(() => OptionPrice, { name: 'createOptionPrice', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createOptionPrice(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateOptionPriceInput) input: MutationCreateOptionPriceInput,
  ): Promise<OptionPrice> {
    return toRecordModel(
      OptionPrice,
      OPTION_PRICE_KIND,
      await this.records.create(storeId, OPTION_PRICE_KIND, input),
    );
  }

  @Mutation(() => OptionPrice, { name: 'updateOptionPrice', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateOptionPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateOptionPriceInput) input: MutationUpdateOptionPriceInput,
  ): Promise<OptionPrice> {
    return toRecordModel(
      OptionPrice,
      OPTION_PRICE_KIND,
      await this.records.update(storeId, OPTION_PRICE_KIND, id, input),
    );
  }

  @Mutation(() => OptionPrice, {
    name: 'archiveOptionPrice',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveOptionPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<OptionPrice> {
    return toRecordModel(
      OptionPrice,
      OPTION_PRICE_KIND,
      await this.records.archive(storeId, OPTION_PRICE_KIND, id),
    );
  }
}
