// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadCommerceWorkerConfig } from './config/commerce-worker.config';
import { CommerceWorkerModule } from './worker.module';
import { errorMessage } from '@platform/errors';

/** Second entry point of commerce-rest: the queue worker, with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadCommerceWorkerConfig();
  const app = await createServiceApp(CommerceWorkerModule.forRoot(config), {
    title: 'Commerce worker',
    description: 'Records transactions from order events (queue commerce-transactions); health only',
    openApi: false,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`commerce-rest worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
