// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { AgentRegistryAppModule } from './app.module';
import { loadAgentRegistryConfig, loadAgentRegistrySettings } from './config/agent-registry.config';
import { AGENT_REGISTRY_OPENAPI, finishAgentRegistryDocument } from './openapi/agent-registry-openapi';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadAgentRegistryConfig();
  const app = await createServiceApp(AgentRegistryAppModule.forRoot(config, loadAgentRegistrySettings()), {
    title: AGENT_REGISTRY_OPENAPI.info.title,
    description: AGENT_REGISTRY_OPENAPI.info.description,
    // /docs serves the same OpenAPI 3.1 document that is committed in docs/openapi/agent-registry.json.
    openApi: finishAgentRegistryDocument,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`agent-registry failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
