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
}

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
  };
}
