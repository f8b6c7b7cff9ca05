import type { OpenApiArea } from '@platform/service-kit';
import { DOMAINS_ERROR_SCHEMAS, RATE_LIMITED_WITHOUT_BODY as LIMITED } from '@platform/service-kit';
import { openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
import { CountriesAppModule } from '../app.module';
import { loadCountriesConfig } from '../config/countries.config';

/** The committed document, relative to the repository root. */
export const COUNTRIES_OPENAPI_FILE = 'docs/openapi/countries.json';

/** The countries API's document: the domains-style Error object. */
export const COUNTRIES_OPENAPI: OpenApiArea = {
  info: {
    title: 'Countries',
    description:
      'Localized list of countries and their states (/v1/countries). Every error is the domains-style ' +
      'Error object. Any valid token reads countries, whatever its scopes.',
    version: '1.0.0',
  },
  errorSchemas: DOMAINS_ERROR_SCHEMAS,
  errorSchema: 'Error',
  limitSchema: 'ErrorLimit',
  operations: {
    'GET /v1/countries': {
      ...LIMITED,
      '400': 'INVALID_FORMAT: marketId missing (REQUIRED) or not a well-formed BCP 47 tag',
    },
    'GET /v1/countries/{countryKey}': {
      ...LIMITED,
      '400': 'INVALID_FORMAT: countryKey is not two letters, or marketId is missing or malformed',
      '404': 'COUNTRY_NOT_FOUND: two letters, but no ISO 3166-1 country',
    },
  },
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishCountriesDocument = openApiDocumentFinisher(COUNTRIES_OPENAPI);

/** The countries API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildCountriesOpenApi = openApiDocumentBuilder(COUNTRIES_OPENAPI, (env) =>
  CountriesAppModule.forRoot(loadCountriesConfig(env)),
);
