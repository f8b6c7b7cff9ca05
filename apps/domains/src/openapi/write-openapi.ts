/**
 * Writes the domains service's OpenAPI 3.1 document to docs/openapi/domains.json (or --out FILE,
 * relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/domains/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { runWriteOpenApi } from '@platform/service-kit';
import { DOMAINS_OPENAPI_FILE, buildDomainsOpenApi } from './domains-openapi';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), DOMAINS_OPENAPI_FILE, buildDomainsOpenApi).catch((e: unknown) => {
    process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
    process.exitCode = 1;
  });
}
