import { nestComponent } from '@platform/service-kit';
import { CatalogAppModule } from './app.module';
import { loadCatalogConfig } from './config/catalog.config';
import { CATALOG_BODY_LIMIT } from './modules/bulk/bulk-limits';
import { loadCatalogWorkerConfig } from './config/catalog-worker.config';
import { CatalogWorkerModule } from './worker.module';

/** The API of catalog-subgraph: `apps/catalog-subgraph/src/main.ts` runs it alone. */
export const catalogSubgraphService = nestComponent({
  name: 'catalog-subgraph',
  kind: 'service',
  loadConfig: loadCatalogConfig,
  platformConfig: (config) => config.platform,
  module: (config) => CatalogAppModule.forRoot(config),
  app: {
    title: 'Catalog subgraph',
    bodyLimit: CATALOG_BODY_LIMIT,
    description:
      'POST /v2/commerce/stores/{storeId}/catalog-subgraph: SKUs, SKU groups, options, attributes, lists, locations, inventory (GraphQL, Apollo Federation 2)',
  },
});

/** The worker of catalog-subgraph (health only): `apps/catalog-subgraph/src/worker.ts` runs it alone. */
export const catalogSubgraphWorker = nestComponent({
  name: 'catalog-subgraph-worker',
  kind: 'worker',
  loadConfig: loadCatalogWorkerConfig,
  platformConfig: (config) => config,
  module: (config) => CatalogWorkerModule.forRoot(config),
  app: {
    title: 'Catalog worker',
    description: 'Runs the catalog jobs (inventory, bulk operations); health only',
    openApi: false,
  },
});
