import { declareQueue } from '@platform/queue';

export const IMPORT_SKUS_JOB = 'skus.import';
export const EXPORT_SKUS_JOB = 'skus.export';

/**
 * Bulk operations of the catalog, run by the worker. Each job carries the operation id as
 * operationId (and job id) plus the store id; OperationRunner runs it exactly once.
 */
export const CatalogBulkQueue = declareQueue({
  name: 'catalog-bulk',
  jobs: [IMPORT_SKUS_JOB, EXPORT_SKUS_JOB],
});

/**
 * Bulk jobs run in parallel up to this many per worker process. An import or export of 100 000
 * SKUs keeps a core busy for seconds; more throughput comes from more worker replicas.
 */
export const BULK_WORKER_CONCURRENCY = 2;
