import { declareQueue } from '@platform/queue';

/** Retention of ended bulk operations (BULK_RETENTION_DAYS): one job, run by a job scheduler in the catalog worker. */
export const CatalogBulkRetentionQueue = declareQueue({
  name: 'catalog-bulk-retention',
  jobs: ['purge-ended'],
});

export const BULK_RETENTION_SCHEDULER_ID = 'catalog-bulk-retention-hourly';
/** How often ended imports lose their payload and week-old operations are deleted. */
export const BULK_PURGE_EVERY_MS = 60 * 60 * 1000;
