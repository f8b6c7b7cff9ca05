// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { CommerceAppModule } from './app.module';
import { loadCommerceConfig } from './config/commerce.config';
import { COMMERCE_OPENAPI, finishCommerceDocument } from './openapi/commerce-openapi';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadCommerceConfig();
  const app = await createServiceApp(CommerceAppModule.forRoot(config), {
    title: COMMERCE_OPENAPI.info.title,
    description: COMMERCE_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/commerce-rest.json.
    openApi: finishCommerceDocument,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`commerce-rest failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
