import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { AgentRegistryAppModule } from './app.module';
import { loadAgentRegistryConfig, loadAgentRegistrySettings } from './config/agent-registry.config';

async function main(): Promise<void> {
  const config = loadAgentRegistryConfig();
  const app = await createServiceApp(AgentRegistryAppModule.forRoot(config, loadAgentRegistrySettings()), {
    title: 'Agent registry',
    description: 'Agent records, revocation with a CRL and DNS records, and the event feed (/v1/agents)',
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`agent-registry failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
