import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { ImportOperationEntity } from './import-operation.entity';
import { ImportRunner } from './import-runner';
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

  private async run(job: Job<OperationJobData>): Promise<OperationOutcome> {
    const lockKey = `hosting.import:${String(job.data?.operationId)}`;
    const session = this.dataSource.createQueryRunner();
    await session.connect();
    try {
      const rows: { locked: boolean }[] = await session.query(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [lockKey],
      );
      if (!rows[0]?.locked) throw new Error(`import ${lockKey} is being run by another worker`);
      try {
        return await this.runner.execute(ImportOperationEntity, job, (context) =>
          this.importRunner.run(context),
        );
      } finally {
        await session.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [lockKey]);
      }
    } finally {
      await session.release();
    }
  }
}
