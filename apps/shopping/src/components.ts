import { nestComponent } from '@platform/service-kit';
import { ShoppingAppModule } from './app.module';
import { loadShoppingConfig } from './config/shopping.config';
import { SHOPPING_OPENAPI, finishShoppingDocument } from './openapi/shopping-openapi';
import { loadShoppingWorkerConfig } from './config/shopping-worker.config';
import { ShoppingWorkerModule } from './worker.module';

/** The API of shopping: `apps/shopping/src/main.ts` runs it alone. */
export const shoppingService = nestComponent({
  name: 'shopping',
  kind: 'service',
  loadConfig: loadShoppingConfig,
  platformConfig: (config) => config.platform,
  module: (config) => ShoppingAppModule.forRoot(config),
  app: {
    title: SHOPPING_OPENAPI.info.title,
    description: SHOPPING_OPENAPI.info.description,
    openApi: finishShoppingDocument,
  },
});

/** The worker of shopping (health only): `apps/shopping/src/worker.ts` runs it alone. */
export const shoppingWorker = nestComponent({
  name: 'shopping-worker',
  kind: 'worker',
  loadConfig: loadShoppingWorkerConfig,
  platformConfig: (config) => config.platform,
  module: (config) => ShoppingWorkerModule.forRoot(config),
  app: {
    title: 'Shopping worker',
    description: 'Cancels expired checkouts, provisions orders, delivers order webhooks; health only',
    openApi: false,
  },
});
