import { KeysetSort, SortDirection, SubgraphErrors, filterValues, isUuid } from '@platform/graphql-subgraph';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { OrderBy, OrderField, PaginationType, ValuesFilter } from './record-filters';
import type { DateRange } from './record-list-args';

/** The distinct well-formed ids of a request, lower case; a malformed id can name no record. */
export function uuidsOf(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
}

/** Only CURSOR paging is served: the public graph's OFFSET is refused. */
export function assertCursorPaging(paginationType: PaginationType | null | undefined): void {
  if (paginationType === PaginationType.OFFSET)
    throw SubgraphErrors.badField(['paginationType'], 'INVALID_VALUE', 'only CURSOR paging is served');
}

/** The sort `orderBy` names among `sorts`: none is createdAt ASC; two fields, or another one, are refused. */
export function sortOf<E>(
  orderBy: OrderBy | null | undefined,
  sorts: Partial<Record<OrderField, KeysetSort<E>>>,
): [KeysetSort<E>, SortDirection] {
  const given = Object.entries(orderBy ?? {}).filter(([, direction]) => direction != null);
  if (given.length > 1)
    throw SubgraphErrors.badField(['orderBy'], 'INVALID_VALUE', 'orderBy takes one field');
  const [field, direction] = given[0] ?? ['createdAt', 'ASC'];
  const sort = sorts[field as OrderField];
  if (!sort)
    throw SubgraphErrors.badField(
      ['orderBy', field],
      'INVALID_VALUE',
      `this list orders by ${Object.keys(sorts).join(', ')}`,
    );
  return [sort, direction as SortDirection];
}

/** `column IN (ids)` of an `{ eq, in }` id filter; no well-formed id matches nothing. */
export function applyUuidFilter<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  column: string,
  param: string,
  filter: ValuesFilter | null | undefined,
): void {
  const given = filterValues(filter);
  if (!given) return;
  const ids = uuidsOf(given);
  if (ids.length === 0) qb.andWhere('1 = 0');
  else qb.andWhere(`${column} IN (:...${param})`, { [param]: ids });
}

/** Every given bound of a timestamp column. */
export function applyDateRange<E extends ObjectLiteral>(
  qb: SelectQueryBuilder<E>,
  column: string,
  param: string,
  range: DateRange | null | undefined,
): void {
  if (!range) return;
  const ops = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
  for (const [key, op] of Object.entries(ops) as [keyof DateRange, string][]) {
    const value = range[key];
    if (value != null) qb.andWhere(`${column} ${op} :${param}_${key}`, { [`${param}_${key}`]: value });
  }
}
