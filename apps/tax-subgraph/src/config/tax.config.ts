import { CommerceSubgraphConfig, loadCommerceSubgraphConfig } from '@platform/commerce-graphql';

/** The tax subgraph's configuration: the commerce subgraphs' own, nothing more. */
export type TaxConfig = CommerceSubgraphConfig;

/** Reads and validates the environment once; a bad value names its variable. */
export function loadTaxConfig(env: Record<string, string | undefined> = process.env): TaxConfig {
  return loadCommerceSubgraphConfig('tax-subgraph', env);
}
