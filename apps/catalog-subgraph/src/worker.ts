// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadCatalogWorkerConfig } from './config/catalog-worker.config';
import { CatalogWorkerModule } from './worker.module';
import { errorMessage } from '@platform/errors';

/** Second entry point of the catalog subgraph: its job worker, with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadCatalogWorkerConfig();
  const app = await createServiceApp(CatalogWorkerModule.forRoot(config), {
    title: 'Catalog worker',
    description: 'Runs the catalog jobs (inventory, bulk operations); health only',
    openApi: false,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`catalog-subgraph worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
