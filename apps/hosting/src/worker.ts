// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadHostingWorkerConfig } from './config/hosting-worker.config';
import { HostingWorkerModule } from './worker.module';
import { errorMessage } from '@platform/errors';

/** Second entry point of hosting: the worker, with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadHostingWorkerConfig();
  const app = await createServiceApp(HostingWorkerModule.forRoot(config), {
    title: 'Hosting worker',
    description: 'Creates apps (queue hosting-apps); health only',
    openApi: false,
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`hosting worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
