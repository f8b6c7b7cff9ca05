import type { Scope } from '@platform/scopes';
import { SubgraphTestApp, startSubgraphTestApp } from '@platform/testing';
import { CatalogAppModule } from '../../src/app.module';
import { loadCatalogConfig } from '../../src/config/catalog.config';

export { dataOf, defaultsOf } from '@platform/testing';
export type { GqlOptions, GraphQLBody } from '@platform/testing';

export const ALL_CATALOG_SCOPES: Scope[] = ['commerce.product:read', 'commerce.product:write'];

export type CatalogTestApp = SubgraphTestApp;

/** The catalog subgraph for one suite (libs/testing startSubgraphTestApp). */
export function startCatalogTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<CatalogTestApp> {
  return startSubgraphTestApp(
    {
      title: 'Catalog subgraph',
      loadConfig: loadCatalogConfig,
      module: (config) => CatalogAppModule.forRoot(config),
      path: (storeId) => `/v2/commerce/stores/${storeId}/catalog-subgraph`,
      scopes: ALL_CATALOG_SCOPES,
    },
    label,
    overrides,
  );
}
