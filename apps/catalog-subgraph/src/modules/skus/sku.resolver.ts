import { Args, Mutation, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId, storeIdOf } from '@platform/commerce-graphql';
import { ArgsOf, InputArg, requireScopes, toCountedConnection } from '@platform/graphql-subgraph';
import type { ConnectionShape, SubgraphContext } from '@platform/graphql-subgraph';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { CATALOG_READ, CATALOG_WRITE } from '../records/catalog-scopes';
import { SKU_KIND } from '../records/record-kinds';
import { toRecordModel } from '../records/record-model';
import { CreateSKUInput, MutationUpdateSkuInput, MutationUpdateSKUInput, SKUListArgs } from './sku.input';
import { QuerySkusConnection, SKU } from './sku.model';

/**
 * SKU records: `sku(id)`, `skus(…)`, `createSku`, `updateSku`, `archiveSku` and the federation
 * reference, with the deprecated upper-case spellings the public graph still serves.
 */
@Resolver(() => SKU)
export class SkuResolver {
  constructor(private readonly records: CatalogRecordsService) {}

  @Mutation(() => SKU, { name: 'createSKU', nullable: true, deprecationReason: 'Use `createSku` instead.' })
  @RequiresScopes(...CATALOG_WRITE)
  createSKU(
    @StoreId() storeId: string,
    @InputArg('input', CreateSKUInput) input: CreateSKUInput,
  ): Promise<SKU> {
    return this.createSku(storeId, input);
  }

  @Mutation(() => SKU, { name: 'updateSKU', nullable: true, deprecationReason: 'Use `updateSku` instead.' })
  @RequiresScopes(...CATALOG_WRITE)
  updateSKU(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSKUInput) input: MutationUpdateSKUInput,
  ): Promise<SKU> {
    return this.updateSku(storeId, id, input);
  }

  @Mutation(() => SKU, { name: 'archiveSKU', nullable: true, deprecationReason: 'Use `archiveSku` instead.' })
  @RequiresScopes(...CATALOG_WRITE)
  archiveSKU(@StoreId() storeId: string, @Args('id', { type: () => String }) id: string): Promise<SKU> {
    return this.archiveSku(storeId, id);
  }

  @Query(() => SKU, { name: 'sku', nullable: true, description: 'One SKU of the store.' })
  @RequiresScopes(...CATALOG_READ)
  async sku(@StoreId() storeId: string, @Args('id', { type: () => String }) id: string): Promise<SKU> {
    return toRecordModel(SKU, SKU_KIND, await this.records.get(storeId, SKU_KIND.kind, id));
  }

  @Query(() => QuerySkusConnection, {
    name: 'skus',
    nullable: true,
    description: "The store's SKU records, keyset-paged.",
  })
  @RequiresScopes(...CATALOG_READ)
  async skus(
    @StoreId() storeId: string,
    @ArgsOf(SKUListArgs) args: SKUListArgs,
  ): Promise<ConnectionShape<SKU>> {
    return toCountedConnection(await this.records.list(storeId, SKU_KIND, args ?? {}), (row) =>
      toRecordModel(SKU, SKU_KIND, row),
    );
  }

  @Mutation(() => SKU, { name: 'createSku', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async createSku(
    @StoreId() storeId: string,
    @InputArg('input', CreateSKUInput) input: CreateSKUInput,
  ): Promise<SKU> {
    return toRecordModel(SKU, SKU_KIND, await this.records.create(storeId, SKU_KIND, input));
  }

  @Mutation(() => SKU, { name: 'updateSku', nullable: true })
  @RequiresScopes(...CATALOG_WRITE)
  async updateSku(
    @StoreId() storeId: string,
    @Args('id', { type: () => String }) id: string,
    @InputArg('input', MutationUpdateSkuInput) input: MutationUpdateSkuInput,
  ): Promise<SKU> {
    return toRecordModel(SKU, SKU_KIND, await this.records.update(storeId, SKU_KIND, id, input));
  }

  @Mutation(() => SKU, {
    name: 'archiveSku',
    nullable: true,
    description: 'Archives the record (idempotent); it leaves default lists but stays readable by id.',
  })
  @RequiresScopes(...CATALOG_WRITE)
  async archiveSku(@StoreId() storeId: string, @Args('id', { type: () => String }) id: string): Promise<SKU> {
    return toRecordModel(SKU, SKU_KIND, await this.records.archive(storeId, SKU_KIND, id));
  }

  /** Other subgraphs' references to a SKU: every reference of one request in one query. */
  @ResolveReference()
  async resolveReference(reference: { id: string }, context: SubgraphContext): Promise<SKU | null> {
    // The global scope guard does not run for _entities: a reference resolver checks itself.
    requireScopes(context, CATALOG_READ);
    const storeId = storeIdOf(context);
    const loader = context.loaders.get<string, CatalogRecordEntity>(`entity:${SKU_KIND.kind}`, (ids) =>
      this.records.byIds(storeId, SKU_KIND.kind, ids),
    );
    const row = await loader.load(reference.id.toLowerCase());
    return row ? toRecordModel(SKU, SKU_KIND, row) : null;
  }
}
