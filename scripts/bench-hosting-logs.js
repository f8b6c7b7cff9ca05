#!/usr/bin/env node
// `npm run -s bench:hosting-logs`: is paging an app's runtime logs flat from the first page to the last?
// Starts the hosting API (compiled, MIGRATIONS=auto) on a fresh database `hosting_logs_bench` and its
// own Redis prefix, makes an account and a hosting.log:read token with the admin CLI and an app row
// by SQL, inserts BENCH_LOG_LINES (default 100 000) PREVIEW lines over the last 20 hours with one
// INSERT … SELECT generate_series (plus as many PUBLISH lines, so the index holds other keys), then
// walks GET /v1/hosting/apps/{appId}/logs?pageSize=500 through links[rel=next] from the first page
// to the last BENCH_WALKS (default 3) times, timing every page (request sent → body parsed). It
// reports p50/p95 of the first and of the last BENCH_EDGE (default 20) pages, last/first p50 (≈ 1.0
// when a page costs the same wherever it is: keyset, not OFFSET), and the page with a level filter.
// Results go to tmp/bench-hosting-logs.json. Traffic goes to 127.0.0.1 only. Not a test: nothing is asserted.
const { randomUUID } = require('node:crypto');
const { benchCredential, edgeSummary, runServiceBench, writeResults } = require('./bench-support');

const COUNT = Number(process.env.BENCH_LOG_LINES || 100_000);
const WALKS = Number(process.env.BENCH_WALKS || 3);
const EDGE = Number(process.env.BENCH_EDGE || 20);
const PAGE_SIZE = 500;
const APP_ID = 'NODEJS-benchLogs1';

/** The app row, then COUNT lines per variant, one every 20 h / COUNT, levels and sources mixed. */
async function seed(db, accountId) {
  const started = Date.now();
  await db.query(
    `INSERT INTO hosting.apps (app_id, account_id, name, app_type, status, creation_operation_id)
     VALUES ($1, $2, 'bench logs', 'NODEJS', 'ACTIVE', $3)`,
    [APP_ID, accountId, randomUUID()],
  );
  await db.query(
    `INSERT INTO hosting.app_log_lines (app_id, variant, at, source, level, message)
     SELECT $1, v.variant, now() - interval '20 hours' + (i * interval '20 hours') / $2::int,
            (ARRAY['STDOUT','STDOUT','STDERR','SYSTEM'])[1 + i % 4],
            (ARRAY['INFO','INFO','DEBUG','WARN','ERROR'])[1 + i % 5],
            'GET /items/' || i || ' 200 ' || (i % 97) || 'ms user-agent=bench request-id=' || md5(i::text)
       FROM generate_series(1, $2::int) AS i, (VALUES ('PREVIEW'), ('PUBLISH')) AS v(variant)`,
    [APP_ID, COUNT],
  );
  await db.query('ANALYZE hosting.app_log_lines');
  return Date.now() - started;
}

/** Follows links[rel=next] from the first page to the last; the time of every page. */
async function walk(base, auth, query) {
  const pageMs = [];
  let lines = 0;
  let totalItems;
  let href = `/v1/hosting/apps/${APP_ID}/logs?${new URLSearchParams({ ...query, pageSize: String(PAGE_SIZE) })}`;
  const started = performance.now();
  while (href !== undefined) {
    const t0 = performance.now();
    const res = await fetch(`${base}${href}`, { headers: auth });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${href} answered ${res.status}: ${JSON.stringify(body)}`);
    pageMs.push(ms);
    lines += body.items.length;
    totalItems ??= body.totalItems;
    href = body.links.find((l) => l.rel === 'next')?.href;
  }
  if (lines !== totalItems) throw new Error(`walked ${lines} lines, totalItems said ${totalItems}`);
  return { pageMs, lines, seconds: (performance.now() - started) / 1000 };
}

const SERVICE = {
  app: 'hosting',
  database: 'hosting_logs_bench',
  // The walk is hundreds of reads from one address: lift the per-IP read limit (60/min).
  extraEnv: { RATE_LIMIT_IP_MULTIPLIER: '100000' },
};

runServiceBench(module, SERVICE, async ({ db, env, base }) => {
  const { accountId, auth } = benchCredential(env, 'hosting.log:read');
  const seedMs = await seed(db, accountId);
  const rows = [];
  for (let w = 1; w <= WALKS; w += 1)
    rows.push(edgeSummary(`PREVIEW, all lines, walk ${w}`, await walk(base, auth, {}), EDGE));
  rows.push(edgeSummary('PREVIEW, level=WARN', await walk(base, auth, { level: 'WARN' }), EDGE));
  rows.push(edgeSummary('PREVIEW, source=STDERR', await walk(base, auth, { source: 'STDERR' }), EDGE));
  writeResults('bench-hosting-logs', { lines: COUNT, pageSize: PAGE_SIZE, edgePages: EDGE, seedMs }, rows);
});

module.exports = { seed };
