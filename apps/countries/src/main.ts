// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { CountriesAppModule } from './app.module';
import { loadCountriesConfig } from './config/countries.config';
import { COUNTRIES_OPENAPI, finishCountriesDocument } from './openapi/countries-openapi';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadCountriesConfig();
  const app = await createServiceApp(CountriesAppModule.forRoot(config), {
    title: COUNTRIES_OPENAPI.info.title,
    description: COUNTRIES_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/countries.json.
    openApi: finishCountriesDocument,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`countries failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
