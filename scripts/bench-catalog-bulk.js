#!/usr/bin/env node
// `npm run -s bench:catalog-bulk`: how fast the catalog loads and reads back a store's SKUs as JSON
// Lines through its bulk operations (docs/catalog-bulk.md). Starts the compiled commerce-rest (store
// visibility), catalog-subgraph API and catalog worker on a fresh database `catalog_bulk_bench` with
// its own Redis prefix; makes an account, a token (commerce.product:read,write) and a store with the
// admin CLI, then:
//   1. import: BENCH_SKUS (default 100000) SKU lines (every CreateSKUInput field on most lines,
//      about 230 bytes each) sent as startSkuImport calls of at most the import size limit, one
//      after the other, each polled (every 50 ms) until COMPLETED: SKUs/s from the first POST to
//      the last COMPLETED, the time the POSTs took to answer (they only store the payload) and the
//      time spent waiting for the worker after them.
//   2. export: startSkuExport polled until COMPLETED, then the whole result read back with
//      resultJsonl in pages of 10 000 lines: SKUs/s of the operation, and of operation + read-back.
//      The lines read back must be the lines imported (sorted): `roundTripExact`.
//   3. paging (BENCH_PAGES=0 skips it), over the store just loaded, after ANALYZE catalog.records:
//      `skus(first: 100, after: …)` walked from the first page to the last through
//      pageInfo.endCursor, in the default order (CREATED_AT ASC) and with orderBy NAME DESC, every
//      page timed (request sent → body parsed); p50/p95 of the first and of the last 50 pages and
//      last/first p50 (≈ 1.0 when a page costs the same at any depth: keyset, not OFFSET).
//      BENCH_PAGES=N stops each walk after N pages (default: every page). Then BENCH_REPEATS
//      (default 20) times each: the first page alone (the reference), `skus { totalCount }` alone,
//      and first pages filtered by `name: { startsWith }`: a prefix matching about a ninth of the
//      store from its head ("Bench product 1") and one matching only the last SKU created.
//      Results go to tmp/bench-catalog-paging.json.
// Baseline of 1 and 2, measured in the same run against the same server: the same rows in a copy of
// catalog.records (same columns and indexes, schema bench_baseline) with pg alone: JSON.parse of
// each line and a plain multi-row INSERT … VALUES of 1000 rows per statement in one transaction;
// then a keyset SELECT of 1000 rows per statement turned back into JSON Lines. The ratio is
// platform / baseline SKUs/s. Peak RSS (VmHWM) of the API and the worker is reported: memory must
// not grow with the store. Results of 1 and 2 go to tmp/bench-catalog-bulk.json. Traffic goes to
// 127.0.0.1 only. Not a test: nothing is asserted but the round trip.
const { randomUUID } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { ROOT, buildIfStale } = require('./build-if-stale');
const { freePort } = require('./free-port');
const {
  adminCli,
  benchCredential,
  edgeSummary,
  freshBenchDatabase,
  latencySummary,
  startEntry,
  stop,
  walkPages,
  writeResults,
} = require('./bench-support');

const SKUS = Number(process.env.BENCH_SKUS || 100_000);
const BATCH = 1000;
const PAGE_LINES = 10_000;
const PAGES = process.env.BENCH_PAGES === undefined ? Infinity : Number(process.env.BENCH_PAGES);
const REPEATS = Number(process.env.BENCH_REPEATS || 20);
const PAGE_SIZE = 100;
const EDGE = 50;
const LIMITS = join(ROOT, 'dist/apps/catalog-subgraph/apps/catalog-subgraph/src/modules/bulk/bulk-limits.js');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => +(ms / 1000).toFixed(2);
const rate = (n, ms) => Math.round(n / (ms / 1000));

/** A SKU line with its fields in export order; about one line in ten leaves some out. */
function skuLine(i) {
  const line = { name: `Bench product ${i}, organic cotton tee` };
  line.code = `BENCH-${String(i).padStart(7, '0')}`;
  if (i % 10 !== 0) line.label = `Tee ${i} / size ${['S', 'M', 'L', 'XL'][i % 4]}`;
  line.status = i % 13 === 0 ? 'DRAFT' : 'ACTIVE';
  if (i % 10 !== 1) line.description = `Soft jersey tee number ${i}. Machine wash cold.`;
  line.price = { value: 1000 + (i % 9000), currencyCode: 'USD' };
  if (i % 3 === 0) line.compareAtPrice = { value: 2000 + (i % 9000), currencyCode: 'USD' };
  line.weightGrams = 100 + (i % 400);
  if (i % 2 === 0) line.gtin = String(4_000_000_000_000 + i);
  if (i % 5 === 0) line.taxable = i % 10 !== 0;
  return JSON.stringify(line);
}

