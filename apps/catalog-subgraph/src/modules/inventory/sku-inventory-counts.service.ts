import { Injectable } from '@nestjs/common';
import { ConnectionArgs, Page, SortDirection, SubgraphErrors, pageRequest } from '@platform/graphql-subgraph';
import { assertCursorPaging } from '../records/list-query';
import type { OrderBy, PaginationType } from '../records/record-filters';
import type { RecordSort } from '../records/record-keyset';
import { InventoryTypeCountEntity } from './inventory-type-count.entity';
import { InventoryRepository, SKU_COUNT_SORTS } from './inventory.repository';

/** `SKU.inventoryCounts`' arguments (sku-inventory-counts.resolver.ts). */
export interface SkuCountArgs extends ConnectionArgs {
  orderBy?: OrderBy | null;
  paginationType?: PaginationType | null;
}

/**
 * The inventory counts of each SKU of a loader's batch (`SKU.inventoryCounts`): one keyset page per
 * SKU in one query, oldest first by default, and their counts in one more, as the catalog's
 * relation connections page (records/record-keyset.ts).
 */
@Injectable()
export class SkuInventoryCountsService {
  constructor(private readonly inventory: InventoryRepository) {}

  pages(
    storeId: string,
    skuIds: readonly string[],
    args: SkuCountArgs,
  ): Promise<Map<string, Page<InventoryTypeCountEntity> | Error>> {
    assertCursorPaging(args.paginationType);
    const [sort, direction] = sortOf(args.orderBy);
    return this.inventory.pageTypeCountsOfSkus(storeId, skuIds, pageRequest(args), sort, direction);
  }

  counts(storeId: string, skuIds: readonly string[]): Promise<Map<string, number>> {
    return this.inventory.countTypeCountsOfSkus(storeId, skuIds);
  }
}

/** createdAt (default) or id, one of them; the id breaks ties. */
function sortOf(orderBy: OrderBy | null | undefined): [RecordSort, SortDirection] {
  const given = Object.entries(orderBy ?? {}).filter(([, direction]) => direction != null);
  if (given.length > 1)
    throw SubgraphErrors.badField(['orderBy'], 'INVALID_VALUE', 'orderBy takes one field');
  const [field, direction] = given[0] ?? ['createdAt', 'ASC'];
  return [SKU_COUNT_SORTS[field as keyof typeof SKU_COUNT_SORTS], direction as SortDirection];
}
