import 'reflect-metadata';
import { createServiceApp, listen } from '@platform/service-kit';
import { OrderAppModule } from './app.module';
import { loadOrderConfig } from './config/order.config';

async function main(): Promise<void> {
  const config = loadOrderConfig();
  const app = await createServiceApp(OrderAppModule.forRoot(config), {
    title: 'Order subgraph',
    description: 'POST /v1/commerce/order-subgraph: orders (GraphQL, Apollo Federation 2)',
  });
  await listen(app, config.platform);
}

main().catch((e: unknown) => {
  process.stderr.write(`order-subgraph failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
