import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { InputArg } from '@platform/graphql-subgraph';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_KIND, SKU_PRICE_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { MutationRemovePricesFromSkuInput, MutationRemovePricesFromSKUInput } from './sku-price.input';
import { SKU } from './sku.model';

/**
 * `removePricesFromSku(id, input)`: removes SKUPrice records of the SKU in one transaction (each archived
 * and unlinked, as a removal does); returns the SKU.
 */
@Resolver(() => SKU)
export class SkuPriceRemovalResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => SKU, {
    name: 'removePricesFromSKU',
    nullable: true,
    deprecationReason: 'Use `removePricesFromSku` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  removePricesFromSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemovePricesFromSKUInput) input: { priceIds: string[] },
  ): Promise<SKU> {
    return this.removePricesFromSku(storeId, id, input);
  }

  @Mutation(() => SKU, {
    name: 'removePricesFromSku',
    nullable: true,
    description: 'Removes SKUPrice records of the SKU (archived, unlinked); returns the SKU.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async removePricesFromSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationRemovePricesFromSkuInput) input: { priceIds: string[] },
  ): Promise<SKU> {
    const row = await this.records.removeChildren(storeId, SKU_PRICE_KIND, id, input.priceIds);
    return toRecordModel(SKU, SKU_KIND, row);
  }
}
