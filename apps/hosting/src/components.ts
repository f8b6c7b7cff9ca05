import { nestComponent } from '@platform/service-kit';
import { HostingAppModule } from './app.module';
import { loadHostingConfig } from './config/hosting.config';
import { HOSTING_OPENAPI, finishHostingDocument } from './openapi/hosting-openapi';
import { loadHostingWorkerConfig } from './config/hosting-worker.config';
import { HostingWorkerModule } from './worker.module';

/** The API of hosting: `apps/hosting/src/main.ts` runs it alone. */
export const hostingService = nestComponent({
  name: 'hosting',
  kind: 'service',
  loadConfig: loadHostingConfig,
  platformConfig: (config) => config.platform,
  module: (config) => HostingAppModule.forRoot(config),
  app: {
    title: HOSTING_OPENAPI.info.title,
    description: HOSTING_OPENAPI.info.description,
    openApi: finishHostingDocument,
  },
});

/** The worker of hosting (health only): `apps/hosting/src/worker.ts` runs it alone. */
export const hostingWorker = nestComponent({
  name: 'hosting-worker',
  kind: 'worker',
  loadConfig: loadHostingWorkerConfig,
  platformConfig: (config) => config.platform,
  module: (config) => HostingWorkerModule.forRoot(config),
  app: {
    title: 'Hosting worker',
    description: 'Creates apps (queue hosting-apps); health only',
    openApi: false,
  },
});
