import { isUuid } from '@platform/ids';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { decodePageToken, encodePageToken } from './page-token';
import type { PageQuery } from './paging.request';

/** A HATEOAS link of a list envelope (the spec's link description: rel and href, plus method). */
export interface PageLink {
  readonly rel: 'self' | 'first' | 'prev' | 'next' | 'last';
  readonly href: string;
  readonly method: 'GET';
}

/** How a list's sort key travels in a page token: as strings, validated on the way back. */
export interface SortKeyCodec<K> {
  readonly length: number;
  encode(key: K): string[];
  /** The key, or undefined when the strings are not a key of this list (→ 400). */
  decode(parts: readonly string[]): K | undefined;
}

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The usual stable order of a list: creation time (ms precision), then id as the tiebreaker. */
export interface CreatedAtIdKey {
  readonly createdAt: Date;
  readonly id: string;
}

export const CREATED_AT_ID: SortKeyCodec<CreatedAtIdKey> = {
  length: 2,
  encode: (key) => [key.createdAt.toISOString(), key.id],
  decode([createdAt, id]) {
    if (!ISO_MS.test(createdAt) || !isUuid(id)) return undefined;
    const at = new Date(createdAt);
    return Number.isNaN(at.getTime()) || at.toISOString() !== createdAt ? undefined : { createdAt: at, id };
  },
};

/** What a list service needs to read one page. */
export interface PageRequest<K> {
  readonly page: number;
  readonly pageSize: number;
  readonly totalRequired: boolean;
  /** Rows to skip when no key is known (page-number access). */
  readonly offset: number;
  /** Sort key of the last row of the previous page (from a page token): read the rows after it. */
  readonly after?: K;
  /** The token the request carried, echoed in the self link. */
  readonly pageToken?: string;
  /** What this list's tokens are bound to (list, caller, filters, page size). */
  readonly binding: string;
  /** Rows to read: one more than the page, to learn whether another page follows. */
  readonly limit: number;
}

/** One page as read from the database. */
export interface PageSlice<T> {
  readonly items: readonly T[];
  readonly hasMore: boolean;
  /** The next link's token (when hasMore). */
  readonly nextToken?: string;
  /** Only when totalRequired. */
  readonly totalItems?: number;
}

export interface PageMeta {
  readonly links: PageLink[];
  readonly totalItems?: number;
  readonly totalPages?: number;
}

/**
 * Reads the paging parameters of a validated query; a token is decoded to the key it carries.
 * `list` names the list and everything its rows depend on (`channels`, the account, the filters):
 * a token is only accepted by the list, caller, filters and page size it was issued for.
 */
export function pageRequest<K>(query: PageQuery, codec: SortKeyCodec<K>, list: string): PageRequest<K> {
  const { page, pageSize, totalRequired, pageToken } = query;
  const binding = `${list}\npageSize=${pageSize}`;
  let after: K | undefined;
  if (pageToken !== undefined) {
    const parts = decodePageToken(
      pageToken,
      page,
      codec.length,
      binding,
      (p) => codec.decode(p) !== undefined,
    );
    after = codec.decode(parts);
  }
  return {
    page,
    pageSize,
    totalRequired,
    offset: (page - 1) * pageSize,
    after,
    pageToken,
    binding,
    limit: pageSize + 1,
  };
}

/**
 * One page of `base` in the usual order (its main alias's createdAt, then id): the rows after the
 * token's key when the request carries one (keyset), else from the page's offset, split by toSlice;
 * with totalRequired, also the count of all of `base` (read in parallel with the rows).
 */
export async function readCreatedAtIdPage<T extends ObjectLiteral & CreatedAtIdKey>(
  base: SelectQueryBuilder<T>,
  page: PageRequest<CreatedAtIdKey>,
): Promise<PageSlice<T>> {
  const alias = base.alias;
  const rowsQuery = base
    .clone()
    .orderBy(`${alias}.createdAt`, 'ASC')
    .addOrderBy(`${alias}.id`, 'ASC')
    .limit(page.limit);
  if (page.after) {
    rowsQuery.andWhere(`(${alias}.createdAt, ${alias}.id) > (:afterCreatedAt, :afterId)`, {
      afterCreatedAt: page.after.createdAt,
      afterId: page.after.id,
    });
  } else {
    rowsQuery.offset(page.offset);
  }
  const [rows, totalItems] = await Promise.all([
    rowsQuery.getMany(),
    page.totalRequired ? base.getCount() : Promise.resolve(undefined),
  ]);
  return toSlice(rows, page, CREATED_AT_ID, (row) => row, totalItems);
}

/** Splits the `limit` rows a service read into the page, whether more follow and the next token. */
export function toSlice<T, K>(
  rows: readonly T[],
  request: PageRequest<K>,
  codec: SortKeyCodec<K>,
  keyOf: (item: T) => K,
  totalItems?: number,
): PageSlice<T> {
  const items = rows.slice(0, request.pageSize);
  const hasMore = rows.length > request.pageSize;
  const last = items[items.length - 1];
  const nextToken =
    hasMore && last !== undefined
      ? encodePageToken(request.page + 1, codec.encode(keyOf(last)), request.binding)
      : undefined;
  return { items, hasMore, nextToken, totalItems };
}

function href(path: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) search.append(name, value);
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * The envelope's links (self, first, prev, next, last) and totals. `filters` are the list's own
 * query parameters, repeated in every link; `last` and the totals appear only with totalRequired.
 * The next link carries a page token, so following it reads by key; the others use page numbers.
 */
export function pageMeta(
  path: string,
  filters: Record<string, string | undefined>,
  request: PageRequest<unknown>,
  slice: Pick<PageSlice<unknown>, 'nextToken' | 'totalItems'>,
): PageMeta {
  const { page, pageSize, totalRequired } = request;
  const link = (rel: PageLink['rel'], target: number, pageToken?: string): PageLink => ({
    rel,
    method: 'GET',
    href: href(path, {
      ...filters,
      page: String(target),
      pageSize: String(pageSize),
      totalRequired: totalRequired ? 'true' : undefined,
      pageToken,
    }),
  });
  const links: PageLink[] = [link('self', page, request.pageToken), link('first', 1)];
  if (page > 1) links.push(link('prev', page - 1));
  if (slice.nextToken !== undefined) links.push(link('next', page + 1, slice.nextToken));
  if (!totalRequired || slice.totalItems === undefined) return { links };
  const totalPages = Math.ceil(slice.totalItems / pageSize);
  if (totalPages > 0) links.push(link('last', totalPages));
  return { links, totalItems: slice.totalItems, totalPages };
}
