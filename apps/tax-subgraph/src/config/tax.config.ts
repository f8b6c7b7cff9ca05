import {
  PlatformConfig,
  SERVICE_PORTS,
  envInteger,
  envServiceUrl,
  loadPlatformConfig,
} from '@platform/config';

/** The tax subgraph's configuration: the platform's variables plus where commerce-rest answers. */
export interface TaxConfig {
  readonly platform: PlatformConfig;
  /** COMMERCE_REST_URL: the owner of stores, asked whether the caller may use a store. */
  readonly commerceRestUrl: string;
  /** STORE_ACCESS_CACHE_TTL_S: seconds a store-visibility answer is reused per token (0 = off). */
  readonly storeAccessCacheTtlSeconds: number;
}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadTaxConfig(env: Record<string, string | undefined> = process.env): TaxConfig {
  return {
    platform: loadPlatformConfig({
      serviceName: 'tax-subgraph',
      defaultPort: SERVICE_PORTS['tax-subgraph'],
      env,
    }),
    commerceRestUrl: envServiceUrl(env, 'COMMERCE_REST_URL', SERVICE_PORTS['commerce-rest']),
    storeAccessCacheTtlSeconds: envInteger(env, 'STORE_ACCESS_CACHE_TTL_S', 30, 0, 3600),
  };
}
