import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import { DataSource } from 'typeorm';
import { AppOperationEntity } from './app-operation.entity';
import { APP_PROVISIONER, DatabaseAppProvisioner } from './app-provisioner';
import type { AppProvisioner } from './app-provisioner';
import { HostingAppsQueue } from './apps.jobs';
import { HostingAppsProcessor } from './apps.processor';

export interface AppsWorkerOptions {
  /** Replaces the default provisioner (DatabaseAppProvisioner), e.g. in tests. */
  readonly provisioner?: (dataSource: DataSource) => AppProvisioner;
}

/** The worker's side of apps: consumes `hosting-apps` (app creation) and re-adds its orphaned jobs. */
@Module({})
export class AppsWorkerModule {
  static forRoot(options: AppsWorkerOptions = {}): DynamicModule {
    const provisioner = options.provisioner ?? (() => new DatabaseAppProvisioner());
    return {
      module: AppsWorkerModule,
      imports: [
        OrphanScanModule.forOperations({ entity: AppOperationEntity, operations: HostingAppsQueue }),
        QueueModule.registerQueues(HostingAppsQueue),
        TypeOrmModule.forFeature([AppOperationEntity]),
      ],
      providers: [
        HostingAppsProcessor,
        OperationRunner,
        { provide: APP_PROVISIONER, inject: [DataSource], useFactory: provisioner },
      ],
    };
  }
}
