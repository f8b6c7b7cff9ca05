// First: OpenTelemetry patches what it instruments as it loads (docs/decisions.md, section 8).
import '@platform/observability/start-telemetry';
import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { OrderAppModule } from './app.module';
import { loadOrderConfig } from './config/order.config';
import { errorMessage } from '@platform/errors';

async function main(): Promise<void> {
  const config = loadOrderConfig();
  const app = await createServiceApp(OrderAppModule.forRoot(config), {
    title: 'Order subgraph',
    description: 'POST /v1/commerce/order-subgraph: orders (GraphQL, Apollo Federation 2)',
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`order-subgraph failed to start: ${errorMessage(e)}\n`);
  process.exit(1);
});
