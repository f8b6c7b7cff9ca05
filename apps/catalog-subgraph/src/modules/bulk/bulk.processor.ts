import { Processor } from '@nestjs/bullmq';
import { withSessionLock } from '@platform/database';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationHandler, OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { BulkExportRunner } from './bulk-export.runner';
import { BulkImportRunner } from './bulk-import.runner';
import { CatalogBulkOperationEntity } from './bulk-operation.entity';
import { BULK_WORKER_CONCURRENCY, CatalogBulkQueue, EXPORT_SKUS_JOB, IMPORT_SKUS_JOB } from './bulk.jobs';

/**
 * Consumes `catalog-bulk`. OperationRunner ends each operation exactly once; on top of it a
 * session advisory lock on the operation id, held from before the runner reads the record until
 * after it ended it, keeps a second delivery of the same job (a stalled re-run while the first
 * worker still runs) from working alongside: it fails fast with a retryable error, and its retry
 * finds the operation ended and skips.
 */
@Processor(CatalogBulkQueue.name, { ...WorkerDefaults, concurrency: BULK_WORKER_CONCURRENCY })
export class CatalogBulkProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(CatalogBulkQueue, {
    [IMPORT_SKUS_JOB]: (job) => this.run(job, (context) => this.imports.run(context)),
    [EXPORT_SKUS_JOB]: (job) => this.run(job, (context) => this.exports.run(context)),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly imports: BulkImportRunner,
    private readonly exports: BulkExportRunner,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  private run(
    job: Job<OperationJobData>,
    handler: OperationHandler<CatalogBulkOperationEntity>,
  ): Promise<OperationOutcome> {
    return withSessionLock(this.dataSource, `catalog.bulk:${String(job.data?.operationId)}`, () =>
      this.runner.execute(CatalogBulkOperationEntity, job, handler),
    );
  }
}
