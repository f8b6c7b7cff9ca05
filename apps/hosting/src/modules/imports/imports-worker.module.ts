import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import { AppLogsModule } from '../app-logs/app-logs.module';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import { appIsolationProvider, runtimeDriverProvider } from '../app-runtime/runtime-driver.provider';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { BuildLogLineEntity } from '../build-logs';
import { SecretStoreModule } from '../secret-store/secret-store.module';
import { ImportOperationEntity } from './import-operation.entity';
import { ImportRunner } from './import.runner';
import { HostingImportsQueue } from './imports.jobs';
import { ImportsProcessor } from './imports.processor';

/**
 * The worker's side of imports: consumes `hosting-imports` (extract, build, start in PREVIEW), re-adds
 * its orphaned jobs (OrphanScanModule), and
 * owns the runtime (AppRuntimeManager), whose env source is SecretStoreModule's VARIANT_ENV_SOURCE
 * (injected as optional: {} without it).
 */
@Module({
  imports: [
    AppLogsModule,
    OrphanScanModule.forOperations({ entity: ImportOperationEntity, operations: HostingImportsQueue }),
    QueueModule.registerQueues(HostingImportsQueue),
    SecretStoreModule,
    TypeOrmModule.forFeature([ImportOperationEntity, BuildLogLineEntity, AppEnvironmentEntity]),
  ],
  providers: [
    AppRuntimeManager,
    ImportRunner,
    ImportsProcessor,
    OperationRunner,
    appIsolationProvider,
    runtimeDriverProvider,
  ],
  exports: [AppRuntimeManager],
})
export class ImportsWorkerModule {}
