import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { CountriesAppModule } from './app.module';
import { loadCountriesConfig } from './config/countries.config';

async function main(): Promise<void> {
  const config = loadCountriesConfig();
  const app = await createServiceApp(CountriesAppModule.forRoot(config), {
    title: 'Countries',
    description: 'Localized list of countries and their states (/v1/countries)',
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`countries failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
