import { getQueueToken } from '@nestjs/bullmq';
import { waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import {
  STORE_ATTRIBUTE_PURGE_EVERY_MS,
  STORE_ATTRIBUTE_PURGE_SCHEDULER_ID,
  StoreAttributePurgeQueue,
} from '../src/modules/stores/attributes/store-attribute-purge.jobs';
import { StoreAttributePurgeProcessor } from '../src/modules/stores/attributes/store-attribute-purge.processor';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';
import { CommerceWorkerHarness, startCommerceWorker } from './support/commerce-worker';

describe('expired store attributes are purged by the commerce worker, never by the API process', () => {
  let t: CommerceTestApp;
  let worker: CommerceWorkerHarness | undefined;
  let storeId: string;

  beforeAll(async () => {
    t = await startCommerceTestApp('attr-purge');
    const owner = await t.newCredential(['commerce.store:read']);
    ({ storeId } = await t.newStore(owner.accountId, { attributeKeys: ['stale', 'expiring', 'live'] }));
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const names = async (): Promise<string[]> =>
    (
      await t.dataSource.query(
        `SELECT "name" FROM "commerce"."store_attributes" WHERE "store_id" = $1 ORDER BY "name"`,
        [storeId],
      )
    ).map((row: { name: string }) => row.name);

  it('has no purge in the API process: no processor, no queue', () => {
    expect(() => t.app.get(StoreAttributePurgeProcessor)).toThrow();
    expect(() => t.app.get(getQueueToken(StoreAttributePurgeQueue.name))).toThrow();
  });

  it('schedules the purge every 10 minutes when the worker boots, and its first run deletes only expired rows', async () => {
    await t.dataSource.query(
      `INSERT INTO "commerce"."store_attributes" ("store_id", "name", "value", "expires_at") VALUES
       ($1, 'stale', 'a', now() - interval '1 hour'),
       ($1, 'expiring', 'b', now() - interval '1 second'),
       ($1, 'live', 'c', now() + interval '1 hour')`,
      [storeId],
    );
    expect(await names()).toEqual(['expiring', 'live', 'stale']);

    worker = await startCommerceWorker(t.env);
    const queue = worker.app.get<Queue>(getQueueToken(StoreAttributePurgeQueue.name));
    expect(await queue.getJobScheduler(STORE_ATTRIBUTE_PURGE_SCHEDULER_ID)).toEqual(
      expect.objectContaining({ name: 'purge-expired', every: STORE_ATTRIBUTE_PURGE_EVERY_MS }),
    );
    // An `every` scheduler runs its first job at once, then every 10 minutes.
    await waitFor(async () => (await names()).length === 1, { what: 'the purge job to delete expired rows' });
    expect(await names()).toEqual(['live']);
    const [run] = await queue.getJobs(['completed']);
    expect(run.returnvalue).toEqual({ deleted: 2 });
  });
});
