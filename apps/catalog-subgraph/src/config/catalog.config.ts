import { CommerceSubgraphConfig, loadCommerceSubgraphConfig } from '@platform/commerce-graphql';
import { envInteger } from '@platform/config';

/** The catalog subgraph's configuration: the commerce subgraphs' own plus its cost limit. */
export interface CatalogConfig extends CommerceSubgraphConfig {
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
    ...loadCommerceSubgraphConfig('catalog-subgraph', env),
    maxQueryCost: envInteger(env, 'CATALOG_MAX_QUERY_COST', CATALOG_MAX_QUERY_COST, 1, 100_000_000),
  };
}
