import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { ImportOperationEntity } from './import-operation.entity';
import { ImportRunner } from './import.runner';
import { HOSTING_IMPORTS_CONCURRENCY, HostingImportsQueue, RUN_IMPORT_JOB } from './imports.jobs';

/**
 * Consumes `hosting-imports`. OperationRunner completes each import exactly once, one run at a time
 * (executeExclusive): a second delivery of the same job while the first worker still builds (a
 * stalled re-run, or the orphan scan's re-add after Redis lost the job) waits in the delayed set
 * without spending attempts, then finds the import finished and skips.
 */
@Processor(HostingImportsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_IMPORTS_CONCURRENCY })
export class ImportsProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(HostingImportsQueue, {
    [RUN_IMPORT_JOB]: (job, token) => this.run(job, token),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly importRunner: ImportRunner,
  ) {
    super();
  }

  private run(job: Job<OperationJobData>, token: string | undefined): Promise<OperationOutcome> {
    return this.runner.executeExclusive(
      ImportOperationEntity,
      job,
      { lockPrefix: 'hosting.import', token },
      (context) => this.importRunner.run(context),
    );
  }
}