/** Consecutive lines grouped into JSON Lines texts of at most `maxBytes` UTF-8 bytes. */
function importParts(lines, maxBytes) {
  const parts = [];
  let current = [];
  let bytes = 0;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size > maxBytes && current.length > 0) {
      parts.push(current.join('\n') + '\n');
      current = [];
      bytes = 0;
    }
    current.push(line);
    bytes += size;
  }
  if (current.length > 0) parts.push(current.join('\n') + '\n');
  return parts;
}

function peakRssMb(pid) {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : null;
}

const OPERATION =
  'id status totalLines createdCount failedCount errors { line message } failureCode failureMessage createdAt completedAt';

function graphql(url, auth, storeId) {
  return async (query, variables = {}) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'x-store-id': storeId },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`catalog answered ${res.status}: ${text.slice(0, 500)}`);
    const body = JSON.parse(text);
    if (body.errors?.length) throw new Error(`GraphQL errors: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

async function settle(gql, id) {
  for (;;) {
    const { catalogBulkOperation: op } = await gql(
      `query($id: String!) { catalogBulkOperation(id: $id) { ${OPERATION} } }`,
      { id },
    );
    if (op.status === 'COMPLETED') return op;
    if (op.status === 'FAILED') throw new Error(`bulk operation ${id} FAILED: ${JSON.stringify(op)}`);
    await sleep(50);
  }
}

async function platformImport(gql, parts) {
  const t0 = performance.now();
  let postMs = 0;
  let slowestPostMs = 0;
  for (const jsonl of parts) {
    const p0 = performance.now();
    const { startSkuImport } = await gql(
      `mutation($input: MutationStartSkuImportInput!) { startSkuImport(input: $input) { ${OPERATION} } }`,
      { input: { jsonl, mode: 'CREATE' } },
    );
    const answeredMs = performance.now() - p0;
    postMs += answeredMs;
    slowestPostMs = Math.max(slowestPostMs, answeredMs);
    await settle(gql, startSkuImport.id);
  }
  const ms = performance.now() - t0;
  return { ms, postMs, slowestPostMs, workerMs: ms - postMs };
}

async function platformExport(gql) {
  const t0 = performance.now();
  const { startSkuExport } = await gql(`mutation { startSkuExport { ${OPERATION} } }`);
  const done = await settle(gql, startSkuExport.id);
  const opMs = performance.now() - t0;
  const pages = [];
  for (let offset = 0; offset < done.totalLines; offset += PAGE_LINES) {
    const { catalogBulkOperation } = await gql(
      `query($id: String!, $offset: Int, $limit: Int) { catalogBulkOperation(id: $id) { resultJsonl(offsetLine: $offset, limit: $limit) } }`,
      { id: done.id, offset, limit: PAGE_LINES },
    );
    pages.push(catalogBulkOperation.resultJsonl);
  }
  return { opMs, ms: performance.now() - t0, jsonl: pages.join(''), totalLines: done.totalLines };
}

const COLUMNS = [
  'id',
  'store_id',
  'kind',
  'name',
  'label',
  'code',
  'status',
  'parent_id',
  'data',
  'created_at',
  'updated_at',
  'archived_at',
];

/** The baseline's import: the same rows with pg alone, multi-row INSERT … VALUES, one transaction. */
async function baselineImport(url, lines) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS bench_baseline CASCADE');
    await client.query('CREATE SCHEMA bench_baseline');
    await client.query('CREATE TABLE bench_baseline.records (LIKE catalog.records INCLUDING ALL)');
    const storeId = randomUUID();
    const t0 = performance.now();
    await client.query('BEGIN');
    for (let i = 0; i < lines.length; i += BATCH) {
      const at = new Date();
      const values = [];
      const params = [];
      for (const text of lines.slice(i, i + BATCH)) {
        const { name, label = null, code = null, status = 'ACTIVE', ...data } = JSON.parse(text);
        const row = [
          randomUUID(),
          storeId,
          'SKU',
          name,
          label,
          code,
          status,
          null,
          JSON.stringify(data),
          at,
          at,
          null,
        ];
        values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')})`);
        params.push(...row);
      }
      await client.query(
        `INSERT INTO bench_baseline.records (${COLUMNS.join(', ')}) VALUES ${values.join(', ')}`,
        params,
      );
    }
    await client.query('COMMIT');
    return { ms: performance.now() - t0, storeId };
  } finally {
    await client.end();
  }
}

