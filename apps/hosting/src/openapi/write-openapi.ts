/**
 * Writes the hosting service's OpenAPI 3.1 document to docs/openapi/hosting.json (or --out
 * FILE, relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/hosting/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { runWriteOpenApi } from '@platform/service-kit';
import { HOSTING_OPENAPI_FILE, buildHostingOpenApi } from './hosting-openapi';
import { errorMessage } from '@platform/errors';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), HOSTING_OPENAPI_FILE, buildHostingOpenApi).catch((e: unknown) => {
    process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
    process.exitCode = 1;
  });
}
