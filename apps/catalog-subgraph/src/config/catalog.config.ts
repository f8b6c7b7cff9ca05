import {
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envServiceUrl,
  loadPlatformConfig,
} from '@platform/config';

/** The catalog subgraph's configuration: the platform's variables plus where commerce-rest answers. */
export interface CatalogConfig {
  readonly platform: PlatformConfig;
  /** COMMERCE_REST_URL: the owner of stores, asked whether the caller may use a store. */
  readonly commerceRestUrl: string;
  /** STORE_ACCESS_CACHE_TTL_S: seconds a store-visibility answer is reused per token (0 = off). */
  readonly storeAccessCacheTtlSeconds: number;
  /**
   * CATALOG_MAX_QUERY_COST: the highest estimated cost of an operation (docs/graphql.md, "Limits":
   * chosen from `npm run bench:storefront`); lower it to protect a smaller pod, raise it only with
   * a new measurement.
   */
  readonly maxQueryCost: number;
}

/** The catalog's cost limit (docs/graphql.md, "Limits": how it was measured and chosen). */
export const CATALOG_MAX_QUERY_COST = 300_000;

/** Reads and validates the environment once; a bad value names its variable. */
export function loadCatalogConfig(env: Record<string, string | undefined> = process.env): CatalogConfig {
  return {
    platform: loadPlatformConfig({
      serviceName: 'catalog-subgraph',
      defaultPort: SERVICE_PORTS['catalog-subgraph'],
      env,
    }),
    commerceRestUrl: envServiceUrl(env, 'COMMERCE_REST_URL', SERVICE_PORTS['commerce-rest']),
    storeAccessCacheTtlSeconds: envInteger(env, 'STORE_ACCESS_CACHE_TTL_S', 30, 0, 3600),
    maxQueryCost: envInteger(env, 'CATALOG_MAX_QUERY_COST', CATALOG_MAX_QUERY_COST, 1, 100_000_000),
  };
}
