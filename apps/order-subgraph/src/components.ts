import { nestComponent } from '@platform/service-kit';
import { OrderAppModule } from './app.module';
import { loadOrderConfig } from './config/order.config';
import { loadOrderWorkerConfig } from './config/order-worker.config';
import { OrderWorkerModule } from './worker.module';

/** The API of order-subgraph: `apps/order-subgraph/src/main.ts` runs it alone. */
export const orderSubgraphService = nestComponent({
  name: 'order-subgraph',
  kind: 'service',
  loadConfig: loadOrderConfig,
  platformConfig: (config) => config.platform,
  module: (config) => OrderAppModule.forRoot(config),
  app: {
    title: 'Order subgraph',
    description: 'POST /v1/commerce/order-subgraph: orders (GraphQL, Apollo Federation 2)',
  },
});

/** The worker of order-subgraph (health only): `apps/order-subgraph/src/worker.ts` runs it alone. */
export const orderSubgraphWorker = nestComponent({
  name: 'order-subgraph-worker',
  kind: 'worker',
  loadConfig: loadOrderWorkerConfig,
  platformConfig: (config) => config,
  module: (config) => OrderWorkerModule.forRoot(config),
  app: {
    title: 'Order worker',
    description: 'Publishes the order outbox to commerce-transactions (queue orders-outbox); health only',
    openApi: false,
  },
});
