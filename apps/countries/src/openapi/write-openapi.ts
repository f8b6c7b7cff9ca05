/**
 * Writes the countries service's OpenAPI 3.1 document to docs/openapi/countries.json (or --out
 * FILE, relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/countries/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { runWriteOpenApi } from '@platform/service-kit';
import { COUNTRIES_OPENAPI_FILE, buildCountriesOpenApi } from './countries-openapi';
import { errorMessage } from '@platform/errors';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), COUNTRIES_OPENAPI_FILE, buildCountriesOpenApi).catch(
    (e: unknown) => {
      process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
      process.exitCode = 1;
    },
  );
}
