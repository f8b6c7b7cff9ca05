import { nestComponent } from '@platform/service-kit';
import { DomainsAppModule } from './app.module';
import { loadDomainsConfig } from './config/domains.config';
import { DOMAINS_OPENAPI, finishDomainsDocument } from './openapi/domains-openapi';
import { loadDomainsWorkerConfig } from './config/domains-worker.config';
import { DomainsWorkerModule } from './worker.module';

/** The API of domains: `apps/domains/src/main.ts` runs it alone. */
export const domainsService = nestComponent({
  name: 'domains',
  kind: 'service',
  loadConfig: loadDomainsConfig,
  platformConfig: (config) => config.platform,
  module: (config) => DomainsAppModule.forRoot(config),
  app: {
    title: DOMAINS_OPENAPI.info.title,
    description: DOMAINS_OPENAPI.info.description,
    openApi: finishDomainsDocument,
  },
});

/** The worker of domains (health only): `apps/domains/src/worker.ts` runs it alone. */
export const domainsWorker = nestComponent({
  name: 'domains-worker',
  kind: 'worker',
  loadConfig: loadDomainsWorkerConfig,
  platformConfig: (config) => config.platform,
  module: (config) => DomainsWorkerModule.forRoot(config),
  app: {
    title: 'Domains worker',
    description: 'Registers, renews and transfers domains (queue domains-orders); health only',
    openApi: false,
  },
});