/** The baseline's export: keyset pages of 1000 rows turned back into JSON Lines. */
async function baselineExport(url, storeId) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const t0 = performance.now();
    let after = ['-infinity', '00000000-0000-0000-0000-000000000000'];
    let text = '';
    let count = 0;
    for (;;) {
      const { rows } = await client.query(
        `SELECT id, name, label, code, status, data, created_at FROM bench_baseline.records
          WHERE store_id = $1 AND kind = 'SKU' AND status <> 'ARCHIVED' AND (created_at, id) > ($2::timestamptz, $3::uuid)
          ORDER BY created_at, id LIMIT ${BATCH}`,
        [storeId, ...after],
      );
      for (const r of rows) {
        const line = { name: r.name };
        if (r.code !== null) line.code = r.code;
        if (r.label !== null) line.label = r.label;
        line.status = r.status;
        text += `${JSON.stringify({ ...line, ...r.data })}\n`;
      }
      count += rows.length;
      if (rows.length < BATCH) break;
      after = [rows[rows.length - 1].created_at, rows[rows.length - 1].id];
    }
    return { ms: performance.now() - t0, count, bytes: Buffer.byteLength(text) };
  } finally {
    await client.end();
  }
}

const SKU_PAGE = 'edges { cursor node { id name } } pageInfo { endCursor hasNextPage }';
const SKU_LIST_ARGS = '$first: Int, $after: String, $orderBy: SKUOrderBy, $name: NameFilter';

/** One page of `skus` with `variables` (first, after, orderBy, name), as walkPages wants it. */
async function skuPage(gql, variables) {
  const { skus } = await gql(
    `query(${SKU_LIST_ARGS}) { skus(first: $first, after: $after, orderBy: $orderBy, name: $name) { ${SKU_PAGE} } }`,
    variables,
  );
  return { items: skus.edges.length, next: skus.pageInfo.hasNextPage ? skus.pageInfo.endCursor : undefined };
}

/** `skus(…) { totalCount }` alone with `variables`. */
async function skuCount(gql, variables) {
  const { skus } = await gql(
    `query(${SKU_LIST_ARGS}) { skus(first: $first, after: $after, orderBy: $orderBy, name: $name) { totalCount } }`,
    variables,
  );
  return skus.totalCount;
}

/** The time of each of REPEATS calls of `call`, one after the other. */
async function repeat(call) {
  const ms = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const t0 = performance.now();
    await call();
    ms.push(performance.now() - t0);
  }
  return ms;
}

/** Phase 3: list paging over the loaded store (see the header). */
async function paging(url, gql) {
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('ANALYZE catalog.records');
  } finally {
    await db.end();
  }
  const walk = async (scenario, variables) => {
    const { items, ...timed } = await walkPages(
      (after) => skuPage(gql, { ...variables, first: PAGE_SIZE, after }),
      PAGES,
    );
    console.error(`${scenario}: ${timed.pageMs.length} pages, ${items} SKUs`);
    return edgeSummary(scenario, { ...timed, skus: items }, EDGE);
  };
  const walks = [
    await walk(`skus(first: ${PAGE_SIZE}), CREATED_AT ASC`, {}),
    await walk(`skus(first: ${PAGE_SIZE}), orderBy NAME DESC`, {
      orderBy: { name: 'DESC' },
    }),
  ];
  const wide = { name: { startsWith: 'Bench product 1' } };
  const tail = { name: { startsWith: `Bench product ${SKUS}` } };
  const single = [
    latencySummary(
      `skus(first: ${PAGE_SIZE}), first page`,
      await repeat(() => skuPage(gql, { first: PAGE_SIZE })),
      { matching: SKUS },
    ),
    latencySummary('skus { totalCount }', await repeat(() => skuCount(gql, {})), {
      matching: await skuCount(gql, {}),
    }),
    latencySummary(
      `skus(first: ${PAGE_SIZE}, name.startsWith "${wide.name.startsWith}")`,
      await repeat(() => skuPage(gql, { ...wide, first: PAGE_SIZE })),
      { matching: await skuCount(gql, wide) },
    ),
    latencySummary(
      `skus(first: ${PAGE_SIZE}, name.startsWith "${tail.name.startsWith}")`,
      await repeat(() => skuPage(gql, { ...tail, first: PAGE_SIZE })),
      { matching: await skuCount(gql, tail) },
    ),
  ];
  return { walks, single };
}

