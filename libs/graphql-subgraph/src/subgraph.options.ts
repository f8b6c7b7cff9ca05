import { DEFAULT_QUERY_LIMITS, QueryLimits } from './query-limits';
import type { StoreAccessProvider } from './store-access';
import { DEFAULT_SUBGRAPH_DEADLINE_MS } from './subgraph-context';
import { DEFAULT_STORE_ERROR_CODES, StoreErrorCodes, StoreSelector } from './store-selection';

export const SUBGRAPH_OPTIONS = Symbol('SUBGRAPH_OPTIONS');

/** `SubgraphModule.forRoot` options (docs/graphql.md). */
export interface SubgraphModuleOptions {
  /**
   * Where the subgraph answers POST, in the spec's notation: `/v1/commerce/order-subgraph`,
   * `/v2/commerce/stores/{storeId}/tax-subgraph`.
   */
  readonly path: string;
  /**
   * More paths answering with the same schema, hooks and resolvers (same notation as `path`); a
   * resolver tells them apart by `subgraphPathOf(context)`, e.g. a storefront path beside the admin one.
   */
  readonly aliasPaths?: readonly string[];
  /** Which store an operation addresses, from its request: the app's StoreSelector. */
  readonly storeSelection: StoreSelector;
  /** extensions.code of the store failures; default UNAUTHENTICATED / INTERNAL_SERVER_ERROR (spec, Errors rule 3). */
  readonly storeErrorCodes?: StoreErrorCodes;
  /** Whether the caller may use the selected store: the app's StoreAccessChecker. */
  readonly storeAccess: StoreAccessProvider;
  /** Modules whose resolvers make the schema; default every module of the app. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly include?: Function[];
  /** Types to put in the schema although no resolver returns them. */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  readonly orphanedTypes?: Function[];
  readonly limits?: Partial<QueryLimits>;
  /**
   * Milliseconds an operation may run, from its context's creation (after authentication); past
   * it no data fetch starts and the operation answers GRAPHQL_QUERY_TIMEOUT. Default 10 000: below
   * the gateway's 30 s response deadline, so the client gets the subgraph's code, not a gateway
   * timeout (docs/graphql.md, "Limits").
   */
  readonly deadlineMs?: number;
  /** Introspection (`__schema`, `__type`); default on: the schema is public and committed. */
  readonly introspection?: boolean;
}

export interface ResolvedSubgraphOptions extends Omit<SubgraphModuleOptions, 'limits'> {
  readonly storeErrorCodes: StoreErrorCodes;
  readonly limits: QueryLimits;
  readonly deadlineMs: number;
  readonly introspection: boolean;
  /** `path` in Fastify's router syntax (`{storeId}` → `:storeId`). */
  readonly routePath: string;
  /** `aliasPaths` in Fastify's router syntax. */
  readonly aliasRoutePaths: readonly string[];
}

const PATH = /^(\/(?:[A-Za-z0-9._~-]+|\{[A-Za-z][A-Za-z0-9]*\}))+$/;

export function resolveSubgraphOptions(options: SubgraphModuleOptions): ResolvedSubgraphOptions {
  for (const path of [options.path, ...(options.aliasPaths ?? [])]) {
    if (!PATH.test(path)) {
      throw new Error(`SubgraphModule: path "${path}" must be /segment[/segment…], a segment may be {param}`);
    }
    options.storeSelection.checkPath?.(path);
  }
  const toRoute = (path: string) => path.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, ':$1');
  return {
    ...options,
    storeErrorCodes: options.storeErrorCodes ?? DEFAULT_STORE_ERROR_CODES,
    limits: { ...DEFAULT_QUERY_LIMITS, ...options.limits },
    deadlineMs: options.deadlineMs ?? DEFAULT_SUBGRAPH_DEADLINE_MS,
    introspection: options.introspection ?? true,
    routePath: toRoute(options.path),
    aliasRoutePaths: (options.aliasPaths ?? []).map(toRoute),
  };
}
