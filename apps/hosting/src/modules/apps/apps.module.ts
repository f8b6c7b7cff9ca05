import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, QueueModule } from '@platform/queue';
import { NodejsAppsController } from '../nodejs/nodejs-apps.controller';
import { AppEnvironmentEntity } from './app-environment.entity';
import { AppOperationEntity } from './app-operation.entity';
import { AppEntity } from './app.entity';
import { AppsController } from './apps.controller';
import { HostingAppsQueue } from './apps.jobs';
import { AppsService } from './apps.service';
import { VariantUrls } from './variant-urls.service';

/** Apps and app operations on both namespaces (/v1/hosting, /v1/hosting/nodejs); the worker creates. */
@Module({
  imports: [
    QueueModule.registerQueues(HostingAppsQueue),
    TypeOrmModule.forFeature([AppEntity, AppEnvironmentEntity, AppOperationEntity]),
  ],
  controllers: [AppsController, NodejsAppsController],
  providers: [AppsService, OperationRunner, VariantUrls],
  exports: [AppsService, VariantUrls],
})
export class AppsModule {}
