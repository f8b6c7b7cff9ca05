import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { BatchInputPipe, MAX_BATCH_CREATE } from '../records/batch-input.pipe';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { CreateSKUInput } from './sku.input';
import { SKU } from './sku.model';

/** `createSkus(input: [CreateSKUInput!]!)`: 1 to 100 SKU records in one transaction, all or none. */
@Resolver(() => SKU)
export class SkuBatchResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => [SKU], {
    name: 'createSKUs',
    nullable: true,
    deprecationReason: 'Use `createSkus` instead.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  createSKUs(
    @StoreId() storeId: string,
    @Args('input', { type: () => [CreateSKUInput] }, new BatchInputPipe(CreateSKUInput))
    input: CreateSKUInput[],
  ): Promise<SKU[]> {
    return this.createSkus(storeId, input);
  }

  @Mutation(() => [SKU], {
    name: 'createSkus',
    nullable: true,
    description: `Creates 1 to ${MAX_BATCH_CREATE} records in one transaction: all or none.`,
  })
  @RequiresScopes(...CATALOG_WRITE)
  async createSkus(
    @StoreId() storeId: string,
    @Args('input', { type: () => [CreateSKUInput] }, new BatchInputPipe(CreateSKUInput))
    input: CreateSKUInput[],
  ): Promise<SKU[]> {
    const rows = await this.records.createMany(storeId, SKU_KIND, input);
    return rows.map((row) => toRecordModel(SKU, SKU_KIND, row));
  }
}
