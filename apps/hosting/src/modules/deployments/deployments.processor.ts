import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { DeploymentRunner } from './deployment.runner';
import {
  HOSTING_DEPLOYMENTS_CONCURRENCY,
  HostingDeploymentsQueue,
  RUN_DEPLOYMENT_JOB,
} from './deployments.jobs';

/**
 * Consumes `hosting-deployments`. OperationRunner completes each deployment exactly once, one run at
 * a time (executeExclusive): a second delivery of the same job while the first still runs waits in
 * the delayed set without spending attempts, then finds the deployment finished and skips.
 */
@Processor(HostingDeploymentsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_DEPLOYMENTS_CONCURRENCY })
export class DeploymentsProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(HostingDeploymentsQueue, {
    [RUN_DEPLOYMENT_JOB]: (job, token) => this.run(job, token),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly deploymentRunner: DeploymentRunner,
  ) {
    super();
  }

  private run(job: Job<OperationJobData>, token: string | undefined): Promise<OperationOutcome> {
    return this.runner.executeExclusive(
      DeploymentOperationEntity,
      job,
      { lockPrefix: 'hosting.deployment', token },
      (context) => this.deploymentRunner.run(context),
    );
  }
}
