import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IDEMPOTENCY_MIGRATION_SET, IdempotencyPurgeModule } from '@platform/idempotency';
import { OperationRunner, QueueModule } from '@platform/queue';
import { ServiceKitModule } from '@platform/service-kit';
import { DataSource } from 'typeorm';
import { HostingConfigModule } from './config/hosting-config.module';
import type { HostingWorkerConfig } from './config/hosting.config';
import { HOSTING_MIGRATION_SET } from './database/hosting.migration-set';
import { AppOperationEntity } from './modules/apps/app-operation.entity';
import { AppOrphansService } from './modules/apps/app-orphans.service';
import { APP_PROVISIONER, DatabaseAppProvisioner } from './modules/apps/app-provisioner';
import type { AppProvisioner } from './modules/apps/app-provisioner';
import { HostingAppsQueue } from './modules/apps/apps.jobs';
import { HostingAppsProcessor } from './modules/apps/apps.processor';
import { DeploymentsWorkerModule } from './modules/deployments/deployments-worker.module';
import { ImportsWorkerModule } from './modules/imports/imports-worker.module';
import { HostingMaintenanceModule } from './modules/maintenance/hosting-maintenance.module';
import { SecretStoreModule } from './modules/secret-store/secret-store.module';
import { VariantProxyModule } from './modules/variant-proxy/variant-proxy.module';
import { WorkerLeasesModule } from './modules/worker-leases/worker-leases.module';

export interface HostingWorkerOptions {
  /** Replaces the default provisioner (DatabaseAppProvisioner), e.g. in tests. */
  readonly provisioner?: (dataSource: DataSource) => AppProvisioner;
}

/**
 * The hosting worker: consumes `hosting-apps` (app creation) and `hosting-imports` (imports, which
 * it runs in PREVIEW: ImportsWorkerModule owns the app processes), re-adds orphaned jobs, purges
 * expired idempotency keys. Serves /health/live, /health/ready, /metrics and the app traffic of
 * `/hosted/{appId}/{variant}/…` (VariantProxyModule) on its own port. Any number of workers run
 * side by side: each owns the variants it leases (WorkerLeasesModule, docs/hosting.md, "Several workers").
 */
@Module({})
export class HostingWorkerModule {
  static forRoot(config: HostingWorkerConfig, options: HostingWorkerOptions = {}): DynamicModule {
    const provisioner = options.provisioner ?? (() => new DatabaseAppProvisioner());
    return {
      module: HostingWorkerModule,
      imports: [
        DeploymentsWorkerModule,
        HostingConfigModule.forWorker(config),
        HostingMaintenanceModule,
        IdempotencyPurgeModule,
        ImportsWorkerModule,
        QueueModule.forRoot(),
        QueueModule.registerQueues(HostingAppsQueue),
        SecretStoreModule,
        ServiceKitModule.forRoot({
          config: config.platform,
          errorFamily: 'commerce',
          migrationSets: [HOSTING_MIGRATION_SET, IDEMPOTENCY_MIGRATION_SET],
        }),
        TypeOrmModule.forFeature([AppOperationEntity]),
        VariantProxyModule,
        WorkerLeasesModule,
      ],
      providers: [
        AppOrphansService,
        HostingAppsProcessor,
        OperationRunner,
        { provide: APP_PROVISIONER, inject: [DataSource], useFactory: provisioner },
      ],
    };
  }
}
