import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, QueueModule } from '@platform/queue';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { LogStreamsModule } from '../app-logs/log-streams.module';
import { AppsModule } from '../apps/apps.module';
import { SecretStoreModule } from '../secret-store/secret-store.module';
import { BuildLogLineEntity } from '../build-logs';
import { AppSubscriptionEntity } from '../subscriptions/app-subscription.entity';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { DeploymentsController, NodejsDeploymentsController } from './deployments.controller';
import { HostingDeploymentsQueue } from './deployments.jobs';
import { DeploymentsService } from './deployments.service';

/** Deployments on both namespaces (API side); the worker runs them (DeploymentsWorkerModule). */
@Module({
  imports: [
    AppsModule,
    LogStreamsModule,
    QueueModule.registerQueues(HostingDeploymentsQueue),
    SecretStoreModule,
    TypeOrmModule.forFeature([
      AppEnvironmentEntity,
      AppSubscriptionEntity,
      BuildLogLineEntity,
      DeploymentOperationEntity,
    ]),
  ],
  controllers: [DeploymentsController, NodejsDeploymentsController],
  providers: [DeploymentsService, OperationRunner],
  exports: [DeploymentsService],
})
export class DeploymentsModule {}
