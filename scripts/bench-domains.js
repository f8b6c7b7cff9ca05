#!/usr/bin/env node
// `npm run -s bench:domains`: does GET /v1/domains cost the same at the end of a marker walk as at
// its start? Starts the domains API (compiled, MIGRATIONS=auto) on a fresh database `domains_bench`
// and its own Redis prefix, inserts BENCH_DOMAINS (default 100 000) ACTIVE domains for one account
// (one INSERT … SELECT generate_series) and 10 000 of another account interleaved in name order,
// makes a domains.domain:read token with the admin CLI, then walks GET /v1/domains?limit=… with
// marker = the last item's domain from the first page to the last, BENCH_WALKS (default 3) times,
// timing every page (request sent → body parsed). It reports p50/p95 of the first and of the last
// 50 pages and last/first p50 (≈ 1.0 when a page costs the same wherever it is), and pages/s; then
// the same with a statuses filter. Results go to tmp/bench-domains.json. Traffic goes to 127.0.0.1
// only. Not a test: nothing is asserted.
const { randomUUID } = require('node:crypto');
const {
  benchCredential,
  edgeSummary,
  okJson,
  runServiceBench,
  walkPages,
  writeResults,
} = require('./bench-support');

const COUNT = Number(process.env.BENCH_DOMAINS || 100_000);
const WALKS = Number(process.env.BENCH_WALKS || 3);
const LIMIT = Number(process.env.BENCH_LIMIT || 100);
const EDGE = 50;

/** `count` domains of `accountId` named `<prefix><7 digits>.com`, one in ten EXPIRED. */
async function insertDomains(db, accountId, prefix, count) {
  await db.query(
    `INSERT INTO domains.domains (domain_id, domain, account_id, status, expires, renew_auto, privacy,
                                  name_servers, contacts, auth_code)
     SELECT gen_random_uuid(), $2 || lpad(i::text, 7, '0') || '.com', $3::uuid,
            CASE WHEN i % 10 = 0 THEN 'EXPIRED' ELSE 'ACTIVE' END, now() + interval '1 year', true, false,
            '["ns1.sandbox.invalid","ns2.sandbox.invalid"]'::jsonb, '{}'::jsonb, md5(i::text)
       FROM generate_series(1, $1::int) AS i`,
    [count, prefix, accountId],
  );
}

/** COUNT domains of `accountId`, and COUNT / 10 of another account whose names sort among them. */
async function seed(db, accountId) {
  const started = Date.now();
  await insertDomains(db, accountId, 'bench-', COUNT);
  await insertDomains(db, randomUUID(), 'bench-0', Math.floor(COUNT / 10));
  await db.query('ANALYZE domains.domains');
  return Date.now() - started;
}

function walk(base, auth, query = {}) {
  return walkPages(async (marker) => {
    const qs = new URLSearchParams({ limit: String(LIMIT), ...query });
    if (marker !== undefined) qs.set('marker', marker);
    const items = await okJson(await fetch(`${base}/v1/domains?${qs}`, { headers: auth }), 'GET /v1/domains');
    return { items: items.length, next: items.length < LIMIT ? undefined : items[items.length - 1].domain };
  });
}

runServiceBench(module, { app: 'domains', database: 'domains_bench' }, async ({ db, env, base }) => {
  const { accountId, auth } = benchCredential(env, 'domains.domain:read');
  const seedMs = await seed(db, accountId);
  const rows = [];
  for (let w = 1; w <= WALKS; w += 1)
    rows.push(edgeSummary(`all statuses, walk ${w}`, await walk(base, auth), EDGE));
  rows.push(
    edgeSummary('statuses=EXPIRED (one in ten)', await walk(base, auth, { statuses: 'EXPIRED' }), EDGE),
  );
  writeResults(
    'bench-domains',
    { domains: COUNT, otherAccount: Math.floor(COUNT / 10), limit: LIMIT, edgePages: EDGE, seedMs },
    rows,
  );
});
