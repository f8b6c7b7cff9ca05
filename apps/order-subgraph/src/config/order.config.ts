import {
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envServiceUrl,
  loadPlatformConfig,
} from '@platform/config';

/** The order subgraph's configuration: the platform's variables plus where commerce-rest answers. */
export interface OrderConfig {
  readonly platform: PlatformConfig;
  /** COMMERCE_REST_URL: the owner of stores, asked whether the caller may use a store. */
  readonly commerceRestUrl: string;
  /** CATALOG_SUBGRAPH_URL: the catalog, whose internal route prices the storefront's SKUs. */
  readonly catalogSubgraphUrl: string;
  /** TAX_SUBGRAPH_URL: the tax subgraph, whose internal route computes a cart's taxes. */
  readonly taxSubgraphUrl: string;
  /** STORE_ACCESS_CACHE_TTL_S: seconds a store-visibility answer is reused per token (0 = off). */
  readonly storeAccessCacheTtlSeconds: number;
}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadOrderConfig(env: Record<string, string | undefined> = process.env): OrderConfig {
  return {
    platform: loadPlatformConfig({
      serviceName: 'order-subgraph',
      defaultPort: SERVICE_PORTS['order-subgraph'],
      env,
    }),
    commerceRestUrl: envServiceUrl(env, 'COMMERCE_REST_URL', SERVICE_PORTS['commerce-rest']),
    catalogSubgraphUrl: envServiceUrl(env, 'CATALOG_SUBGRAPH_URL', SERVICE_PORTS['catalog-subgraph']),
    taxSubgraphUrl: envServiceUrl(env, 'TAX_SUBGRAPH_URL', SERVICE_PORTS['tax-subgraph']),
    storeAccessCacheTtlSeconds: envInteger(env, 'STORE_ACCESS_CACHE_TTL_S', 30, 0, 3600),
  };
}
