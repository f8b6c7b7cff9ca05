import { Args, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CATALOG_READ } from '../records/catalog-scopes';
import { SKUListArgs } from './sku.input';
import { QuerySkusConnection, SKU } from './sku.model';
import { SkuResolver } from './sku.resolver';

/** The deprecated `SKU(id)` and `SKUs(…)` the public graph still serves: the answers of `sku` and `skus`. */
@Resolver(() => SKU)
export class SkuDeprecatedQueriesResolver {
  constructor(private readonly skus: SkuResolver) {}

  @Query(() => SKU, { name: 'SKU', nullable: true, deprecationReason: 'Use sku instead.' })
  @RequiresScopes(...CATALOG_READ)
  SKU(@StoreId() storeId: string, @Args('id', { type: () => String }) id: string): Promise<SKU> {
    return this.skus.sku(storeId, id);
  }

  @Query(() => QuerySkusConnection, { name: 'SKUs', nullable: true, deprecationReason: 'Use skus instead.' })
  @RequiresScopes(...CATALOG_READ)
  SKUs(@StoreId() storeId: string, @ArgsOf(SKUListArgs) args: SKUListArgs): Promise<ConnectionShape<SKU>> {
    return this.skus.skus(storeId, args);
  }
}
