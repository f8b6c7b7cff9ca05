import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import {
  ORPHAN_SCAN_EVERY_MS,
  OperationStatus,
  orphanScanQueue,
  orphanScanSchedulerId,
} from '@platform/queue';
import { WorkerHarness, waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { CatalogBulkOperationEntity } from '../src/modules/bulk/bulk-operation.entity';
import {
  BULK_PURGE_EVERY_MS,
  BULK_RETENTION_SCHEDULER_ID,
  CatalogBulkRetentionQueue,
} from '../src/modules/bulk/bulk-retention.jobs';
import { BulkRetentionProcessor } from '../src/modules/bulk/bulk-retention.processor';
import { CatalogBulkQueue } from '../src/modules/bulk/bulk.jobs';
import { CatalogTestApp, startCatalogTestApp, startCatalogWorker } from './support/catalog-test-app';

describe('ended bulk operations are purged by the catalog worker, never by the API process', () => {
  let catalog: CatalogTestApp;
  let worker: WorkerHarness | undefined;

  beforeAll(async () => {
    catalog = await startCatalogTestApp('bulk-retention');
  });

  afterAll(async () => {
    await worker?.close();
    await catalog?.close();
  });

  /** An export that ended `daysAgo` days ago. */
  const endedExport = async (daysAgo: number): Promise<string> => {
    const id = randomUUID();
    await catalog.dataSource.getRepository(CatalogBulkOperationEntity).insert({
      id,
      status: OperationStatus.COMPLETED,
      jobQueue: CatalogBulkQueue.name,
      jobName: 'skus.export',
      jobData: { operationId: id },
      storeId: catalog.defaults.store,
      type: 'EXPORT',
      completedAt: new Date(Date.now() - daysAgo * 24 * 3600 * 1000),
    });
    return id;
  };
  const remaining = async (ids: string[]): Promise<string[]> =>
    (
      await catalog.dataSource.getRepository(CatalogBulkOperationEntity).findBy(ids.map((id) => ({ id })))
    ).map((op) => op.id);

  it('has no retention in the API process: no processor, no queue', () => {
    expect(() => catalog.app.get(BulkRetentionProcessor)).toThrow();
    expect(() => catalog.app.get(getQueueToken(CatalogBulkRetentionQueue.name))).toThrow();
  });

  it('schedules the purge every hour when the worker boots, and its first run deletes the operations ended over a week ago', async () => {
    const old = await endedExport(8);
    const recent = await endedExport(1);

    worker = await startCatalogWorker(catalog, BulkRetentionProcessor);
    const queue = worker.app.get<Queue>(getQueueToken(CatalogBulkRetentionQueue.name));
    expect(await queue.getJobScheduler(BULK_RETENTION_SCHEDULER_ID)).toEqual(
      expect.objectContaining({ name: 'purge-ended', every: BULK_PURGE_EVERY_MS }),
    );
    // An `every` scheduler runs its first job at once, then every hour.
    await waitFor(async () => (await remaining([old, recent])).length === 1, {
      what: 'the purge job to delete the old operation',
    });
    expect(await remaining([old, recent])).toEqual([recent]);
    const [run] = await queue.getJobs(['completed']);
    expect(run.returnvalue).toEqual({ payloads: 0, operations: 1 });
  });

  it('has the worker declare the orphan scan of `catalog-bulk` too, every minute (one scheduler for all replicas)', async () => {
    if (!worker) throw new Error('the worker did not start');
    const scans = worker.app.get<Queue>(getQueueToken(orphanScanQueue(CatalogBulkQueue).name));
    expect(await scans.getJobScheduler(orphanScanSchedulerId(CatalogBulkQueue))).toMatchObject({
      every: ORPHAN_SCAN_EVERY_MS,
    });
  });
});
