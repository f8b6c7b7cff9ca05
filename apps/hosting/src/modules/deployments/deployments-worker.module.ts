import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OperationRunner, OrphanScanModule, QueueModule } from '@platform/queue';
import { ImportsWorkerModule } from '../imports/imports-worker.module';
import { SecretStoreModule } from '../secret-store/secret-store.module';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { DeploymentRunner } from './deployment.runner';
import { HostingDeploymentsQueue } from './deployments.jobs';
import { DeploymentsProcessor } from './deployments.processor';

/**
 * The worker's side of deployments: consumes `hosting-deployments` on the runtime that
 * ImportsWorkerModule owns (one AppRuntimeManager per worker runs both variants), and re-adds its
 * orphaned jobs.
 */
@Module({
  imports: [
    ImportsWorkerModule,
    OrphanScanModule.forOperations({
      entity: DeploymentOperationEntity,
      operations: HostingDeploymentsQueue,
    }),
    QueueModule.registerQueues(HostingDeploymentsQueue),
    SecretStoreModule,
    TypeOrmModule.forFeature([DeploymentOperationEntity]),
  ],
  providers: [DeploymentRunner, DeploymentsProcessor, OperationRunner],
})
export class DeploymentsWorkerModule {}
