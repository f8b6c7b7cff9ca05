// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { errorMessage } from '@platform/errors';
import { createServiceApp, listen } from '@platform/service-kit';
import { loadOrderWorkerConfig } from './config/order-worker.config';
import { OrderWorkerModule } from './worker.module';

/** Second entry point of the order subgraph: the outbox relay, with health endpoints on its own port. */
async function main(): Promise<void> {
  const config = loadOrderWorkerConfig();
  const app = await createServiceApp(OrderWorkerModule.forRoot(config), {
    title: 'Order worker',
    description: 'Publishes the order outbox to commerce-transactions (queue orders-outbox); health only',
    openApi: false,
  });
  await listen(app, config);
}

main().catch((e: unknown) => {
  process.stderr.write(`order-subgraph worker failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
