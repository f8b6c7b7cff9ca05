import { nestComponent } from '@platform/service-kit';
import { CommerceAppModule } from './app.module';
import { loadCommerceConfig } from './config/commerce.config';
import { COMMERCE_OPENAPI, finishCommerceDocument } from './openapi/commerce-openapi';
import { loadCommerceWorkerConfig } from './config/commerce-worker.config';
import { CommerceWorkerModule } from './worker.module';

/** The API of commerce-rest: `apps/commerce-rest/src/main.ts` runs it alone. */
export const commerceRestService = nestComponent({
  name: 'commerce-rest',
  kind: 'service',
  loadConfig: loadCommerceConfig,
  platformConfig: (config) => config,
  module: (config) => CommerceAppModule.forRoot(config),
  app: {
    title: COMMERCE_OPENAPI.info.title,
    description: COMMERCE_OPENAPI.info.description,
    openApi: finishCommerceDocument,
  },
});

/** The worker of commerce-rest (health only): `apps/commerce-rest/src/worker.ts` runs it alone. */
export const commerceRestWorker = nestComponent({
  name: 'commerce-rest-worker',
  kind: 'worker',
  loadConfig: loadCommerceWorkerConfig,
  platformConfig: (config) => config,
  module: (config) => CommerceWorkerModule.forRoot(config),
  app: {
    title: 'Commerce worker',
    description: 'Records transactions from order events (queue commerce-transactions); health only',
    openApi: false,
  },
});
