/**
 * Writes the agent-registry service's OpenAPI 3.1 document to docs/openapi/agent-registry.json (or --out
 * FILE, relative to the repository root); `npm run openapi` runs it with the other services' own.
 * apps/agent-registry/test/openapi.spec.ts fails while the committed document is stale.
 */
import 'reflect-metadata';
import { runWriteOpenApi } from '@platform/service-kit';
import { AGENT_REGISTRY_OPENAPI_FILE, buildAgentRegistryOpenApi } from './agent-registry-openapi';
import { errorMessage } from '@platform/errors';

if (require.main === module) {
  runWriteOpenApi(process.argv.slice(2), AGENT_REGISTRY_OPENAPI_FILE, buildAgentRegistryOpenApi).catch(
    (e: unknown) => {
      process.stderr.write(`write-openapi: ${errorMessage(e)}\n`);
      process.exitCode = 1;
    },
  );
}
