import { nestComponent } from '@platform/service-kit';
import { AgentRegistryAppModule } from './app.module';
import { loadAgentRegistryConfig, loadAgentRegistrySettings } from './config/agent-registry.config';
import { AGENT_REGISTRY_OPENAPI, finishAgentRegistryDocument } from './openapi/agent-registry-openapi';
import { loadAgentRegistryWorkerConfig } from './config/agent-registry-worker.config';
import { AgentRegistryWorkerModule } from './worker.module';

/** The API of agent-registry: `apps/agent-registry/src/main.ts` runs it alone. */
export const agentRegistryService = nestComponent({
  name: 'agent-registry',
  kind: 'service',
  loadConfig: loadAgentRegistryConfig,
  platformConfig: (config) => config,
  module: (config, env) => AgentRegistryAppModule.forRoot(config, loadAgentRegistrySettings(env)),
  app: {
    title: AGENT_REGISTRY_OPENAPI.info.title,
    description: AGENT_REGISTRY_OPENAPI.info.description,
    openApi: finishAgentRegistryDocument,
  },
});

/** The worker of agent-registry (health only): `apps/agent-registry/src/worker.ts` runs it alone. */
export const agentRegistryWorker = nestComponent({
  name: 'agent-registry-worker',
  kind: 'worker',
  loadConfig: loadAgentRegistryWorkerConfig,
  platformConfig: (config) => config,
  module: (config, env) => AgentRegistryWorkerModule.forRoot(config, loadAgentRegistrySettings(env)),
  app: {
    title: 'Agent registry worker',
    description:
      'Pending-registration expiry, event retention, CRL refresh (queue agents-maintenance), agent DNS records into zones (queue agents-dns); health only',
    openApi: false,
  },
});
