// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadAgentRegistryWorkerConfig } from './config/agent-registry-worker.config';
import { loadAgentRegistrySettings } from './config/agent-registry.config';
import { AgentRegistryWorkerModule } from './worker.module';
import { errorMessage } from '@platform/errors';

/** Second entry point of the agent registry: maintenance and DNS worker, health on its own port. */
async function main(): Promise<void> {
  const config = loadAgentRegistryWorkerConfig();
  const app = await createServiceApp(AgentRegistryWorkerModule.forRoot(config, loadAgentRegistrySettings()), {
    title: 'Agent registry worker',
    description:
      'Pending-registration expiry, event retention, CRL refresh (queue agents-maintenance), agent DNS records into zones (queue agents-dns); health only',
    openApi: false,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`agent-registry worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