async function main() {
  buildIfStale(['catalog-subgraph', 'commerce-rest']);
  buildIfStale(['catalog-subgraph'], { entry: 'worker' });
  const { MAX_IMPORT_BYTES } = require(LIMITS);
  const { url, env } = await freshBenchDatabase('catalog_bulk_bench');
  const children = [];
  try {
    const commercePort = await freePort();
    children.push(await startEntry('commerce-rest', 'main', env, commercePort));
    const catalogEnv = { ...env, COMMERCE_REST_URL: `http://127.0.0.1:${commercePort}` };
    const catalogPort = await freePort();
    const api = await startEntry('catalog-subgraph', 'main', catalogEnv, catalogPort);
    children.push(api);
    const worker = await startEntry('catalog-subgraph', 'worker', catalogEnv, await freePort());
    children.push(worker);

    const { accountId, auth } = benchCredential(env, 'commerce.product:read,commerce.product:write');
    const { storeId } = adminCli(env, 'store', 'create', '--account', accountId);
    const gql = graphql(
      `http://127.0.0.1:${catalogPort}/v2/commerce/stores/${storeId}/catalog-subgraph`,
      auth,
      storeId,
    );

    const lines = Array.from({ length: SKUS }, (_, i) => skuLine(i + 1));
    const parts = importParts(lines, MAX_IMPORT_BYTES);
    const jsonlBytes = lines.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);
    console.error(
      `${SKUS} SKUs, ${(jsonlBytes / 1048576).toFixed(1)} MiB of JSON Lines in ${parts.length} import(s)`,
    );

    const baseIn = await baselineImport(url, lines);
    const imported = await platformImport(gql, parts);
    const baseOut = await baselineExport(url, baseIn.storeId);
    const exported = await platformExport(gql);
    const sortedIn = [...lines].sort();
    const sortedOut = exported.jsonl.split('\n').slice(0, -1).sort();
    const roundTripExact =
      sortedOut.length === sortedIn.length && sortedOut.every((l, i) => l === sortedIn[i]);

    const rows = [
      {
        scenario: 'baseline: pg multi-row INSERT (1000 rows/statement, one transaction)',
        skus: SKUS,
        seconds: seconds(baseIn.ms),
        skusPerSecond: rate(SKUS, baseIn.ms),
        ratio: 1,
      },
      {
        scenario: `platform: startSkuImport ×${parts.length} → COMPLETED`,
        skus: SKUS,
        seconds: seconds(imported.ms),
        skusPerSecond: rate(SKUS, imported.ms),
      },
      {
        scenario: 'baseline: pg keyset SELECT (1000 rows/statement) → JSON Lines',
        skus: baseOut.count,
        seconds: seconds(baseOut.ms),
        skusPerSecond: rate(baseOut.count, baseOut.ms),
        ratio: 1,
      },
      {
        scenario: 'platform: startSkuExport → COMPLETED',
        skus: exported.totalLines,
        seconds: seconds(exported.opMs),
        skusPerSecond: rate(exported.totalLines, exported.opMs),
      },
      {
        scenario: `platform: export + resultJsonl read back (${PAGE_LINES} lines/page)`,
        skus: exported.totalLines,
        seconds: seconds(exported.ms),
        skusPerSecond: rate(exported.totalLines, exported.ms),
      },
    ];
    rows[1].ratio = +(rows[1].skusPerSecond / rows[0].skusPerSecond).toFixed(2);
    rows[3].ratio = +(rows[3].skusPerSecond / rows[2].skusPerSecond).toFixed(2);
    rows[4].ratio = +(rows[4].skusPerSecond / rows[2].skusPerSecond).toFixed(2);
    writeResults(
      'bench-catalog-bulk',
      {
        skus: SKUS,
        jsonlMiB: +(jsonlBytes / 1048576).toFixed(1),
        imports: parts.length,
        importPostSeconds: seconds(imported.postMs),
        slowestImportPostMs: Math.round(imported.slowestPostMs),
        importWaitSeconds: seconds(imported.workerMs),
        roundTripExact,
        peakRssMb: { api: peakRssMb(api.pid), worker: peakRssMb(worker.pid) },
      },
      rows,
    );
    if (!roundTripExact) throw new Error('the exported lines are not the imported lines');

    if (PAGES !== 0) {
      const { walks, single } = await paging(url, gql);
      console.table(walks);
      writeResults(
        'bench-catalog-paging',
        { skus: SKUS, pageSize: PAGE_SIZE, edgePages: EDGE, repeats: REPEATS, walks },
        single,
      );
    }
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
