import { CommerceSubgraphConfig, loadCommerceSubgraphConfig } from '@platform/commerce-graphql';
import { SERVICE_PORTS, envServiceUrl } from '@platform/config';

/** The order subgraph's configuration: the commerce subgraphs' own plus the catalog and tax it calls. */
export interface OrderConfig extends CommerceSubgraphConfig {
  /** CATALOG_SUBGRAPH_URL: the catalog, whose internal route prices the storefront's SKUs. */
  readonly catalogSubgraphUrl: string;
  /** TAX_SUBGRAPH_URL: the tax subgraph, whose internal route computes a cart's taxes. */
  readonly taxSubgraphUrl: string;
}

/** Reads and validates the environment once; a bad value names its variable. */
export function loadOrderConfig(env: Record<string, string | undefined> = process.env): OrderConfig {
  return {
    ...loadCommerceSubgraphConfig('order-subgraph', env),
    catalogSubgraphUrl: envServiceUrl(env, 'CATALOG_SUBGRAPH_URL', SERVICE_PORTS['catalog-subgraph']),
    taxSubgraphUrl: envServiceUrl(env, 'TAX_SUBGRAPH_URL', SERVICE_PORTS['tax-subgraph']),
  };
}
