import { Processor } from '@nestjs/bullmq';
import { JobDispatcherHost, OperationRunner, WorkerDefaults, createJobDispatcher } from '@platform/queue';
import type { OperationHandler, OperationJobData, OperationOutcome } from '@platform/queue';
import type { Job } from 'bullmq';
import { BulkExportRunner } from './bulk-export.runner';
import { BulkImportRunner } from './bulk-import.runner';
import { CatalogBulkOperationEntity } from './bulk-operation.entity';
import { BULK_WORKER_CONCURRENCY, CatalogBulkQueue, EXPORT_SKUS_JOB, IMPORT_SKUS_JOB } from './bulk.jobs';

/**
 * Consumes `catalog-bulk`. OperationRunner ends each operation exactly once, one run at a time
 * (executeExclusive): a second delivery of the same job while the first worker still runs (a
 * stalled re-run, or the orphan scan's re-add after Redis lost the job) waits in the delayed set
 * without spending attempts, then finds the operation ended and skips.
 */
@Processor(CatalogBulkQueue.name, { ...WorkerDefaults, concurrency: BULK_WORKER_CONCURRENCY })
export class CatalogBulkProcessor extends JobDispatcherHost {
  protected readonly dispatcher = createJobDispatcher(CatalogBulkQueue, {
    [IMPORT_SKUS_JOB]: (job, token) => this.run(job, token, (context) => this.imports.run(context)),
    [EXPORT_SKUS_JOB]: (job, token) => this.run(job, token, (context) => this.exports.run(context)),
  });

  constructor(
    private readonly runner: OperationRunner,
    private readonly imports: BulkImportRunner,
    private readonly exports: BulkExportRunner,
  ) {
    super();
  }

  private run(
    job: Job<OperationJobData>,
    token: string | undefined,
    handler: OperationHandler<CatalogBulkOperationEntity>,
  ): Promise<OperationOutcome> {
    return this.runner.executeExclusive(
      CatalogBulkOperationEntity,
      job,
      { lockPrefix: 'catalog.bulk', token },
      handler,
    );
  }
}
