/**
 * Writes the shopping service's OpenAPI 3.1 document to docs/openapi/shopping.json (or --out
 * FILE, relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/shopping/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { runWriteOpenApi } from '@platform/service-kit';
import { SHOPPING_OPENAPI_FILE, buildShoppingOpenApi } from './shopping-openapi';
import { errorMessage } from '@platform/errors';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), SHOPPING_OPENAPI_FILE, buildShoppingOpenApi).catch((e: unknown) => {
    process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
    process.exitCode = 1;
  });
}
