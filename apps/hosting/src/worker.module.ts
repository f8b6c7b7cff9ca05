import { DynamicModule, Module } from '@nestjs/common';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyPurgeModule } from '@platform/idempotency';
import { QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { HostingConfigModule } from './config/hosting-config.module';
import type { HostingWorkerConfig } from './config/hosting-worker.config';
import { HOSTING_MIGRATION_SET } from './database/hosting.migration-set';
import { AppsWorkerModule } from './modules/apps/apps-worker.module';
import type { AppsWorkerOptions } from './modules/apps/apps-worker.module';
import { DeploymentsWorkerModule } from './modules/deployments/deployments-worker.module';
import { DomainsWorkerModule } from './modules/domains/domains-worker.module';
import { ImportsWorkerModule } from './modules/imports/imports-worker.module';
import { HostingMaintenanceModule } from './modules/maintenance/hosting-maintenance.module';
import { SecretStoreModule } from './modules/secret-store/secret-store.module';
import { VariantProxyModule } from './modules/variant-proxy/variant-proxy.module';
import { WebhooksWorkerModule } from './modules/webhooks/webhooks-worker.module';
import { WorkerLeasesModule } from './modules/worker-leases/worker-leases.module';
import { RestartsWorkerModule } from './modules/restarts/restarts-worker.module';

/** The worker's options: AppsWorkerModule's (the provisioner, e.g. in tests). */
export type HostingWorkerOptions = AppsWorkerOptions;

/**
 * The hosting worker: consumes `hosting-apps` (app creation: AppsWorkerModule) and `hosting-imports`
 * (imports, which it runs in PREVIEW: ImportsWorkerModule owns the app processes), delivers deploy
 * webhooks (`hosting-webhooks`: WebhooksWorkerModule), checks custom domains (`hosting-domains`:
 * DomainsWorkerModule), re-adds orphaned
 * jobs, purges expired idempotency keys. Serves /health/live, /health/ready, /metrics and the app traffic of
 * `/hosted/{appId}/{variant}/…` (VariantProxyModule) on its own port. Any number of workers run
 * side by side: each owns the variants it leases (WorkerLeasesModule, docs/hosting.md, "Several workers").
 */
@Module({})
export class HostingWorkerModule {
  static forRoot(config: HostingWorkerConfig, options: HostingWorkerOptions = {}): DynamicModule {
    return {
      module: HostingWorkerModule,
      imports: [
        AppsWorkerModule.forRoot(options),
        DeploymentsWorkerModule,
        DomainsWorkerModule,
        RestartsWorkerModule,
        HostingConfigModule.forWorker(config),
        HostingMaintenanceModule,
        IdempotencyPurgeModule,
        ImportsWorkerModule,
        QueueModule.forRoot(),
        SecretStoreModule,
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'commerce',
          migrationSets: [HOSTING_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
        VariantProxyModule,
        WebhooksWorkerModule,
        WorkerLeasesModule,
      ],
    };
  }
}
