/**
 * Writes the mailboxes service's OpenAPI 3.1 document to docs/openapi/mailboxes.json (or --out
 * FILE, relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/mailboxes/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { runWriteOpenApi } from '@platform/service-kit';
import { MAILBOXES_OPENAPI_FILE, buildMailboxesOpenApi } from './mailboxes-openapi';
import { errorMessage } from '@platform/errors';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), MAILBOXES_OPENAPI_FILE, buildMailboxesOpenApi).catch(
    (e: unknown) => {
      process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
      process.exitCode = 1;
    },
  );
}
