import type { PlatformError } from '@platform/errors';
import {
  ConnectionArgs,
  Page,
  SortColumn,
  SortDirection,
  filterValues,
  pageRequest,
} from '@platform/graphql-subgraph';
import { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { idsOf } from './list-inputs';
import { StoreScopedRepository, StoreScopedRow } from '@platform/commerce-graphql';

/** The list arguments every tax list has: paging, an id filter and an order. */
export interface TaxListArgs<F extends string> extends ConnectionArgs {
  id?: { eq?: string | null; in?: string[] | null } | null;
  orderBy?: { field: F; direction: SortDirection } | null;
}

/** Narrows a list query to the rows whose status a status filter asks for (none for `in: []`). */
export function whereStatusIn<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  alias: string,
  filter: { eq?: string | null; in?: string[] | null } | null | undefined,
): void {
  const statuses = filterValues(filter);
  if (statuses)
    qb.andWhere(`${alias}.status IN (:...statuses)`, { statuses: statuses.length ? statuses : [''] });
}

/**
 * Storage of one kind of store-scoped tax record (jurisdictions, rates, classifications,
 * overrides): the store's isolation and keyset paging of StoreScopedRepository, plus the list
 * shape every tax list shares.
 */
export abstract class TaxRecordsRepository<E extends StoreScopedRow> extends StoreScopedRepository<E> {
  protected constructor(
    manager: EntityManager,
    entity: EntityTarget<E>,
    notFound: (id: string) => PlatformError,
    alias: string,
  ) {
    super(manager.getRepository(entity), notFound, alias);
  }

  /** One page of the list, oldest first by default, narrowed by the id filter then by `filter`. */
  protected pageOf<F extends string>(
    storeId: string,
    args: TaxListArgs<F>,
    sorts: Record<F, SortColumn<E>>,
    filter?: (qb: SelectQueryBuilder<E>) => void,
  ): Promise<Page<E>> {
    const order = args.orderBy ?? { field: 'CREATED_AT' as F, direction: 'ASC' };
    return this.page(storeId, pageRequest(args), sorts[order.field], order.direction, (qb) => {
      const ids = idsOf(args.id);
      if (ids) this.whereIdIn(qb, ids);
      filter?.(qb);
    });
  }
}
