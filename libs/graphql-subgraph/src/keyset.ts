import { createHash } from 'node:crypto';
import { isUuid } from '@platform/ids';
import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { CountedPage, Page, PageRequest, decodeCursor, encodeCursor, invalidCursor } from './connection';

/**
 * A row a keyset list can sort by time. The application writes its timestamps with millisecond
 * precision (`nowMs`, never `now()` in SQL): keyset cursors carry them as ISO strings, which must
 * compare exactly with the column's value.
 */
export interface TimestampedRow extends ObjectLiteral {
  createdAt: Date;
  updatedAt: Date;
}

export type SortDirection = 'ASC' | 'DESC';

/** One sortable column of a list: its public key (in cursors), entity property and SQL type. */
export interface SortColumn<E> {
  /** The `orderBy.field` value, e.g. CREATED_AT; cursors remember it. */
  readonly key: string;
  readonly property: keyof E & string;
  readonly sqlType: 'timestamptz' | 'text';
  /** The row's value as the cursor holds it. */
  readonly valueOf: (row: E) => string;
}

/** Sorts by creation time: the default of every list. */
export function createdAtSort<E extends TimestampedRow>(): SortColumn<E> {
  return {
    key: 'CREATED_AT',
    property: 'createdAt',
    sqlType: 'timestamptz',
    valueOf: (r) => r.createdAt.toISOString(),
  };
}

export function updatedAtSort<E extends TimestampedRow>(): SortColumn<E> {
  return {
    key: 'UPDATED_AT',
    property: 'updatedAt',
    sqlType: 'timestamptz',
    valueOf: (r) => r.updatedAt.toISOString(),
  };
}

export function textSort<E extends ObjectLiteral>(key: string, property: keyof E & string): SortColumn<E> {
  return { key, property, sqlType: 'text', valueOf: (r) => String(r[property]) };
}

/** The clock of rows that keyset lists sort by time: millisecond precision by construction (a JS Date). */
export function nowMs(): Date {
  return new Date();
}

/** What keysetPage sorts by: a SortColumn, or any column of the same shape (bigint, …). */
export interface KeysetSort<E> {
  /** The sort's public key; cursors remember it. */
  readonly key: string;
  readonly property: string;
  /** The SQL type the cursor's value is cast to. */
  readonly sqlType: string;
  /** The row's value as the cursor holds it. */
  readonly valueOf: (row: E) => string;
}

/**
 * What a cursor of `qb` is bound to: the list's SQL (table, tenant, filters) and its parameters,
 * read before the cursor's own condition and the order are added. A cursor issued for another
 * list, tenant or filter therefore fails to decode (INVALID_CURSOR) instead of paging elsewhere.
 */
export function cursorScope(qb: SelectQueryBuilder<ObjectLiteral>): string {
  return createHash('sha256')
    .update(qb.getQuery())
    .update('\n')
    .update(JSON.stringify(qb.getParameters()))
    .digest('base64url');
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const BIGINT = /^-?\d{1,19}$/;
const INT8_MAX = 9223372036854775807n;

/** Whether a cursor's sort value can be cast to the column's SQL type (never a SQL error). */
export function isCursorValue(sqlType: string, value: string | null): value is string {
  if (value === null) return false;
  switch (sqlType) {
    case 'timestamptz': {
      if (!ISO_MS.test(value)) return false;
      const at = new Date(value);
      return !Number.isNaN(at.getTime()) && at.toISOString() === value;
    }
    case 'bigint':
      return BIGINT.test(value) && BigInt(value) <= INT8_MAX && BigInt(value) >= -INT8_MAX - 1n;
    case 'uuid':
      return isUuid(value);
    case 'text':
      return true;
    default:
      return false;
  }
}

/**
 * One keyset page over `qb`: ORDER BY (sort column, id) in `direction`, continuing strictly after
 * (or before) the cursor's position; fetches size + 1 rows to know whether another page exists.
 * Cursors are bound to the list's query (cursorScope) and sort; their value must cast to the sort's
 * SQL type. With `uuidIds`, a cursor whose id is not a uuid is refused and the id is compared as a uuid.
 */
export async function keysetPage<E extends ObjectLiteral & { id: string }>(
  qb: SelectQueryBuilder<E>,
  alias: string,
  request: PageRequest,
  sort: KeysetSort<E>,
  direction: SortDirection,
  options: { uuidIds?: boolean } = {},
): Promise<Page<E>> {
  const a = alias;
  const forward = request.direction === 'forward';
  const scanDirection: SortDirection = forward ? direction : direction === 'ASC' ? 'DESC' : 'ASC';
  const scope = cursorScope(qb);
  if (request.cursor !== undefined) {
    const argument = forward ? 'after' : 'before';
    const position = decodeCursor(request.cursor, sort.key, argument, scope);
    if (!isCursorValue(sort.sqlType, position.value) || (options.uuidIds && !isUuid(position.id)))
      throw invalidCursor(argument);
    const op = scanDirection === 'ASC' ? '>' : '<';
    const cursorId = options.uuidIds ? 'CAST(:cursorId AS uuid)' : ':cursorId';
    qb.andWhere(
      `(${a}.${sort.property}, ${a}.id) ${op} (CAST(:cursorValue AS ${sort.sqlType}), ${cursorId})`,
      {
        cursorValue: position.value,
        cursorId: position.id,
      },
    );
  }
  qb.orderBy(`${a}.${sort.property}`, scanDirection)
    .addOrderBy(`${a}.id`, scanDirection)
    .limit(request.size + 1);
  const rows = await qb.getMany();
  return keysetPageOfRows(rows, request, (node) =>
    encodeCursor({ sort: sort.key, value: sort.valueOf(node), id: node.id }, scope),
  );
}

/** keysetPage, plus the count of every row `qb` matches (its filters, not the cursor), on demand. */
export async function countedKeysetPage<E extends ObjectLiteral & { id: string }>(
  ...args: Parameters<typeof keysetPage<E>>
): Promise<CountedPage<E>> {
  const counter = args[0].clone();
  const page = await keysetPage(...args);
  return { page, totalCount: () => counter.getCount() };
}

/**
 * The page of `rows`, fetched in scan order with LIMIT size + 1 (one more row tells whether another
 * page exists): at most `request.size` rows in the list's order, each with its cursor.
 */
export function keysetPageOfRows<E>(
  rows: readonly E[],
  request: PageRequest,
  cursorOf: (node: E) => string,
): Page<E> {
  const forward = request.direction === 'forward';
  const more = rows.length > request.size;
  const pageRows = rows.slice(0, request.size);
  if (!forward) pageRows.reverse();
  const edges = pageRows.map((node) => ({ cursor: cursorOf(node), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: forward ? more : request.cursor !== undefined,
      hasPreviousPage: forward ? request.cursor !== undefined : more,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
