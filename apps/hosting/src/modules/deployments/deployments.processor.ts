import { Processor } from '@nestjs/bullmq';
import { withSessionLock } from '@platform/database';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { DeploymentRunner } from './deployment.runner';
import {
  HOSTING_DEPLOYMENTS_CONCURRENCY,
  HostingDeploymentsQueue,
  RUN_DEPLOYMENT_JOB,
} from './deployments.jobs';

/**
 * Consumes `hosting-deployments`. OperationRunner completes each deployment exactly once; the
 * session lock on the deployment id keeps a second delivery of the same job from starting a second
 * copy while the first still runs (it fails fast and its retry finds the deployment finished).
 */
@Processor(HostingDeploymentsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_DEPLOYMENTS_CONCURRENCY })
export class DeploymentsProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(HostingDeploymentsQueue, {
    [RUN_DEPLOYMENT_JOB]: (job) => this.run(job),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly deploymentRunner: DeploymentRunner,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  private run(job: Job<OperationJobData>): Promise<OperationOutcome> {
    return withSessionLock(this.dataSource, `hosting.deployment:${String(job.data?.operationId)}`, () =>
      this.runner.execute(DeploymentOperationEntity, job, (context) => this.deploymentRunner.run(context)),
    );
  }
}
