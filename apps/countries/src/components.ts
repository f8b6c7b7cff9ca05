import { nestComponent } from '@platform/service-kit';
import { CountriesAppModule } from './app.module';
import { loadCountriesConfig } from './config/countries.config';
import { COUNTRIES_OPENAPI, finishCountriesDocument } from './openapi/countries-openapi';

/** The API of countries: `apps/countries/src/main.ts` runs it alone. */
export const countriesService = nestComponent({
  name: 'countries',
  kind: 'service',
  loadConfig: loadCountriesConfig,
  platformConfig: (config) => config,
  module: (config) => CountriesAppModule.forRoot(config),
  app: {
    title: COUNTRIES_OPENAPI.info.title,
    description: COUNTRIES_OPENAPI.info.description,
    openApi: finishCountriesDocument,
  },
});
