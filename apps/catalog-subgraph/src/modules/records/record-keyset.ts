import {
  CountedPage,
  PageRequest,
  SortDirection,
  SubgraphErrors,
  cursorScope,
  decodeCursor,
  encodeCursor,
  isCursorValue,
  isUuid,
  keysetPageOfRows,
  type Page,
} from '@platform/graphql-subgraph';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { BASE_ORDER_FIELDS, ORDER_FIELDS, OrderBy, OrderField } from './record-filters';
import type { RecordKind } from './record-kind';
import { skuCurrentMinorUnitsSql } from './sku-current-price';

/**
 * Keyset paging of catalog records (and of the rows relation connections list: references,
 * inventory counts) over any SQL sort expression (a column, a field of `data`, a price over related
 * records): the root lists and every relation connection page through here, so
 * an order the public graph offers (`SKUOrderBy.price`, `SKUGroupOrderBy.lowestPrice`) is one more
 * expression, not another paging implementation. The expression's value is selected with the row
 * and kept in the cursor with the id, which breaks ties; cursors use the shared codec and are
 * bound to the list's query (and, for a relation, its owner), as the lib's keysetPage does.
 */

/** The error decodeCursor gives a cursor that is not one of this list (the lib's INVALID_CURSOR). */
function invalidCursor(argument: 'after' | 'before'): Error {
  return SubgraphErrors.badField(
    [argument],
    'INVALID_CURSOR',
    `${argument} is not a cursor of this list in this order`,
  );
}

/** The records alias every query of the records service uses. */
export const RECORDS_ALIAS = 'r';
const R = `"${RECORDS_ALIAS}"`;
/** Sorts last in ascending order: a record without the value (no price, no position). */
const MISSING_LAST = '9223372036854775807';

export interface RecordSort {
  /** The cursor's sort key (ORDER_FIELDS). */
  readonly key: string;
  readonly sqlType: 'timestamptz' | 'text' | 'uuid' | 'bigint';
  /** The value, over the records alias `r` (and `o.owner_id` inside a relation's page). */
  readonly sql: string;
}

function minorUnits(json: string): string {
  return `(${json}->>'value')::bigint`;
}

/** The smallest price of live children of `kind` (an option value's prices), per record. */
function lowestChildAmount(kind: string): string {
  return `(SELECT min(${minorUnits(`c."data"->'amount'`)}) FROM "catalog"."records" c
     WHERE c.store_id = ${R}.store_id AND c.parent_id = ${R}.id AND c.kind = '${kind}' AND c.status <> 'ARCHIVED')`;
}

/**
 * The SQL of each order field a kind may offer. Missing values (no label, no price) compare as the
 * empty text or as the largest number, so every row has a value and keyset comparisons hold.
 */
const SORT_SQL: Record<Exclude<OrderField, 'saleCount'>, (def: RecordKind) => RecordSort> = {
  createdAt: () => ({ key: ORDER_FIELDS.createdAt, sqlType: 'timestamptz', sql: `${R}."created_at"` }),
  updatedAt: () => ({ key: ORDER_FIELDS.updatedAt, sqlType: 'timestamptz', sql: `${R}."updated_at"` }),
  name: () => ({ key: ORDER_FIELDS.name, sqlType: 'text', sql: `${R}."name"::text` }),
  id: () => ({ key: ORDER_FIELDS.id, sqlType: 'uuid', sql: `${R}."id"` }),
  label: () => ({ key: ORDER_FIELDS.label, sqlType: 'text', sql: `COALESCE(${R}."label", '')::text` }),
  position: () => ({
    key: ORDER_FIELDS.position,
    sqlType: 'bigint',
    sql: `COALESCE((${R}."data"->>'position')::bigint, ${MISSING_LAST})`,
  }),
  price: (def) => ({
    key: ORDER_FIELDS.price,
    sqlType: 'bigint',
    sql: `COALESCE(${
      def.kind === 'SKU'
        ? skuCurrentMinorUnitsSql(R, 'price')
        : lowestChildAmount(def.kind === 'OPTION' ? 'OPTION_PRICE' : `${def.kind}_PRICE`)
    }, ${MISSING_LAST})`,
  }),
  lowestPrice: () => ({
    key: ORDER_FIELDS.lowestPrice,
    sqlType: 'bigint',
    sql: `COALESCE((SELECT min(${skuCurrentMinorUnitsSql('s', 'price')}) FROM "catalog"."links" gl
       JOIN "catalog"."records" s ON s.id::text = gl.member_id AND s.store_id = gl.store_id
       WHERE gl.store_id = ${R}.store_id AND gl.relation = 'SKU_GROUP:SKU' AND gl.owner_id = ${R}.id
         AND s.status IN ('ACTIVE', 'DRAFT')), ${MISSING_LAST})`,
  }),
  attributeId: () => ({ key: ORDER_FIELDS.attributeId, sqlType: 'uuid', sql: `${R}."parent_id"` }),
  skuGroupId: () => ({
    key: ORDER_FIELDS.skuGroupId,
    sqlType: 'text',
    sql: `COALESCE((SELECT min(gl.owner_id::text) FROM "catalog"."links" gl
       WHERE gl.store_id = ${R}.store_id AND gl.relation = 'SKU_GROUP:ATTRIBUTE' AND gl.member_id = ${R}.id::text), '')`,
  }),
};

