import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, QueueModule } from '@platform/queue';
import { AppStatusController } from '../app-runtime/app-status.controller';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { LogStreamsModule } from '../app-logs/log-streams.module';
import { BuildLogLineEntity } from '../build-logs';
import { AppsModule } from '../apps/apps.module';
import { SecretStoreModule } from '../secret-store/secret-store.module';
import { ImportOperationEntity } from './import-operation.entity';
import { ImportsController, NodejsSourceController } from './imports.controller';
import { HostingImportsQueue } from './imports.jobs';
import { ImportsService } from './imports.service';
import { MultipartInstaller } from './multipart-installer.service';

/**
 * Source imports on both namespaces and the runtime status (API side); the worker runs the imports
 * (ImportsProcessor) and owns the processes (AppRuntimeManager).
 */
@Module({
  imports: [
    AppsModule,
    LogStreamsModule,
    QueueModule.registerQueues(HostingImportsQueue),
    SecretStoreModule,
    TypeOrmModule.forFeature([ImportOperationEntity, BuildLogLineEntity, AppEnvironmentEntity]),
  ],
  controllers: [ImportsController, NodejsSourceController, AppStatusController],
  providers: [ImportsService, MultipartInstaller, OperationRunner],
})
export class ImportsModule {}
