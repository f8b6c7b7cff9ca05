import { Type } from '@nestjs/common';
import { ArgsType, Directive, Field, Int, ObjectType } from '@nestjs/graphql';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_LIST_CURSOR_LENGTH, decodeListCursor, encodeListCursor } from '@platform/crypto';
import type { PlatformError } from '@platform/errors';
import { SubgraphErrors } from './subgraph-errors';

/** Largest page a connection field returns; `first`/`last` above it are refused. */
export const MAX_PAGE_SIZE = 100;
/** Page size when the caller gives neither `first` nor `last`. */
export const DEFAULT_PAGE_SIZE = 20;

/** Relay PageInfo; every subgraph returns the same type, hence @shareable. */
@ObjectType('PageInfo')
@Directive('@shareable')
export class PageInfo {
  @Field()
  hasNextPage!: boolean;

  @Field()
  hasPreviousPage!: boolean;

  @Field(() => String, { nullable: true })
  startCursor!: string | null;

  @Field(() => String, { nullable: true })
  endCursor!: string | null;
}

/** Relay paging arguments; extend it with a list field's filters (`@ArgsType() class X extends ConnectionArgs`). */
@ArgsType()
export class ConnectionArgs {
  @Field(() => Int, { nullable: true, description: `Page size going forward, 1 to ${MAX_PAGE_SIZE}.` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the edge to start after.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LIST_CURSOR_LENGTH)
  after?: string | null;

  @Field(() => Int, { nullable: true, description: `Page size going backward, 1 to ${MAX_PAGE_SIZE}.` })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(MAX_PAGE_SIZE)
  last?: number | null;

  @Field(() => String, { nullable: true, description: 'Cursor of the edge to end before.' })
  @IsOptional()
  @IsString()
  @MaxLength(MAX_LIST_CURSOR_LENGTH)
  before?: string | null;
}

/** One page of nodes of any kind, as a service returns it (no GraphQL types). */
export interface Page<T> {
  readonly edges: readonly { readonly cursor: string; readonly node: T }[];
  readonly pageInfo: PageInfo;
}

/** What a connection object type holds (the resolver maps a service's Page<E> into it). */
export interface ConnectionShape<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: PageInfo;
}

/**
 * A Relay connection type named `name` (e.g. QueryRatesConnection) with `edges { cursor node }`,
 * `nodes` and `pageInfo`, and its edge type `<name>Edge`; with `totalCount`, also `totalCount: Int!`
 * (fill it with toCountedConnection).
 */
export function createConnectionType<T>(
  node: Type<T>,
  name: string,
  options: { totalCount?: boolean } = {},
): Type<ConnectionShape<T>> {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field()
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(name)
  class Connection implements ConnectionShape<T> {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => [node], { description: 'The nodes of `edges`, for callers that need no cursors.' })
    nodes!: T[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;
  }
  if (options.totalCount) {
    // toCountedConnection defines it as a getter, so the count runs only when selected.
    Field(() => Int, { description: 'How many nodes match the filters, over every page.' })(
      Connection.prototype,
      'totalCount',
    );
  }

  return Connection;
}

/** A page and how many rows match its filters over every page, counted only when called. */
export interface CountedPage<T> {
  readonly page: Page<T>;
  readonly totalCount: () => Promise<number>;
}

/**
 * A counted page as a connection of a `createConnectionType(…, { totalCount: true })` type:
 * `totalCount` is a getter, so the count query runs only when the caller selects the field.
 */
export function toCountedConnection<E, T>(
  result: CountedPage<E>,
  toModel: (entity: E) => T,
): ConnectionShape<T> {
  return Object.defineProperty(toConnection(result.page, toModel), 'totalCount', {
    get: result.totalCount,
    enumerable: false,
  });
}

/** The values an `{ eq, in }` filter asks for, or undefined when it filters nothing (`in: []` is none). */
export function filterValues<S>(
  filter: { eq?: S | null; in?: S[] | null } | null | undefined,
): S[] | undefined {
  if (!filter || (filter.eq == null && filter.in == null)) return undefined;
  return [...(filter.eq != null ? [filter.eq] : []), ...(filter.in ?? [])];
}

/** Maps a service's page to a connection object, converting each node. */
export function toConnection<E, T>(page: Page<E>, toModel: (entity: E) => T): ConnectionShape<T> {
  const edges = page.edges.map((edge) => ({ cursor: edge.cursor, node: toModel(edge.node) }));
  return { edges, nodes: edges.map((e) => e.node), pageInfo: page.pageInfo };
}

/** A validated page request: direction, size and the decoded position to start from. */
export interface PageRequest {
  readonly direction: 'forward' | 'backward';
  readonly size: number;
  /** Raw cursor to continue from (after for forward, before for backward). */
  readonly cursor?: string;
}

/** Checks the Relay argument combination: first/after forward, or last/before backward. */
export function pageRequest(args: ConnectionArgs, defaultSize = DEFAULT_PAGE_SIZE): PageRequest {
  const { first, after, last, before } = args;
  if (first != null && last != null) {
    throw SubgraphErrors.badField(['last'], 'INVALID_VALUE', 'give first or last, not both');
  }
  if (last != null || before != null) {
    if (after != null)
      throw SubgraphErrors.badField(
        ['after'],
        'INVALID_VALUE',
        'after goes with first, not with last/before',
      );
    if (first != null)
      throw SubgraphErrors.badField(['first'], 'INVALID_VALUE', 'first goes with after, not with before');
    return { direction: 'backward', size: last ?? defaultSize, cursor: before ?? undefined };
  }
  return { direction: 'forward', size: first ?? defaultSize, cursor: after ?? undefined };
}

/** A keyset position: the sort value and the id of the last row seen, tagged with the sort it belongs to. */
export interface CursorPosition {
  readonly sort: string;
  readonly value: string | null;
  readonly id: string;
}

/**
 * A cursor: the shared list codec (`@platform/crypto` encodeListCursor) over [sort, value, id],
 * bound to `scope` — what the list was queried with (its table, tenant, filters; see keysetPage).
 * A cursor of another list, tenant, filter or sort, a truncated or altered one, is INVALID_CURSOR.
 */
export function encodeCursor(position: CursorPosition, scope = ''): string {
  return encodeListCursor([position.sort, position.value, position.id], `graphql:${scope}`);
}

/** The BAD_USER_INPUT (field code INVALID_CURSOR) of a cursor that is not one of this list. */
export function invalidCursor(argument: 'after' | 'before'): PlatformError {
  return SubgraphErrors.badField(
    [argument],
    'INVALID_CURSOR',
    `${argument} is not a cursor of this list in this order`,
  );
}

/** Decodes an opaque cursor; throws BAD_USER_INPUT (INVALID_CURSOR) unless made for `sort` and `scope`. */
export function decodeCursor(
  cursor: string,
  sort: string,
  argument: 'after' | 'before',
  scope = '',
): CursorPosition {
  const parts = decodeListCursor(cursor, `graphql:${scope}`, 3, { nullable: true });
  if (!parts || parts[0] !== sort || parts[2] === null) throw invalidCursor(argument);
  return { sort, value: parts[1], id: parts[2] };
}
