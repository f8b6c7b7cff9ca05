// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { HostingAppModule } from './app.module';
import { loadHostingConfig } from './config/hosting.config';
import { HOSTING_OPENAPI, finishHostingDocument } from './openapi/hosting-openapi';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadHostingConfig();
  const app = await createServiceApp(HostingAppModule.forRoot(config), {
    title: HOSTING_OPENAPI.info.title,
    description: HOSTING_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/hosting.json.
    openApi: finishHostingDocument,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`hosting failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
