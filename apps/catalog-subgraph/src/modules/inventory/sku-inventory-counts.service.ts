import { Injectable } from '@nestjs/common';
import { ConnectionArgs, Page, SortDirection, SubgraphErrors, pageRequest } from '@platform/graphql-subgraph';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { assertCursorPaging } from '../records/list-query';
import type { OrderBy, PaginationType } from '../records/record-filters';
import { RecordSort, ownerCounts, ownerKeysetPages } from '../records/record-keyset';
import { InventoryTypeCountEntity } from './inventory-type-count.entity';

/** `SKU.inventoryCounts`' arguments (sku-inventory-counts.resolver.ts). */
export interface SkuCountArgs extends ConnectionArgs {
  orderBy?: OrderBy | null;
  paginationType?: PaginationType | null;
}

const ALIAS = 't';
const SORTS: Readonly<Record<'createdAt' | 'id', RecordSort>> = {
  createdAt: { key: 'CREATED_AT', sqlType: 'timestamptz', sql: `"${ALIAS}"."created_at"` },
  id: { key: 'ID', sqlType: 'uuid', sql: `"${ALIAS}"."id"` },
};

/**
 * The inventory counts of each SKU of a loader's batch (`SKU.inventoryCounts`): one keyset page per
 * SKU in one query, oldest first by default, and their counts in one more, as the catalog's
 * relation connections page (records/record-keyset.ts).
 */
@Injectable()
export class SkuInventoryCountsService {
  constructor(private readonly dataSource: DataSource) {}

  private query(storeId: string): SelectQueryBuilder<InventoryTypeCountEntity> {
    return this.dataSource
      .getRepository(InventoryTypeCountEntity)
      .createQueryBuilder(ALIAS)
      .where(`${ALIAS}.storeId = :storeId AND ${ALIAS}.skuId = o.owner_id`, { storeId });
  }

  pages(
    storeId: string,
    skuIds: readonly string[],
    args: SkuCountArgs,
  ): Promise<Map<string, Page<InventoryTypeCountEntity> | Error>> {
    assertCursorPaging(args.paginationType);
    const [sort, direction] = sortOf(args.orderBy);
    return ownerKeysetPages(this.query(storeId), skuIds, pageRequest(args), sort, direction);
  }

  counts(storeId: string, skuIds: readonly string[]): Promise<Map<string, number>> {
    return ownerCounts(this.query(storeId), skuIds);
  }
}

/** createdAt (default) or id, one of them; the id breaks ties. */
function sortOf(orderBy: OrderBy | null | undefined): [RecordSort, SortDirection] {
  const given = Object.entries(orderBy ?? {}).filter(([, direction]) => direction != null);
  if (given.length > 1)
    throw SubgraphErrors.badField(['orderBy'], 'INVALID_VALUE', 'orderBy takes one field');
  const [field, direction] = given[0] ?? ['createdAt', 'ASC'];
  return [SORTS[field as keyof typeof SORTS], direction as SortDirection];
}
