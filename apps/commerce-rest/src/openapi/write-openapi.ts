/**
 * Writes the commerce service's OpenAPI 3.1 document to docs/openapi/commerce-rest.json (or --out
 * FILE, relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/commerce-rest/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { runWriteOpenApi } from '@platform/service-kit';
import { COMMERCE_OPENAPI_FILE, buildCommerceOpenApi } from './commerce-openapi';
import { errorMessage } from '@platform/errors';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), COMMERCE_OPENAPI_FILE, buildCommerceOpenApi).catch((e: unknown) => {
    process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
    process.exitCode = 1;
  });
}
