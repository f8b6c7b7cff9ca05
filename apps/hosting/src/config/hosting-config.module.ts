import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { LOG_STREAM_SETTINGS } from '../modules/app-logs/log-stream-settings';
import { RESOURCE_SETTINGS } from '../modules/app-runtime/resource-settings';
import { RUNTIME_SETTINGS } from '../modules/app-runtime/runtime-settings';
import { PUBLIC_BASE_URL } from '../modules/apps/variant-urls.service';
import { DOMAIN_SETTINGS, DOMAINS_URL } from '../modules/domains/domain-settings';
import { IMPORT_SETTINGS } from '../modules/imports/import-settings';
import { MAINTENANCE_SETTINGS } from '../modules/maintenance/hosting-maintenance.jobs';
import { WEBHOOK_SETTINGS } from '../modules/webhooks/webhook-settings';
import { LEASE_SETTINGS } from '../modules/worker-leases/lease-settings';
import type { HostingWorkerConfig } from './hosting-worker.config';
import type { HostingConfig } from './hosting.config';

/**
 * Hosting's own validated settings for every module, each under the token of the feature that
 * uses it (PLATFORM_CONFIG comes from ServiceKitModule): `forApi` in the API, `forWorker` in the worker.
 */
@Global()
@Module({})
export class HostingConfigModule {
  static forApi(config: HostingConfig): DynamicModule {
    return HostingConfigModule.of([
      { provide: IMPORT_SETTINGS, useValue: config.imports },
      { provide: LOG_STREAM_SETTINGS, useValue: config.logStreams },
      { provide: PUBLIC_BASE_URL, useValue: config.publicBaseUrl },
      { provide: WEBHOOK_SETTINGS, useValue: config.webhooks },
      { provide: DOMAIN_SETTINGS, useValue: config.domains },
    ]);
  }

  static forWorker(config: HostingWorkerConfig): DynamicModule {
    return HostingConfigModule.of([
      { provide: IMPORT_SETTINGS, useValue: config.imports },
      { provide: RUNTIME_SETTINGS, useValue: config.runtime },
      { provide: RESOURCE_SETTINGS, useValue: config.resources },
      { provide: LEASE_SETTINGS, useValue: config.leases },
      { provide: MAINTENANCE_SETTINGS, useValue: config.maintenance },
      { provide: WEBHOOK_SETTINGS, useValue: config.webhooks },
      { provide: DOMAIN_SETTINGS, useValue: config.domains },
      { provide: DOMAINS_URL, useValue: config.domainsUrl },
    ]);
  }

  private static of(providers: Provider[]): DynamicModule {
    return { module: HostingConfigModule, providers, exports: providers };
  }
}