/** The order fields of a kind's `<Kind>OrderBy`. */
export function orderFieldsOf(def: RecordKind): OrderField[] {
  return [...BASE_ORDER_FIELDS, ...(def.orderBy ?? [])];
}

/** The order of links: the position a member was added at (relation connections' default). */
export function linkOrderSort(relation: string): RecordSort {
  if (!/^[A-Z_:]+$/.test(relation)) throw new Error(`bad relation key ${relation}`);
  return {
    key: 'LINK_ORDER',
    sqlType: 'bigint',
    sql: `(SELECT ml.position FROM "catalog"."links" ml
       WHERE ml.owner_id = o.owner_id AND ml.relation = '${relation}' AND ml.member_id = ${R}.id::text)`,
  };
}

/**
 * The sort `orderBy` names for `def` (none: `fallback`, createdAt ASC unless given); two fields, a
 * field the kind does not offer, or saleCount (the catalog records no sales) are INVALID_VALUE.
 */
export function recordSortOf(
  def: RecordKind,
  orderBy: OrderBy | null | undefined,
  fallback?: RecordSort,
): [RecordSort, SortDirection] {
  const given = Object.entries(orderBy ?? {}).filter(([, direction]) => direction != null);
  if (given.length > 1)
    throw SubgraphErrors.badField(['orderBy'], 'INVALID_VALUE', 'orderBy takes one field');
  if (given.length === 0) return [fallback ?? SORT_SQL.createdAt(def), 'ASC'];
  const [field, direction] = given[0] as [OrderField, SortDirection];
  if (field === 'saleCount')
    throw SubgraphErrors.badField(
      ['orderBy', field],
      'INVALID_VALUE',
      'saleCount is not served: the catalog records no sales (docs/graphql.md)',
    );
  if (!orderFieldsOf(def).includes(field) || !(field in SORT_SQL))
    throw SubgraphErrors.badField(
      ['orderBy', field],
      'INVALID_VALUE',
      `this list orders by ${orderFieldsOf(def).join(', ')}`,
    );
  return [SORT_SQL[field](def), direction];
}

/** A sort value as the cursor keeps it (timestamps as ISO-8601 with milliseconds). */
function cursorValueOf(raw: unknown): string {
  return raw instanceof Date ? raw.toISOString() : String(raw);
}

/** A row whose primary key is a uuid `id` (a record, an inventory count). */
type Keyed = ObjectLiteral & { id: string };

/** A row of `qb`'s entity read by raw SQL (`<alias>_<column>` aliases), and its sort value. */
function hydrate<E extends Keyed>(
  qb: SelectQueryBuilder<E>,
  raw: Record<string, unknown>,
): { row: E; sortValue: string } {
  const metadata = qb.expressionMap.mainAlias?.metadata;
  if (!metadata) throw new Error('keyset paging needs a query of an entity');
  const row = metadata.create() as E;
  for (const column of metadata.columns)
    (row as Record<string, unknown>)[column.propertyName] = raw[`${qb.alias}_${column.databaseName}`];
  return { row, sortValue: cursorValueOf(raw.__sort) };
}

interface PagePlan<E extends Keyed> {
  readonly sql: string;
  readonly parameters: unknown[];
  readonly scope: string;
  readonly counter: SelectQueryBuilder<E>;
}

/**
 * Adds the cursor's condition and the sort value to `qb` (its filters already applied) and returns
 * the SQL of one page of size + 1 rows in scan order; the cursor must have been made in the scope
 * `scopeOf` gives for the query.
 */
function planPage<E extends Keyed>(
  qb: SelectQueryBuilder<E>,
  request: PageRequest,
  sort: RecordSort,
  direction: SortDirection,
  scopeOf: (scope: string) => string,
): PagePlan<E> {
  const forward = request.direction === 'forward';
  const scan: SortDirection = forward ? direction : direction === 'ASC' ? 'DESC' : 'ASC';
  const scope = scopeOf(cursorScope(qb));
  const counter = qb.clone();
  if (request.cursor !== undefined) {
    const argument = forward ? 'after' : 'before';
    const position = decodeCursor(request.cursor, sort.key, argument, scope);
    if (!isCursorValue(sort.sqlType, position.value) || !isUuid(position.id)) throw invalidCursor(argument);
    qb.andWhere(
      `(${sort.sql}, "${qb.alias}"."id") ${scan === 'ASC' ? '>' : '<'} (CAST(:cursorValue AS ${sort.sqlType}), CAST(:cursorId AS uuid))`,
      { cursorValue: position.value, cursorId: position.id },
    );
  }
  qb.addSelect(sort.sql, '__sort');
  const [sql, parameters] = qb.getQueryAndParameters();
  return {
    sql: `${sql} ORDER BY "__sort" ${scan}, "${qb.alias}_id" ${scan} LIMIT ${request.size + 1}`,
    parameters,
    scope,
    counter,
  };
}

