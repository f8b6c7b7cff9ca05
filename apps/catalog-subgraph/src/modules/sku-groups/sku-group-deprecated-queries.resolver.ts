import { Args, Query, Resolver } from '@nestjs/graphql';
import { RequiresScopes } from '@platform/auth';
import { StoreId } from '@platform/commerce-graphql';
import { ArgsOf } from '@platform/graphql-subgraph';
import type { ConnectionShape } from '@platform/graphql-subgraph';
import { CATALOG_READ } from '../records/catalog-scopes';
import { SKUGroupListArgs } from './sku-group.input';
import { QuerySkuGroupsConnection, SKUGroup } from './sku-group.model';
import { SkuGroupResolver } from './sku-group.resolver';

/**
 * The deprecated `SKUGroup(id)` and `SKUGroups(…)` the public graph still serves: the answers of
 * `skuGroup` and `skuGroups`.
 */
@Resolver(() => SKUGroup)
export class SkuGroupDeprecatedQueriesResolver {
  constructor(private readonly skuGroups: SkuGroupResolver) {}

  @Query(() => SKUGroup, { name: 'SKUGroup', nullable: true, deprecationReason: 'Use skuGroup instead.' })
  @RequiresScopes(...CATALOG_READ)
  SKUGroup(@StoreId() storeId: string, @Args('id', { type: () => String }) id: string): Promise<SKUGroup> {
    return this.skuGroups.skuGroup(storeId, id);
  }

  @Query(() => QuerySkuGroupsConnection, {
    name: 'SKUGroups',
    nullable: true,
    deprecationReason: 'Use skuGroups instead.',
  })
  @RequiresScopes(...CATALOG_READ)
  SKUGroups(
    @StoreId() storeId: string,
    @ArgsOf(SKUGroupListArgs) args: SKUGroupListArgs,
  ): Promise<ConnectionShape<SKUGroup>> {
    return this.skuGroups.skuGroups(storeId, args);
  }
}
