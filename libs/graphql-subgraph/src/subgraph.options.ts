import { DEFAULT_QUERY_LIMITS, QueryLimits } from './query-limits';
import { DEFAULT_SUBGRAPH_DEADLINE_MS } from './subgraph-context';
import type { TenantAccessProvider } from './tenant-access';
import { DEFAULT_TENANT_ERROR_CODES, TenantErrorCodes, TenantSelector } from './tenant-selection';

export const SUBGRAPH_OPTIONS = Symbol('SUBGRAPH_OPTIONS');

/** `SubgraphModule.forRoot` options (docs/graphql.md). */
export interface SubgraphModuleOptions {
  /**
   * Where the subgraph answers POST, in the spec's notation: `/v1/things-subgraph`,
   * `/v2/tenants/{tenantId}/things-subgraph` (a `{param}` segment is a route parameter the
   * app's TenantSelector may read).
   */
  readonly path: string;
  /**
   * More paths answering with the same schema, hooks and resolvers (same notation as `path`); a
   * resolver tells them apart by `subgraphPathOf(context)`, e.g. a public path beside the admin one.
   */
  readonly aliasPaths?: readonly string[];
  /** Which tenant an operation addresses, from its request: the app's TenantSelector. */
  readonly tenantSelection: TenantSelector;
  /** extensions.code of the tenant failures; default UNAUTHENTICATED / INTERNAL_SERVER_ERROR (spec, Errors rule 3). */
  readonly tenantErrorCodes?: TenantErrorCodes;
  /** Whether the caller may use the selected tenant: the app's TenantAccessChecker. */
  readonly tenantAccess: TenantAccessProvider;
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
  readonly tenantErrorCodes: TenantErrorCodes;
  readonly limits: QueryLimits;
  readonly deadlineMs: number;
  readonly introspection: boolean;
  /** `path` in Fastify's router syntax (`{tenantId}` → `:tenantId`). */
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
    options.tenantSelection.checkPath?.(path);
  }
  const toRoute = (path: string) => path.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, ':$1');
  return {
    ...options,
    tenantErrorCodes: options.tenantErrorCodes ?? DEFAULT_TENANT_ERROR_CODES,
    limits: { ...DEFAULT_QUERY_LIMITS, ...options.limits },
    deadlineMs: options.deadlineMs ?? DEFAULT_SUBGRAPH_DEADLINE_MS,
    introspection: options.introspection ?? true,
    routePath: toRoute(options.path),
    aliasRoutePaths: (options.aliasPaths ?? []).map(toRoute),
  };
}
