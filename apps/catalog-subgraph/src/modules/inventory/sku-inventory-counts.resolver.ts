import { ArgsType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { storeIdOf } from '@platform/commerce-graphql';
import {
  ArgsOf,
  ConnectionArgs,
  ConnectionShape,
  OptionalNestedField,
  Page,
  SubgraphCtx,
  SubgraphContext,
  createConnectionType,
  toCountedConnection,
} from '@platform/graphql-subgraph';
import { OrderBy, PaginationType, PaginationTypeField, orderByInput } from '../records/record-filters';
import { SKU } from '../skus/sku.model';
import { InventoryTypeCountEntity } from './inventory-type-count.entity';
import { InventoryCount, toInventoryCount } from './inventory.model';
import { SkuCountArgs, SkuInventoryCountsService } from './sku-inventory-counts.service';

// The same class inventoryCounts' orderBy uses (orderByInput makes one per name).
const countOrderBy = orderByInput('InventoryCountOrderBy', ['createdAt', 'id']);

@ArgsType()
class SkuInventoryCountsArgs extends ConnectionArgs implements SkuCountArgs {
  @OptionalNestedField(() => countOrderBy, 'createdAt (default, ASC) or id; the id breaks ties.')
  orderBy?: OrderBy | null;

  @PaginationTypeField()
  paginationType?: PaginationType | null;
}

const SKUInventoryCountsConnection = createConnectionType(InventoryCount, 'SKUInventoryCountsConnection', {
  totalCount: true,
});

/**
 * `SKU.inventoryCounts`: the SKU's counts by location and type (ON_HAND, COMMITTED, AVAILABLE),
 * keyset-paged, for every SKU of a response in one query (one more for `totalCount`).
 */
@Resolver(() => SKU)
export class SkuInventoryCountsResolver {
  constructor(private readonly counts: SkuInventoryCountsService) {}

  @ResolveField('inventoryCounts', () => SKUInventoryCountsConnection, {
    nullable: true,
    description: 'Its inventory counts at every location, by type; oldest first by default.',
  })
  async inventoryCounts(
    @Parent() sku: SKU,
    @SubgraphCtx() context: SubgraphContext,
    @ArgsOf(SkuInventoryCountsArgs) args: SkuInventoryCountsArgs,
  ): Promise<ConnectionShape<InventoryCount>> {
    const storeId = storeIdOf(context);
    const request = JSON.stringify(args ?? {});
    const pages = context.loaders.get<string, Page<InventoryTypeCountEntity> | Error>(
      `sku-inventory-counts:${request}`,
      (ids) => this.counts.pages(storeId, ids, args ?? {}),
    );
    const totals = context.loaders.get<string, number>('sku-inventory-counts:total', (ids) =>
      this.counts.counts(storeId, ids),
    );
    const page = await pages.load(sku.id);
    if (page instanceof Error) throw page;
    return toCountedConnection(
      {
        page: page ?? {
          edges: [],
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        },
        totalCount: async () => (await totals.load(sku.id)) ?? 0,
      },
      toInventoryCount,
    );
  }
}
