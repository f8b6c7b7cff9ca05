import {
  ConnectionArgs,
  Page,
  SortColumn,
  SortDirection,
  StoreScopedRepository,
  StoreScopedRow,
  pageRequest,
} from '@platform/graphql-subgraph';
import type { PlatformError } from '@platform/errors';
import { DataSource, EntityTarget, SelectQueryBuilder } from 'typeorm';
import { idsOf } from './list-inputs';

/** The list arguments every tax list has: paging, an id filter and an order. */
export interface TaxListArgs<F extends string> extends ConnectionArgs {
  id?: { eq?: string | null; in?: string[] | null } | null;
  orderBy?: { field: F; direction: SortDirection } | null;
}

/** Reads shared by the services of jurisdictions, rates, classifications and overrides. */
export abstract class TaxRecordsService<E extends StoreScopedRow> {
  readonly rows: StoreScopedRepository<E>;

  protected constructor(
    dataSource: DataSource,
    entity: EntityTarget<E>,
    notFound: (id: string) => PlatformError,
    alias: string,
  ) {
    this.rows = new StoreScopedRepository(dataSource.getRepository(entity), notFound, alias);
  }

  get(storeId: string, id: string): Promise<E> {
    return this.rows.get(storeId, id);
  }

  byIds(storeId: string, ids: readonly string[]): Promise<Map<string, E>> {
    return this.rows.byIds(storeId, ids);
  }

  /** One page of the list, oldest first by default, narrowed by the id filter then by `filter`. */
  protected pageOf<F extends string>(
    storeId: string,
    args: TaxListArgs<F>,
    sorts: Record<F, SortColumn<E>>,
    filter?: (qb: SelectQueryBuilder<E>) => void,
  ): Promise<Page<E>> {
    const order = args.orderBy ?? { field: 'CREATED_AT' as F, direction: 'ASC' };
    return this.rows.page(storeId, pageRequest(args), sorts[order.field], order.direction, (qb) => {
      const ids = idsOf(args.id);
      if (ids) this.rows.whereIdIn(qb, ids);
      filter?.(qb);
    });
  }
}
