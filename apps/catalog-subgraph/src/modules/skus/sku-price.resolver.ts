import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import {
  MutationCreateSkuPriceInput,
  MutationCreateSKUPriceInput,
  MutationUpdateSkuPriceInput,
  MutationUpdateSKUPriceInput,
  SKUPriceListArgs,
} from './sku-price.input';
import { QuerySkuPricesConnection, SKUPrice } from './sku-price.model';

/**
 * SKUPrice records: `skuPrice(id)`, `skuPrices(…)`, `createSkuPrice`, `updateSkuPrice`,
 * `archiveSkuPrice`, with the deprecated upper-case spellings the public graph still serves.
 */
@Resolver(() => SKUPrice)
export class SkuPriceResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => SKUPrice, {
    name: 'createSKUPrice',
    nullable: true,
    deprecationReason: 'Use `createSkuPrice` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  createSKUPrice(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateSKUPriceInput) input: MutationCreateSKUPriceInput,
  ): Promise<SKUPrice> {
    return this.createSkuPrice(storeId, input);
  }

  @Mutation(() => SKUPrice, {
    name: 'updateSKUPrice',
    nullable: true,
    deprecationReason: 'Use `updateSkuPrice` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  updateSKUPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSKUPriceInput) input: MutationUpdateSKUPriceInput,
  ): Promise<SKUPrice> {
    return this.updateSkuPrice(storeId, id, input);
  }

  @Query(() => SKUPrice, { name: 'skuPrice', nullable: true, description: 'One SKUPrice of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async skuPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<SKUPrice> {
    return toRecordModel(SKUPrice, SKU_PRICE_KIND, await this.records.get(storeId, SKU_PRICE_KIND.kind, id));
  }

  @Query(() => QuerySkuPricesConnection, {
    name: 'skuPrices',
    nullable: true,
    description: "The store's SKUPrice records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async skuPrices(
    @StoreId() storeId: string,
    @ArgsOf(SKUPriceListArgs) args: SKUPriceListArgs,
  ): Promise<ConnectionShape<SKUPrice>> {
    return toCountedConnection(await this.records.list(storeId, SKU_PRICE_KIND, args ?? {}), (row) =>
      toRecordModel(SKUPrice, SKU_PRICE_KIND, row),
    );
  }

  @Mutation(() => SKUPrice, { name: 'createSkuPrice', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createSkuPrice(
    @StoreId() storeId: string,
    @InputArg('input', MutationCreateSkuPriceInput) input: MutationCreateSkuPriceInput,
  ): Promise<SKUPrice> {
    return toRecordModel(SKUPrice, SKU_PRICE_KIND, await this.records.create(storeId, SKU_PRICE_KIND, input));
  }

  @Mutation(() => SKUPrice, { name: 'updateSkuPrice', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateSkuPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSkuPriceInput) input: MutationUpdateSkuPriceInput,
  ): Promise<SKUPrice> {
    return toRecordModel(
      SKUPrice,
      SKU_PRICE_KIND,
      await this.records.update(storeId, SKU_PRICE_KIND, id, input),
    );
  }

  @Mutation(() => SKUPrice, {
    name: 'archiveSkuPrice',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveSkuPrice(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
  ): Promise<SKUPrice> {
    return toRecordModel(SKUPrice, SKU_PRICE_KIND, await this.records.archive(storeId, SKU_PRICE_KIND, id));
  }
}
