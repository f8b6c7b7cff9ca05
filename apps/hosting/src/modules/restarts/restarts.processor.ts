import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { RestartOperationEntity } from './restart-operation.entity';
import { RestartRunner } from './restart.runner';
import { HOSTING_RESTARTS_CONCURRENCY, HostingRestartsQueue, RUN_RESTART_JOB } from './restarts.jobs';

/**
 * Consumes `hosting-restarts`. OperationRunner completes each restart exactly once, one run at a
 * time (executeExclusive); an orphaned job (its worker died) is re-added by the orphan scan.
 */
@Processor(HostingRestartsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_RESTARTS_CONCURRENCY })
export class RestartsProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(HostingRestartsQueue, {
    [RUN_RESTART_JOB]: (job, token) => this.run(job, token),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly restartRunner: RestartRunner,
  ) {
    super();
  }

  private run(job: Job<OperationJobData>, token: string | undefined): Promise<OperationOutcome> {
    return this.runner.executeExclusive(
      RestartOperationEntity,
      job,
      { lockPrefix: 'hosting.restart', token },
      (context) => this.restartRunner.run(context),
    );
  }
}
