import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { OperationRunner, OrphanScanner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { HostingDeploymentsQueue } from './deployments.jobs';

/** Re-adds the job of a deployment left EXECUTING without one. */
@Injectable()
export class DeploymentOrphansService extends OrphanScanner<DeploymentOperationEntity> {
  constructor(runner: OperationRunner, @InjectQueue(HostingDeploymentsQueue.name) queue: Queue) {
    super(runner, DeploymentOperationEntity, [queue]);
  }
}