/** One keyset page of `qb`'s rows and, on demand, how many match its filters. */
export async function recordKeysetPage<E extends Keyed>(
  qb: SelectQueryBuilder<E>,
  request: PageRequest,
  sort: RecordSort,
  direction: SortDirection,
): Promise<CountedPage<E>> {
  const plan = planPage(qb, request, sort, direction, (scope) => scope);
  const raws = (await qb.connection.query(plan.sql, plan.parameters)) as Record<string, unknown>[];
  const rows = raws.map((raw) => hydrate(qb, raw));
  const page = keysetPageOfRows(rows, request, (node) =>
    encodeCursor({ sort: sort.key, value: node.sortValue, id: node.row.id }, plan.scope),
  );
  return {
    page: { ...page, edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.row })) },
    totalCount: () => plan.counter.getCount(),
  };
}

/**
 * One keyset page per owner in one query: `qb` holds the rows' filters and a condition tying a row
 * to `o.owner_id` (a member's link, a child's parent column, a count's SKU); a LATERAL join runs
 * the page per owner. A cursor is bound to the owner it was issued for: for any other owner it is
 * INVALID_CURSOR.
 */
export async function ownerKeysetPages<E extends Keyed>(
  qb: SelectQueryBuilder<E>,
  ownerIds: readonly string[],
  request: PageRequest,
  sort: RecordSort,
  direction: SortDirection,
): Promise<Map<string, Page<E> | Error>> {
  const result = new Map<string, Page<E> | Error>();
  let owners = uniqueUuids(ownerIds);
  const base = cursorScope(qb);
  if (request.cursor !== undefined) {
    const argument = request.direction === 'forward' ? 'after' : 'before';
    owners = owners.filter((owner) => {
      try {
        decodeCursor(request.cursor as string, sort.key, argument, `${base}:${owner}`);
        return true;
      } catch (error) {
        result.set(owner, error as Error);
        return false;
      }
    });
  }
  if (owners.length === 0) return result;
  // A cursor decodes for one owner only: with one, the page is planned in that owner's scope.
  const plan = planPage(qb, request, sort, direction, (scope) =>
    request.cursor !== undefined ? `${scope}:${owners[0]}` : scope,
  );
  const ownersParam = plan.parameters.length + 1;
  const raws = (await qb.connection.query(
    `SELECT o.owner_id::text AS "__owner", p.* FROM unnest($${ownersParam}::uuid[]) AS o(owner_id)
       CROSS JOIN LATERAL (${plan.sql}) p`,
    [...plan.parameters, owners],
  )) as Record<string, unknown>[];
  const byOwner = new Map<string, { row: E; sortValue: string }[]>(owners.map((owner) => [owner, []]));
  for (const raw of raws) byOwner.get(String(raw.__owner))?.push(hydrate(qb, raw));
  for (const [owner, rows] of byOwner) {
    const page = keysetPageOfRows(rows, request, (node) =>
      encodeCursor({ sort: sort.key, value: node.sortValue, id: node.row.id }, `${base}:${owner}`),
    );
    result.set(owner, {
      ...page,
      edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.row })),
    });
  }
  return result;
}

/** How many rows `qb` (as ownerKeysetPages takes it) matches for each owner, in one query. */
export async function ownerCounts<E extends Keyed>(
  qb: SelectQueryBuilder<E>,
  ownerIds: readonly string[],
): Promise<Map<string, number>> {
  const owners = uniqueUuids(ownerIds);
  if (owners.length === 0) return new Map();
  const [sql, parameters] = qb.getQueryAndParameters();
  const ownersParam = parameters.length + 1;
  const rows = (await qb.connection.query(
    `SELECT o.owner_id::text AS owner, (SELECT count(*) FROM (${sql}) c)::int AS n
       FROM unnest($${ownersParam}::uuid[]) AS o(owner_id)`,
    [...parameters, owners],
  )) as { owner: string; n: number }[];
  return new Map(rows.map((row) => [row.owner, row.n]));
}

/** The well-formed owner ids, once each, as the loader gave them (its keys). */
function uniqueUuids(ids: readonly string[]): string[] {
  return [...new Set(ids.filter((id) => isUuid(id)))];
}
