// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen } from '@platform/service-kit';
import { DomainsAppModule } from './app.module';
import { loadDomainsConfig } from './config/domains.config';
import { DOMAINS_OPENAPI, finishDomainsDocument } from './openapi/domains-openapi';

async function main(): Promise<void> {
  const config = loadDomainsConfig();
  const app = await createServiceApp(DomainsAppModule.forRoot(config), {
    title: DOMAINS_OPENAPI.info.title,
    description: DOMAINS_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/domains.json.
    openApi: finishDomainsDocument,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`domains failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
