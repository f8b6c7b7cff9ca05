import { getQueueToken } from '@nestjs/bullmq';
import { OperationRunner, SCAN_ORPHANS_JOB, orphanScanQueue } from '@platform/queue';
import { TestCredential, WorkerHarness, dataOf, waitFor } from '@platform/testing';
import type { GraphQLBody } from '@platform/testing';
import type { Queue } from 'bullmq';
import { CatalogBulkChunkEntity } from '../src/modules/bulk/bulk-chunk.entity';
import { MAX_EXECUTING_PER_STORE, MAX_IMPORT_BYTES } from '../src/modules/bulk/bulk-limits';
import { CatalogBulkOperationEntity } from '../src/modules/bulk/bulk-operation.entity';
import { BulkOperationsService } from '../src/modules/bulk/bulk-operations.service';
import { BulkOperationsRepository } from '../src/modules/bulk/bulk-operations.repository';
import { BulkRetentionService } from '../src/modules/bulk/bulk-retention.service';
import { CatalogBulkQueue } from '../src/modules/bulk/bulk.jobs';
import { CatalogBulkProcessor } from '../src/modules/bulk/bulk.processor';
import { CatalogTestApp, startCatalogTestApp, startCatalogWorker } from './support/catalog-test-app';

interface BulkOperation {
  id: string;
  type: 'IMPORT' | 'EXPORT';
  status: 'EXECUTING' | 'COMPLETED' | 'FAILED';
  mode: 'CREATE' | 'UPSERT' | null;
  totalLines: number;
  processedLines: number;
  createdCount: number;
  updatedCount: number;
  failedCount: number;
  errors: { line: number; message: string }[];
  failureCode: string | null;
  failureMessage: string | null;
  jsonlBytes: number;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

interface Sku {
  id: string;
  name: string;
  label: string | null;
  code: string | null;
  status: string;
  description: string | null;
  price: { value: number; currencyCode: string } | null;
  compareAtPrice: { value: number; currencyCode: string } | null;
  weightGrams: number | null;
  gtin: string | null;
  taxable: boolean | null;
  createdAt: string;
  updatedAt: string;
}

const OPERATION = `id type status mode totalLines processedLines createdCount updatedCount failedCount
  errors { line message } failureCode failureMessage jsonlBytes createdAt updatedAt completedAt`;
const START_IMPORT = `mutation($input: MutationStartSkuImportInput!) { startSkuImport(input: $input) { ${OPERATION} } }`;
const START_EXPORT = `mutation { startSkuExport { ${OPERATION} } }`;
const OPERATION_QUERY = `query($id: String!) { catalogBulkOperation(id: $id) { ${OPERATION} } }`;
const RESULT_QUERY = `query($id: String!, $offsetLine: Int, $limit: Int) {
  catalogBulkOperation(id: $id) { resultJsonl(offsetLine: $offsetLine, limit: $limit) } }`;
const SKU_FIELDS = `id name label code status description price { value currencyCode }
  compareAtPrice { value currencyCode } weightGrams gtin taxable createdAt updatedAt`;

const codeOf = (body: GraphQLBody) => body.errors?.[0]?.extensions.code;

/** A SKU line with its fields in export order; which optional fields it has varies with i. */
function skuLine(i: number, prefix = 'SKU'): Record<string, unknown> {
  const line: Record<string, unknown> = { name: `Product ${i} "quoted" ✓` };
  line.code = `${prefix}-${String(i).padStart(5, '0')}`;
  if (i % 2 === 0) line.label = `Label ${i}`;
  line.status = i % 7 === 0 ? 'DRAFT' : 'ACTIVE';
  if (i % 3 === 0) line.description = `Line one\nline two of ${i}, <b>html</b> é`;
  if (i % 5 !== 0) line.price = { value: 100 + i, currencyCode: i % 2 ? 'USD' : 'EUR' };
  if (i % 4 === 0) line.compareAtPrice = { value: 200 + i, currencyCode: 'USD' };
  if (i % 6 === 0) line.weightGrams = i;
  if (i % 8 === 0) line.gtin = String(10_000_000_000_000 + i);
  if (i % 9 === 0) line.taxable = i % 2 === 0;
  return line;
}

const jsonlOf = (lines: readonly object[]) => lines.map((l) => `${JSON.stringify(l)}\n`).join('');

describe('catalog bulk import and export of SKUs (real Postgres, Redis and BullMQ worker)', () => {
  let catalog: CatalogTestApp;
  let worker: WorkerHarness;
  let cred: TestCredential;

  const startImport = async (jsonl: string, mode: string | undefined, store: string) =>
    dataOf<{ startSkuImport: BulkOperation }>(
      await catalog.gql(START_IMPORT, { input: { jsonl, ...(mode ? { mode } : {}) } }, { store }),
    ).startSkuImport;
  const startExport = async (store: string) =>
    dataOf<{ startSkuExport: BulkOperation }>(await catalog.gql(START_EXPORT, {}, { store })).startSkuExport;
  const operation = async (id: string, store: string) =>
    dataOf<{ catalogBulkOperation: BulkOperation }>(await catalog.gql(OPERATION_QUERY, { id }, { store }))
      .catalogBulkOperation;
  const settled = (id: string, store: string, timeoutMs = 60_000) =>
    waitFor(
      async () => {
        const op = await operation(id, store);
        return op.status === 'EXECUTING' ? undefined : op;
      },
      { what: `bulk operation ${id} to end`, timeoutMs, intervalMs: 100 },
    );
  const result = async (id: string, store: string, offsetLine?: number, limit?: number) =>
    dataOf<{ catalogBulkOperation: { resultJsonl: string | null } }>(
      await catalog.gql(RESULT_QUERY, { id, offsetLine, limit }, { store }),
    ).catalogBulkOperation.resultJsonl;
  const importAndSettle = async (lines: string | readonly object[], store: string, mode?: string) => {
    const started = await startImport(typeof lines === 'string' ? lines : jsonlOf(lines), mode, store);
    return settled(started.id, store);
  };
  const exportAll = async (store: string): Promise<{ op: BulkOperation; jsonl: string }> => {
    const op = await settled((await startExport(store)).id, store);
    expect(op.status).toBe('COMPLETED');
    return { op, jsonl: (await result(op.id, store, 0, 10_000)) ?? '' };
  };
  const skuCount = async (store: string) =>
    dataOf<{ skus: { totalCount: number } }>(
      await catalog.gql(
        '{ skus(first: 1, status: { in: ["ACTIVE", "DRAFT", "ARCHIVED"] }) { totalCount } }',
        {},
        {
          store,
        },
      ),
    ).skus.totalCount;
  const skuByCode = async (code: string, store: string) =>
    dataOf<{ skus: { nodes: Sku[] } }>(
      await catalog.gql(
        `query($code: String!) { skus(first: 2, code: { eq: $code }, status: { in: ["ACTIVE", "DRAFT", "ARCHIVED"] }) { nodes { ${SKU_FIELDS} } } }`,
        { code },
        { store },
      ),
    ).skus.nodes;
  const createSku = async (input: Record<string, unknown>, store: string) =>
    dataOf<{ createSku: Sku }>(
      await catalog.gql(
        `mutation($input: CreateSKUInput!) { createSku(input: $input) { ${SKU_FIELDS} } }`,
        { input },
        { store },
      ),
    ).createSku;
  const archiveSku = async (id: string, store: string) =>
    dataOf(await catalog.gql(`mutation($id: String!) { archiveSku(id: $id) { id } }`, { id }, { store }));
  const chunkCount = async (operationId: string) =>
    catalog.dataSource.getRepository(CatalogBulkChunkEntity).countBy({ operationId });
  const newStore = () => catalog.store(cred);

  beforeAll(async () => {
    catalog = await startCatalogTestApp('catalog-bulk');
    cred = catalog.defaults.cred;
    worker = await startCatalogWorker(catalog, CatalogBulkProcessor);
  }, 60_000);

  afterAll(async () => {
    await worker?.close();
    await catalog?.close();
  });

  describe('import and export', () => {
    it('imports 10 000 SKUs and exports them back line for line, in keyset order, readable by skus', async () => {
      const store = newStore();
      const lines = Array.from({ length: 10_000 }, (_, i) => skuLine(i + 1));
      const jsonl = jsonlOf(lines);
      expect(jsonl.length).toBeGreaterThan(1024 * 1024); // beyond the default body limit

      const started = await startImport(jsonl, undefined, store);
      expect(started).toMatchObject({
        type: 'IMPORT',
        status: 'EXECUTING',
        mode: 'CREATE',
        totalLines: 10_000,
        createdCount: 0,
        jsonlBytes: Buffer.byteLength(jsonl),
        completedAt: null,
      });
      const imported = await settled(started.id, store);
      expect(imported).toMatchObject({
        status: 'COMPLETED',
        totalLines: 10_000,
        processedLines: 10_000,
        createdCount: 10_000,
        updatedCount: 0,
        failedCount: 0,
        errors: [],
        failureCode: null,
      });
      expect(await chunkCount(started.id)).toBe(0); // the payload goes with the commit
      expect(await skuCount(store)).toBe(10_000);

      const { op, jsonl: exported } = await exportAll(store);
      expect(op).toMatchObject({ type: 'EXPORT', totalLines: 10_000, processedLines: 10_000, errors: [] });
      expect(op.jsonlBytes).toBe(Buffer.byteLength(exported));
      const exportedLines = exported.split('\n');
      expect(exportedLines.pop()).toBe('');
      expect([...exportedLines].sort()).toEqual(lines.map((l) => JSON.stringify(l)).sort());

      const keysetOrder: { code: string }[] = await catalog.dataSource.query(
        `SELECT code FROM catalog.records WHERE store_id = $1 AND kind = 'SKU' ORDER BY created_at, id`,
        [store],
      );
      expect(exportedLines.map((l) => (JSON.parse(l) as { code: string }).code)).toEqual(
        keysetOrder.map((r) => r.code),
      );

      const [sku] = await skuByCode('SKU-00072', store);
      expect(sku).toMatchObject(skuLine(72));
    }, 120_000);

    it('pages an export by lines: pages across chunk boundaries add up to the whole, "" past the end', async () => {
      const store = newStore();
      expect(
        (
          await importAndSettle(
            Array.from({ length: 2500 }, (_, i) => skuLine(i, 'PG')),
            store,
          )
        ).status,
      ).toBe('COMPLETED');
      const { op, jsonl } = await exportAll(store);
      const pages: string[] = [];
      for (let offset = 0; offset < op.totalLines; offset += 700)
        pages.push((await result(op.id, store, offset, 700)) ?? '');
      expect(pages.join('')).toBe(jsonl);
      expect(pages[1].split('\n')[0]).toBe(jsonl.split('\n')[700]);
      expect(await result(op.id, store)).toBe(jsonl.split('\n').slice(0, 1000).join('\n') + '\n');
      expect(await result(op.id, store, 2500, 10)).toBe('');
      const tooLarge = await catalog.gql(RESULT_QUERY, { id: op.id, limit: 10_001 }, { store });
      expect(codeOf(tooLarge)).toBe('BAD_USER_INPUT');
    }, 60_000);

    it('exports nothing but the store’s SKUs that are not archived; an empty store exports no line', async () => {
      const store = newStore();
      const empty = await exportAll(store);
      expect(empty.op.totalLines).toBe(0);
      expect(empty.jsonl).toBe('');

      const kept = await createSku(
        { name: 'Kept', code: 'K-1', price: { value: 5, currencyCode: 'USD' } },
        store,
      );
      const archived = await createSku({ name: 'Gone', code: 'K-2' }, store);
      await createSku({ name: 'Draft', status: 'DRAFT' }, store);
      await archiveSku(archived.id, store);
      await createSku({ name: 'Elsewhere', code: 'K-3' }, newStore());
      const { jsonl } = await exportAll(store);
      expect(jsonl).toBe(
        `{"name":"Kept","code":"K-1","status":"ACTIVE","price":{"value":5,"currencyCode":"USD"}}\n` +
          `{"name":"Draft","status":"DRAFT"}\n`,
      );
      expect(kept.code).toBe('K-1');
    });

    it('returns no result for an import or for an export that is not COMPLETED', async () => {
      const store = newStore();
      const op = await importAndSettle([skuLine(1, 'NR')], store);
      expect(await result(op.id, store)).toBeNull();
    });
  });

  describe('UPSERT', () => {
    it('replaces the SKUs whose code the store has (id and createdAt kept) and creates the others', async () => {
      const store = newStore();
      const first = await createSku(
        {
          name: 'First',
          code: 'U-1',
          label: 'L',
          description: 'old',
          price: { value: 100, currencyCode: 'USD' },
        },
        store,
      );
      const second = await createSku({ name: 'Second', code: 'U-2' }, store);
      const op = await importAndSettle(
        [
          {
            name: 'First v2',
            code: 'U-1',
            status: 'DRAFT',
            price: { value: 150, currencyCode: 'EUR' },
            taxable: false,
          },
          { name: 'Third', code: 'U-3' },
        ],
        store,
        'UPSERT',
      );
      expect(op).toMatchObject({
        status: 'COMPLETED',
        mode: 'UPSERT',
        createdCount: 1,
        updatedCount: 1,
        totalLines: 2,
      });

      const [updated] = await skuByCode('U-1', store);
      expect(updated).toEqual({
        ...first,
        name: 'First v2',
        label: null,
        status: 'DRAFT',
        description: null,
        price: { value: 150, currencyCode: 'EUR' },
        taxable: false,
        updatedAt: expect.any(String),
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
      expect(await skuByCode('U-2', store)).toEqual([second]);
      expect(await skuByCode('U-3', store)).toEqual([
        expect.objectContaining({ name: 'Third', status: 'ACTIVE' }),
      ]);
      expect(await skuCount(store)).toBe(3);
    });

    it('refuses a line without code and the code of an archived SKU; nothing is written', async () => {
      const store = newStore();
      const archived = await createSku({ name: 'Old', code: 'A-1' }, store);
      await archiveSku(archived.id, store);
      const op = await importAndSettle(
        [{ name: 'New', code: 'A-2' }, { name: 'No code' }, { name: 'Revived', code: 'A-1' }],
        store,
        'UPSERT',
      );
      expect(op).toMatchObject({
        status: 'FAILED',
        failureCode: 'INVALID_LINES',
        failedCount: 2,
        createdCount: 0,
      });
      expect(op.errors).toEqual([
        { line: 2, message: 'code is required in UPSERT mode: it finds the SKU to replace' },
        { line: 3, message: 'the sku with code "A-1" is archived and can no longer change' },
      ]);
      expect(await skuByCode('A-2', store)).toEqual([]);
      expect((await skuByCode('A-1', store))[0]).toMatchObject({ name: 'Old', status: 'ARCHIVED' });
    });
  });

  describe('refused lines: all or nothing', () => {
    it('fails the import with the number and reason of every bad line and writes nothing', async () => {
      const store = newStore();
      const jsonl = [
        JSON.stringify(skuLine(1, 'B')),
        JSON.stringify(skuLine(2, 'B')),
        '{"name":"Float","price":{"value":12.5,"currencyCode":"USD"}}',
        '',
        '{"name":"Colour","color":"red"}',
        '{"name": oops}',
        JSON.stringify({ ...skuLine(1, 'B'), name: 'Again' }),
      ].join('\r\n');
      const op = await importAndSettle(jsonl, store);
      expect(op).toMatchObject({
        status: 'FAILED',
        failureCode: 'INVALID_LINES',
        failureMessage: '4 of 6 lines were refused (see errors); nothing was imported',
        totalLines: 6,
        processedLines: 6,
        createdCount: 0,
        failedCount: 4,
      });
      expect(op.errors).toEqual([
        { line: 3, message: 'price.value: Int cannot represent non-integer value: 12.5' },
        { line: 5, message: 'property color should not exist' },
        { line: 6, message: expect.stringMatching(/^not valid JSON: /) },
        { line: 7, message: 'code "B-00001" is also on line 1; a code appears once per import' },
      ]);
      expect(await skuCount(store)).toBe(0);
    });

    it('refuses in CREATE mode a code the store already has', async () => {
      const store = newStore();
      await createSku({ name: 'Existing', code: 'C-1' }, store);
      const op = await importAndSettle(
        [
          { name: 'Fresh', code: 'C-2' },
          { name: 'Clash', code: 'C-1' },
        ],
        store,
      );
      expect(op).toMatchObject({ status: 'FAILED', failureCode: 'INVALID_LINES' });
      expect(op.errors).toEqual([{ line: 2, message: 'a sku with code "C-1" already exists in this store' }]);
      expect(await skuByCode('C-2', store)).toEqual([]);
    });

    it('keeps the first 100 line errors and counts them all', async () => {
      const store = newStore();
      const op = await importAndSettle([{ name: 'Good' }, ...Array.from({ length: 150 }, () => ({}))], store);
      expect(op).toMatchObject({ status: 'FAILED', failedCount: 150 });
      expect(op.errors).toHaveLength(100);
      expect(op.errors[0]).toEqual({
        line: 2,
        message: 'Field "name" of required type "String!" was not provided.',
      });
      expect(op.errors[99].line).toBe(101);
    });

    it('answers BAD_USER_INPUT at once for a jsonl without lines or beyond the size limit', async () => {
      const store = newStore();
      for (const jsonl of ['', '\n  \n']) {
        const body = await catalog.gql(START_IMPORT, { input: { jsonl } }, { store });
        expect(body.errors?.[0]?.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          fields: [expect.objectContaining({ path: 'jsonl', code: 'REQUIRED' })],
        });
      }
      const huge = await catalog.gql(
        START_IMPORT,
        { input: { jsonl: ' '.repeat(MAX_IMPORT_BYTES + 1) } },
        { store },
      );
      expect(huge.errors?.[0]?.extensions).toMatchObject({
        code: 'BAD_USER_INPUT',
        fields: [expect.objectContaining({ path: 'jsonl', code: 'OUT_OF_RANGE' })],
      });
      const ops = await catalog.dataSource
        .getRepository(CatalogBulkOperationEntity)
        .countBy({ storeId: store });
      expect(ops).toBe(0);
    });
  });

  describe('access', () => {
    it('needs commerce.product:write to start and commerce.product:read to poll', async () => {
      const store = newStore();
      const reader = await catalog.credential(['commerce.product:read'], [store]);
      const writer = await catalog.credential(['commerce.product:write'], [store]);
      const jsonl = jsonlOf([skuLine(1)]);
      expect(codeOf(await catalog.gql(START_IMPORT, { input: { jsonl } }, { store, cred: reader }))).toBe(
        'FORBIDDEN',
      );
      expect(codeOf(await catalog.gql(START_EXPORT, {}, { store, cred: reader }))).toBe('FORBIDDEN');
      const started = dataOf<{ startSkuImport: BulkOperation }>(
        await catalog.gql(START_IMPORT, { input: { jsonl } }, { store, cred: writer }),
      ).startSkuImport;
      expect(codeOf(await catalog.gql(OPERATION_QUERY, { id: started.id }, { store, cred: writer }))).toBe(
        'FORBIDDEN',
      );
      const read = await catalog.gql(OPERATION_QUERY, { id: started.id }, { store, cred: reader });
      expect(dataOf<{ catalogBulkOperation: BulkOperation }>(read).catalogBulkOperation.id).toBe(started.id);
      await settled(started.id, store);
    });

    it('hides an operation from every other store: BULK_OPERATION_NOT_FOUND, as for an unknown id', async () => {
      const store = newStore();
      const op = await startExport(store);
      const other = newStore();
      expect(codeOf(await catalog.gql(OPERATION_QUERY, { id: op.id }, { store: other }))).toBe(
        'BULK_OPERATION_NOT_FOUND',
      );
      expect(codeOf(await catalog.gql(OPERATION_QUERY, { id: 'not-a-uuid' }, { store }))).toBe(
        'BULK_OPERATION_NOT_FOUND',
      );
      await settled(op.id, store);
    });
  });

  describe('operations left without a job, and retention', () => {
    /** The API's service with a queue that never answers: the record commits, its job is lost. */
    const withoutRedis = () =>
      new BulkOperationsService(
        new OperationRunner(catalog.dataSource),
        {
          name: CatalogBulkQueue.name,
          add: () => Promise.reject(new Error('Redis is down')),
        } as unknown as Queue,
        new BulkOperationsRepository(catalog.dataSource.manager),
      );

    it(`refuses a store more than ${MAX_EXECUTING_PER_STORE} operations at once; the orphan scan runs those whose job was lost`, async () => {
      const store = newStore();
      const lost = withoutRedis();
      const orphans = [
        await lost.startImport(store, jsonlOf([skuLine(1, 'O'), skuLine(2, 'O')]), 'CREATE'),
        await lost.startExport(store),
        await lost.startExport(store),
      ];
      expect(codeOf(await catalog.gql(START_EXPORT, {}, { store }))).toBe('BULK_OPERATIONS_BUSY');

      // A minute later (the scan leaves younger records to their own enqueue), the worker's scan re-adds them.
      await catalog.dataSource.query(
        `UPDATE catalog.bulk_operations SET created_at = created_at - interval '2 minutes' WHERE store_id = $1`,
        [store],
      );
      await worker.app
        .get<Queue>(getQueueToken(orphanScanQueue(CatalogBulkQueue).name))
        .add(SCAN_ORPHANS_JOB, {});
      const ended = await Promise.all(orphans.map((o) => settled(o.id, store)));
      expect(ended.map((o) => o.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
      expect(ended[0]).toMatchObject({ type: 'IMPORT', createdCount: 2 });
      expect(await skuCount(store)).toBe(2);
      expect((await startExport(store)).status).toBe('EXECUTING');
    }, 60_000);

    it('deletes the payload of a failed import, and every operation a week after it ended', async () => {
      const store = newStore();
      const failed = await importAndSettle('{"name":1}\n', store);
      expect(failed.status).toBe('FAILED');
      const exported = await exportAll(store);
      expect(await chunkCount(failed.id)).toBe(1);

      const retention = worker.app.get(BulkRetentionService);
      expect((await retention.purge()).payloads).toBeGreaterThanOrEqual(1);
      expect(await chunkCount(failed.id)).toBe(0);
      expect((await operation(failed.id, store)).errors).toEqual([
        { line: 1, message: 'name: String cannot represent a non string value: 1' },
      ]);

      await catalog.dataSource.query(
        `UPDATE catalog.bulk_operations SET completed_at = now() - interval '8 days' WHERE id = $1`,
        [exported.op.id],
      );
      expect((await retention.purge()).operations).toBe(1);
      expect(codeOf(await catalog.gql(OPERATION_QUERY, { id: exported.op.id }, { store }))).toBe(
        'BULK_OPERATION_NOT_FOUND',
      );
      expect(await chunkCount(exported.op.id)).toBe(0);
      expect((await operation(failed.id, store)).status).toBe('FAILED');
    });
  });
});
