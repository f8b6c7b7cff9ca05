import {
  PlatformConfig,
  SERVICE_PORTS,
  ServiceName,
  envInteger,
  envServiceUrl,
  loadPlatformConfig,
} from '@platform/config';
import { DEFAULT_SUBGRAPH_DEADLINE_MS } from '@platform/graphql-subgraph';

/**
 * What every commerce subgraph (catalog, order, tax) reads from its environment: the platform's
 * variables, and how it asks commerce-rest whether the caller may use a store. An app's own
 * configuration extends it with its own variables.
 */
export interface CommerceSubgraphConfig {
  readonly platform: PlatformConfig;
  /** COMMERCE_REST_URL: the owner of stores, asked whether the caller may use a store. */
  readonly commerceRestUrl: string;
  /** STORE_ACCESS_CACHE_TTL_S: seconds a store-visibility answer is reused per token (0 = off). */
  readonly storeAccessCacheTtlSeconds: number;
  /**
   * GRAPHQL_DEADLINE_MS: how long one operation may run (SubgraphModuleOptions.deadlineMs), 1 s to
   * 25 s, default 10 s; kept below the gateway's 30 s response deadline so a client reads the
   * subgraph's GRAPHQL_QUERY_TIMEOUT, not SUBGRAPH_TIMEOUT.
   */
  readonly graphqlDeadlineMs: number;
}

/** Reads and validates those variables once for `serviceName`; a bad value names its variable. */
export function loadCommerceSubgraphConfig(
  serviceName: ServiceName,
  env: Record<string, string | undefined>,
): CommerceSubgraphConfig {
  return {
    platform: loadPlatformConfig({ serviceName, defaultPort: SERVICE_PORTS[serviceName], env }),
    commerceRestUrl: envServiceUrl(env, 'COMMERCE_REST_URL', SERVICE_PORTS['commerce-rest']),
    storeAccessCacheTtlSeconds: envInteger(env, 'STORE_ACCESS_CACHE_TTL_S', 30, 0, 3600),
    graphqlDeadlineMs: envInteger(env, 'GRAPHQL_DEADLINE_MS', DEFAULT_SUBGRAPH_DEADLINE_MS, 1000, 25_000),
  };
}
