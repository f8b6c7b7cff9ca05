// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadDomainsWorkerConfig } from './config/domains-worker.config';
import { DomainsWorkerModule } from './worker.module';

/** Second entry point of domains: its worker (orders, renewals), with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadDomainsWorkerConfig();
  const app = await createServiceApp(DomainsWorkerModule.forRoot(config), {
    title: 'Domains worker',
    description: 'Registers, renews and transfers domains (queue domains-orders); health only',
    openApi: false,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`domains worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
