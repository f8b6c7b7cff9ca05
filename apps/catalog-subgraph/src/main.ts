// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { CatalogAppModule } from './app.module';
import { loadCatalogConfig } from './config/catalog.config';
import { CATALOG_BODY_LIMIT } from './modules/bulk/bulk-limits';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadCatalogConfig();
  const app = await createServiceApp(CatalogAppModule.forRoot(config), {
    title: 'Catalog subgraph',
    bodyLimit: CATALOG_BODY_LIMIT,
    description:
      'POST /v2/commerce/stores/{storeId}/catalog-subgraph: SKUs, SKU groups, options, attributes, lists, locations, inventory (GraphQL, Apollo Federation 2)',
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`catalog-subgraph failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
