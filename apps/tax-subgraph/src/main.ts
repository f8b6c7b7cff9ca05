// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { TaxAppModule } from './app.module';
import { loadTaxConfig } from './config/tax.config';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadTaxConfig();
  const app = await createServiceApp(TaxAppModule.forRoot(config), {
    title: 'Tax subgraph',
    description:
      'POST /v2/commerce/stores/{storeId}/tax-subgraph: taxes, rates, classifications (GraphQL, Apollo Federation 2)',
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`tax-subgraph failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
