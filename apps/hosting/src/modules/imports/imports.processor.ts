import { Processor } from '@nestjs/bullmq';
import { withSessionLock } from '@platform/database';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { ImportOperationEntity } from './import-operation.entity';
import { ImportRunner } from './import.runner';
import { HOSTING_IMPORTS_CONCURRENCY, HostingImportsQueue, RUN_IMPORT_JOB } from './imports.jobs';

/**
 * Consumes `hosting-imports`. OperationRunner completes each import exactly once; on top of it a
 * session advisory lock on the import id, held from before the runner reads the record until after
 * it completed it, keeps a second delivery of the same job (a stalled re-run while the first worker
 * still builds) from running a second build: it fails fast with a retryable error, and its retry
 * finds the import finished and skips.
 */
@Processor(HostingImportsQueue.name, { ...WorkerDefaults, concurrency: HOSTING_IMPORTS_CONCURRENCY })
export class ImportsProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(HostingImportsQueue, {
    [RUN_IMPORT_JOB]: (job) => this.run(job),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly importRunner: ImportRunner,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  private run(job: Job<OperationJobData>): Promise<OperationOutcome> {
    return withSessionLock(this.dataSource, `hosting.import:${String(job.data?.operationId)}`, () =>
      this.runner.execute(ImportOperationEntity, job, (context) => this.importRunner.run(context)),
    );
  }
}
