import { randomUUID } from 'node:crypto';
import { OperationStatus } from '@platform/queue';
import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { CATALOG_MIGRATION_SET } from '../../database/catalog.migration-set';
import { BulkOperationType, CatalogBulkOperationEntity, SkuImportMode } from './bulk-operation.entity';
import { BulkOperationsRepository } from './bulk-operations.repository';
import { BulkSkusRepository } from './bulk-skus.repository';
import type { JsonlChunk } from './jsonl-chunks';
import type { SkuRow } from './sku-lines';

// Medium tier (docs/testing.md): the bulk statements against the real migrated schema, no queue.
describe('BulkOperationsRepository and BulkSkusRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let operations: BulkOperationsRepository;
  let skus: BulkSkusRepository;

  beforeAll(async () => {
    t = await openTestDataSource('catalog-bulk-repositories', [CATALOG_MIGRATION_SET]);
    operations = new BulkOperationsRepository(t.dataSource.manager);
    skus = new BulkSkusRepository(t.dataSource.manager);
  });

  afterAll(() => t?.close());

  async function operation(
    storeId: string,
    fields: Partial<CatalogBulkOperationEntity> = {},
  ): Promise<CatalogBulkOperationEntity> {
    return t.dataSource.getRepository(CatalogBulkOperationEntity).save(
      Object.assign(new CatalogBulkOperationEntity(), {
        id: randomUUID(),
        status: OperationStatus.EXECUTING,
        failureCode: null,
        failureMessage: null,
        attempts: 0,
        jobQueue: 'catalog-bulk',
        jobName: 'import-skus',
        jobData: { operationId: 'x' },
        completedAt: null,
        storeId,
        type: BulkOperationType.IMPORT,
        mode: SkuImportMode.CREATE,
        totalLines: 0,
        processedLines: 0,
        createdCount: 0,
        updatedCount: 0,
        failedCount: 0,
        lineErrors: [],
        jsonlBytes: 0,
        ...fields,
      }),
    );
  }

  const chunk = (firstLine: number, lines: string[]): JsonlChunk => ({
    firstLine,
    lineCount: lines.length,
    jsonl: lines.join('\n'),
  });

  it('stores chunks in groups, reads them back one at a time in line order, and only those holding a range', async () => {
    const op = await operation(randomUUID());
    const stored = Array.from({ length: 23 }, (_, i) =>
      chunk(i * 2 + 1, [`{"n":${i * 2 + 1}}`, `{"n":${i * 2 + 2}}`]),
    );
    await operations.insertChunks(op.id, stored.slice(0, 22)); // three statements of ten or fewer
    await operations.append(op.id, stored[22]);
    const read: JsonlChunk[] = [];
    for await (const c of operations.chunks(op.id)) read.push(c);
    expect(read).toEqual(stored);
    // Lines 4 to 8: the chunk where line 4 falls (first line 3), and those starting before 9.
    expect((await operations.chunksHoldingLines(op.id, 4, 9)).map((c) => c.firstLine)).toEqual([3, 5, 7]);
    await operations.deleteChunks(op.id);
    expect(await operations.chunksHoldingLines(op.id, 1, 100)).toEqual([]);
  });

  it('moves progress and records line errors only while the operation is EXECUTING; writes the totals', async () => {
    const storeId = randomUUID();
    const running = await operation(storeId);
    const ended = await operation(storeId, { status: OperationStatus.FAILED });
    for (const op of [running, ended]) {
      await operations.progress(op.id, 7);
      await operations.recordLineErrors(op.id, 3, [{ line: 2, message: 'bad' }]);
    }
    expect(await operations.findInStore(storeId, running.id)).toMatchObject({
      processedLines: 7,
      failedCount: 3,
      lineErrors: [{ line: 2, message: 'bad' }],
    });
    expect(await operations.findInStore(storeId, ended.id)).toMatchObject({
      processedLines: 0,
      failedCount: 0,
    });
    expect(await operations.findInStore(randomUUID(), running.id)).toBeNull(); // another store's

    const exported = await operation(storeId, { type: BulkOperationType.EXPORT, mode: null });
    await operations.recordExportTotals(exported.id, 12, 345);
    expect(await operations.findInStore(storeId, exported.id)).toMatchObject({
      totalLines: 12,
      processedLines: 12,
      jsonlBytes: 345,
    });
    const imported = await operation(storeId, { totalLines: 5 });
    await operations.recordImportTotals(imported.id, 3, 2);
    expect(await operations.findInStore(storeId, imported.id)).toMatchObject({
      createdCount: 3,
      updatedCount: 2,
      processedLines: 5,
      completedAt: expect.any(Date),
    });
  });

  it("counts a store's EXECUTING operations under a lock that serialises the store's starts", async () => {
    const storeId = randomUUID();
    await operation(storeId);
    await operation(storeId, { status: OperationStatus.COMPLETED });
    await operation(randomUUID());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = t.dataSource.transaction(async (manager) => {
      expect(await operations.boundTo(manager).countExecutingLocked(storeId)).toBe(1);
      locked();
      await released;
      order.push('first ends');
    });
    await isLocked;
    const second = t.dataSource.transaction(async (manager) => {
      await operations.boundTo(manager).countExecutingLocked(storeId);
      order.push('second counted');
    });
    await waitForLockWaiter(t.dataSource, 'the second start to wait for the store lock');
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first ends', 'second counted']);
  });

  it('purges ended imports’ payloads and operations ended before the retention, never an EXECUTING one', async () => {
    const storeId = randomUUID();
    const executing = await operation(storeId);
    const failed = await operation(storeId, { status: OperationStatus.FAILED, completedAt: new Date() });
    const old = await operation(storeId, {
      status: OperationStatus.COMPLETED,
      completedAt: new Date(Date.now() - 40 * 24 * 3600 * 1000),
    });
    for (const op of [executing, failed, old]) await operations.insertChunks(op.id, [chunk(1, ['{}'])]);
    expect(await operations.purgeEndedImportPayloads(1)).toBe(2);
    expect(await operations.chunksHoldingLines(executing.id, 1, 2)).toHaveLength(1);
    expect(await operations.chunksHoldingLines(failed.id, 1, 2)).toHaveLength(0);
    expect(await operations.purgeEndedBefore(30, 1)).toBe(1);
    expect(await operations.findInStore(storeId, old.id)).toBeNull();
    expect(await operations.findInStore(storeId, failed.id)).not.toBeNull();
  });

  describe('SKUs', () => {
    const sku = (code: string | null, name = `sku ${code}`): SkuRow => ({
      name,
      label: null,
      code,
      status: 'ACTIVE',
      data: {},
    });

    it('inserts new codes only (CREATE), replaces by code unless archived (UPSERT), and finds codes', async () => {
      const storeId = randomUUID();
      const at = new Date('2026-06-01T00:00:00.000Z');
      const a = { id: randomUUID(), row: sku('A') };
      const b = { id: randomUUID(), row: sku('B') };
      expect(await skus.write(storeId, [a, b], false, at)).toHaveLength(2);
      // CREATE again: a taken code is left out of what was written.
      const again = await skus.write(storeId, [{ id: randomUUID(), row: sku('A') }], false, at);
      expect(again).toEqual([]);
      await t.dataSource.query(`UPDATE "catalog"."records" SET status = 'ARCHIVED' WHERE id = $1`, [b.id]);
      const upserted = await skus.write(
        storeId,
        [
          { id: randomUUID(), row: sku('A', 'renamed') },
          { id: randomUUID(), row: sku('B', 'renamed') },
        ],
        true,
        at,
      );
      expect(upserted).toEqual([{ id: a.id, code: 'A' }]); // the same row, B archived
      expect(
        (await skus.findCodes(storeId, ['A', 'B', 'C'])).sort((x, y) => x.code.localeCompare(y.code)),
      ).toEqual([
        { code: 'A', status: 'ACTIVE' },
        { code: 'B', status: 'ARCHIVED' },
      ]);
      expect(await skus.findCodes(randomUUID(), ['A'])).toEqual([]);
    });

    it('pages a store’s SKUs that are not archived in (created_at, id) order after a cursor', async () => {
      const storeId = randomUUID();
      const rows = ['P1', 'P2', 'P3', 'P4'].map((code) => ({ id: randomUUID(), row: sku(code) }));
      for (const [i, r] of rows.entries())
        await skus.write(storeId, [r], false, new Date(Date.UTC(2026, 5, 1, 0, 0, i)));
      await t.dataSource.query(`UPDATE "catalog"."records" SET status = 'ARCHIVED' WHERE id = $1`, [
        rows[1].id,
      ]);
      const first = await skus.pageAfter(
        storeId,
        { createdAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' },
        2,
      );
      expect(first.map((s) => s.code)).toEqual(['P1', 'P3']);
      const last = first[first.length - 1];
      const next = await skus.pageAfter(storeId, { createdAt: last.createdAt, id: last.id }, 2);
      expect(next.map((s) => s.code)).toEqual(['P4']);
    });
  });
});
