#!/usr/bin/env node
// `npm run -s bench:hosting`: how long an upload takes to answer in PREVIEW, and what a 50-operation
// secrets patch costs. Starts the compiled hosting API and worker on a fresh database
// `hosting_bench` with its own Redis prefix, a temporary HOSTING_DATA_DIR, HOSTING_NPM_OFFLINE=true
// (the fixture app has no dependencies: npm needs nothing from the registry), a random
// SECRETS_ENCRYPTION_KEY unless one is set, and PUBLIC_BASE_URL = the worker, so the status' `url`
// is the worker's /hosted proxy (no gateway here). Makes an account and a token with the admin CLI,
// an app and its plan (PUT …/subscription {}), then:
//   1. import-to-preview-ready: BENCH_IMPORTS (default 10) uploads, one after the other, of
//      apps/hosting/test/fixtures/apps/runtime-http (a zip made here with yazl): time from POST
//      …/imports to the import COMPLETED (polled every 20 ms), to GET …/status naming it in PREVIEW,
//      and to the status' PREVIEW `url` answering 200; plus the median of each step from the build
//      log's own timestamps (queue + extract, npm install, build, start → ready, commit). Baseline,
//      interleaved with the imports so both see the same load: the same work done directly (write
//      the files, `npm install` with the builder's flags and npm settings, `node server.js` until
//      it answers); the ratio is platform/direct p50. Each replaced preview's process (its pid, from
//      the fixture's answer) must be gone: listed in the results, not asserted.
//      BENCH_IMPORTS=0 skips this part.
//   2. secrets patch: BENCH_PATCHES (default 200) rounds of PATCH …/secrets?variant=PREVIEW with 50
//      operations (add and replace in turn over 50 existing names, values of 100 B to 8 KB) and the
//      same with 1 operation as the baseline, one after the other and interleaved (the order
//      alternates every round, so both see the same load); p50/p95/p99, requests/s over each
//      scenario's own time, 50-op/1-op p50. Interleaved with them, the database floor: the
//      statements the service runs for such a patch (its transaction, the app check, the advisory
//      lock, the read of the names, the one UPDATE … FROM (VALUES …) with values of the sealed
//      sizes, the metadata read, COMMIT) sent straight to PostgreSQL with pg, on a second app; its
//      50/1 ratio is what no server in front of this database can go below.
// The per-IP limits (writes 10/min, polls 120/min; docs/hosting.md "Rate limits") are lifted with
// RATE_LIMIT_IP_MULTIPLIER=100000. Results go to tmp/bench-hosting.json. Traffic goes to 127.0.0.1
// only. Not a test: nothing is asserted.
const { execFileSync, spawn } = require('node:child_process');
const { Client } = require('pg');
const { randomBytes } = require('node:crypto');
const { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { ROOT, buildIfStale } = require('./build-if-stale');
const { freePort } = require('./free-port');
const {
  benchCredential,
  freshBenchDatabase,
  okJson,
  percentile,
  startEntry,
  stop,
  writeResults,
  zipFolder,
} = require('./bench-support');

const IMPORTS = Number(process.env.BENCH_IMPORTS || 10);
const PATCHES = Number(process.env.BENCH_PATCHES || 200);
const FIXTURE_NAME = 'runtime-http';
const FIXTURE = join(ROOT, 'apps/hosting/test/fixtures/apps', FIXTURE_NAME);
const SCOPES = [
  'hosting.application:create',
  'hosting.application:read',
  'hosting.application:update',
  'hosting.source:write',
  'hosting.secret:write',
].join(',');
/** What buildApp runs for an app without lockfile or build script, offline (build-app.ts). */
const NPM_INSTALL = ['install', '--no-package-lock', '--omit=dev', '--ignore-scripts', '--offline'];
/** buildApp's quiet npm settings. */
const NPM_QUIET = {
  npm_config_update_notifier: 'false',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_color: 'false',
  npm_config_progress: 'false',
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (ms) => +ms.toFixed(1);
const sorted = (values) => values.filter(Number.isFinite).sort((a, b) => a - b);
const median = (values) => percentile(sorted(values), 50);

async function pollUntil(url, headers, done, intervalMs = 20) {
  for (;;) {
    const body = await okJson(await fetch(url, { headers }), `GET ${url}`);
    if (done(body)) return body;
    await sleep(intervalMs);
  }
}

/** Resolves with the parsed body once `url` answers 200 (every 5 ms, for at most `timeoutMs`). */
async function answers(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return res.json();
      last = `${res.status} ${await res.text()}`;
    } catch (e) {
      last = e.message;
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms: ${last}`);
    await sleep(5);
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** When the first build log line (`<ISO> <STREAM> <message>`) matching `re` after `from` was written. */
function lineAt(logs, re, from = 0) {
  const index = logs.findIndex((l, i) => i >= from && re.test(l));
  return index < 0
    ? { index, ms: NaN }
    : { index, ms: Date.parse(logs[index].slice(0, logs[index].indexOf(' '))) };
}

/** The steps of one import, in ms, from the record's createdAt/updatedAt and its build log lines. */
function phases(record) {
  const logs = record.logs ?? [];
  const extracted = lineAt(logs, /^\S+ SYSTEM archive extracted$/);
  const install = lineAt(logs, /^\S+ SYSTEM npm install /);
  const installed = lineAt(logs, /^\S+ SYSTEM exit code /, install.index + 1);
  const built = lineAt(logs, /^\S+ SYSTEM build succeeded /);
  const starting = lineAt(logs, /^\S+ SYSTEM starting in PREVIEW/);
  const ready = lineAt(logs, /^\S+ SYSTEM PREVIEW answers on port/);
  return {
    queueExtract: extracted.ms - Date.parse(record.createdAt),
    npmInstall: installed.ms - install.ms,
    build: built.ms - extracted.ms,
    startReady: ready.ms - starting.ms,
    commit: Date.parse(record.updatedAt) - ready.ms,
  };
}

/** One upload through the platform: POST → COMPLETED → the status' PREVIEW url answers. */
async function importOnce(api, auth, appId, zip) {
  const form = new FormData();
  form.append('file', new Blob([zip]), 'app.zip');
  const t0 = performance.now();
  const posted = await okJson(
    await fetch(`${api}/v1/hosting/apps/${appId}/imports`, { method: 'POST', headers: auth, body: form }),
    'POST imports',
  );
  const acceptedMs = performance.now() - t0;
  const record = await pollUntil(
    `${api}/v1/hosting/apps/${appId}/imports/${posted.importId}`,
    auth,
    (b) => b.status !== 'EXECUTING',
  );
  if (record.status !== 'COMPLETED')
    throw new Error(`import ${posted.importId} ${record.status}: ${JSON.stringify(record.error)}`);
  const completedMs = performance.now() - t0;
  const status = await okJson(
    await fetch(`${api}/v1/hosting/apps/${appId}/status`, { headers: auth }),
    'GET status',
  );
  const statusMs = performance.now() - t0;
  const preview = status.variants.find((v) => v.variant === 'PREVIEW');
  if (preview?.importId !== posted.importId || !preview.url)
    throw new Error(`status after import ${posted.importId}: ${JSON.stringify(preview)}`);
  const { pid } = await answers(preview.url);
  return { acceptedMs, completedMs, statusMs, answersMs: performance.now() - t0, pid, ...phases(record) };
}

/**
 * The same work without the platform: files, `npm install` (the builder's flags and npm settings),
 * `node server.js` until it answers; the total and the install and start steps, in ms.
 */
async function directOnce(npmCacheDir) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-hosting-direct-'));
  const home = join(dir, 'home');
  const app = join(dir, 'app');
  const t0 = performance.now();
  mkdirSync(home);
  mkdirSync(app);
  for (const name of readdirSync(FIXTURE)) writeFileSync(join(app, name), readFileSync(join(FIXTURE, name)));
  const t1 = performance.now();
  execFileSync('npm', NPM_INSTALL, {
    cwd: app,
    env: { PATH: process.env.PATH, HOME: home, npm_config_cache: npmCacheDir, ...NPM_QUIET },
    stdio: 'ignore',
  });
  const t2 = performance.now();
  const port = await freePort();
  const child = spawn(process.execPath, ['server.js'], {
    cwd: app,
    env: { PATH: process.env.PATH, HOME: app, NODE_ENV: 'production', PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    await answers(`http://127.0.0.1:${port}/`);
    const t3 = performance.now();
    return { answersMs: t3 - t0, npmInstall: t2 - t1, startReady: t3 - t2 };
  } finally {
    await stop(child);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** p50, p95, p99, min and max of `ms` as the columns of a row. */
function latencyColumns(ms) {
  const s = sorted(ms);
  return {
    p50Ms: round(percentile(s, 50)),
    p95Ms: round(percentile(s, 95)),
    p99Ms: round(percentile(s, 99)),
    minMs: round(s[0]),
    maxMs: round(s.at(-1)),
  };
}

/** The median of every numeric field of `runs` except `skip`. */
function medians(runs, skip = []) {
  const keys = Object.keys(runs[0]).filter((k) => !skip.includes(k));
  return Object.fromEntries(keys.map((k) => [k, round(median(runs.map((r) => r[k])))]));
}

/** BENCH_IMPORTS platform imports, each followed by one direct run (same load for both). */
async function importsAgainstDirect(api, auth, appId, npmCacheDir) {
  const zip = await zipFolder(FIXTURE);
  const platform = [];
  const direct = [];
  for (let i = 0; i < IMPORTS; i += 1) {
    platform.push(await importOnce(api, auth, appId, zip));
    direct.push(await directOnce(npmCacheDir));
  }
  const baseline = {
    scenario: 'direct: files, npm install, node until it answers',
    runs: IMPORTS,
    ...latencyColumns(direct.map((r) => r.answersMs)),
    ratio: 1,
  };
  const row = {
    scenario: 'platform: POST import → PREVIEW url answers',
    runs: IMPORTS,
    ...latencyColumns(platform.map((r) => r.answersMs)),
  };
  row.ratio = +(row.p50Ms / baseline.p50Ms).toFixed(2);
  return {
    rows: [baseline, row],
    pids: platform.map((r) => r.pid),
    phases: { platform: medians(platform, ['pid']), direct: medians(direct) },
    runs: { platform, direct },
  };
}

function patch(api, auth, appId, operations) {
  return fetch(`${api}/v1/hosting/apps/${appId}/secrets?variant=PREVIEW`, {
    method: 'PATCH',
    headers: { ...auth, 'content-type': 'application/json-patch+json' },
    body: JSON.stringify(operations),
  }).then((res) => okJson(res, 'PATCH secrets'));
}

/**
 * PATCHES rounds of one run of each scenario (a function of the round that resolves when its work
 * is done), interleaved (the order alternates every round) so that all see the same load on a
 * shared machine; per scenario its times, and requests/s over its own time.
 */
async function interleavedRounds(scenarios) {
  const results = scenarios.map(() => []);
  for (let i = 0; i < PATCHES; i += 1) {
    const order = scenarios.map((_, s) => s);
    if (i % 2) order.reverse();
    for (const s of order) {
      const run = scenarios[s](i);
      const t0 = performance.now();
      await run();
      results[s].push(performance.now() - t0);
    }
  }
  return results.map((ms) => ({
    ms,
    perSecond: +(ms.length / (ms.reduce((a, b) => a + b, 0) / 1000)).toFixed(1),
  }));
}

/** The statements SecretStoreService runs for a patch of `values` (name → value) replacing secrets. */
async function patchAtTheDatabase(db, appId, values) {
  const params = [appId, 'PREVIEW', 'benchkey00000000'];
  const rows = [...values].map(([name, value]) => {
    // A sealed value is 29 bytes of header and tag longer than its UTF-8 plaintext, and random.
    params.push(name, randomBytes(29 + Buffer.byteLength(value)));
    return `($${params.length - 1}::varchar, $${params.length}::bytea)`;
  });
  await db.query('BEGIN');
  try {
    await db.query('SELECT "app_id" FROM "hosting"."apps" WHERE "app_id" = $1', [appId]);
    await db.query(`SELECT pg_advisory_xact_lock(hashtext('hosting.app_secrets'), hashtext($1))`, [
      `${appId}/PREVIEW`,
    ]);
    await db.query(
      'SELECT "name", "system_managed" FROM "hosting"."app_secrets" WHERE "app_id" = $1 AND "variant" = $2',
      [appId, 'PREVIEW'],
    );
    await db.query(
      `UPDATE "hosting"."app_secrets" AS s
          SET "sealed_value" = v.sealed_value, "key_id" = $3, "updated_at" = CURRENT_TIMESTAMP
         FROM (VALUES ${rows.join(', ')}) AS v(name, sealed_value)
        WHERE s."app_id" = $1 AND s."variant" = $2 AND s."name" = v.name AND s."system_managed" = false`,
      params,
    );
    await db.query(
      `SELECT "variant", "name", "system_managed", "created_at", "updated_at" FROM "hosting"."app_secrets"
        WHERE "app_id" = $1 ORDER BY "name"`,
      [appId],
    );
    await db.query('COMMIT');
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/**
 * 1-op and 50-op patches over 50 secrets that exist; add and replace in turn (add over a name
 * replaces); and the same writes straight to PostgreSQL (on a second app) as the floor.
 */
async function secretsPatch(api, auth, appId, floorAppId, databaseUrl) {
  const names = Array.from({ length: 50 }, (_, n) => `BENCH_SECRET_${String(n).padStart(2, '0')}`);
  const value = (i, n) => 'v'.repeat(100 + ((i * 997 + n * 131) % 8000)); // 100 B to 8 KB
  const op = (i, n) => ({ op: (i + n) % 2 ? 'replace' : 'add', path: `/${names[n]}`, value: value(i, n) });
  for (const app of [appId, floorAppId]) {
    await patch(
      api,
      auth,
      app,
      names.map((name, n) => ({ op: 'add', path: `/${name}`, value: value(0, n) })),
    );
  }
  const bodies = [(i) => [op(i, i % 50)], (i) => names.map((_, n) => op(i, n))];
  const bytes = [0, 0];
  const http = (s) => (i) => {
    const body = bodies[s](i);
    bytes[s] += Buffer.byteLength(JSON.stringify(body));
    return () => patch(api, auth, appId, body);
  };
  const floor = (s) => (i) => {
    const values = new Map(bodies[s](i).map((o) => [o.path.slice(1), o.value]));
    return () => patchAtTheDatabase(db, floorAppId, values);
  };
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  let one, fifty, floorOne, floorFifty;
  try {
    [one, fifty, floorOne, floorFifty] = await interleavedRounds([http(0), http(1), floor(0), floor(1)]);
  } finally {
    await db.end();
  }
  const kib = (s) => +(bytes[s] / PATCHES / 1024).toFixed(1);
  const row = (scenario, { ms, perSecond }) => ({
    scenario,
    runs: ms.length,
    perSecond,
    ...latencyColumns(ms),
  });
  const pair = (label1, label50, r1, r50) => {
    const baseline = { ...row(label1, r1), ratio: 1 };
    const fiftyRow = row(label50, r50);
    fiftyRow.ratio = +(fiftyRow.p50Ms / baseline.p50Ms).toFixed(2);
    return [baseline, fiftyRow];
  };
  return [
    ...pair(
      `secrets PATCH, 1 operation (body ≈ ${kib(0)} KiB)`,
      `secrets PATCH, 50 operations (body ≈ ${kib(1)} KiB)`,
      one,
      fifty,
    ),
    ...pair(
      'floor: its statements straight to PostgreSQL, 1 value',
      'floor: its statements straight to PostgreSQL, 50 values',
      floorOne,
      floorFifty,
    ),
  ];
}

async function createApp(api, auth) {
  const jsonAuth = { ...auth, 'content-type': 'application/json' };
  const created = await okJson(
    await fetch(`${api}/v1/hosting/apps?appType=NODEJS`, {
      method: 'POST',
      headers: jsonAuth,
      body: JSON.stringify({ name: 'bench' }),
    }),
    'POST apps',
  );
  const operation = await pollUntil(
    `${api}/v1/hosting/app-operations/${created.operationId}`,
    auth,
    (b) => b.status !== 'EXECUTING',
  );
  if (operation.status !== 'COMPLETED') throw new Error(`app creation ${JSON.stringify(operation)}`);
  await okJson(
    await fetch(`${api}/v1/hosting/apps/${operation.appId}/subscription`, {
      method: 'PUT',
      headers: jsonAuth,
      body: '{}',
    }),
    'PUT subscription',
  );
  return operation.appId;
}

async function main() {
  buildIfStale(['hosting']);
  buildIfStale(['hosting'], { entry: 'worker' });
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hosting-'));
  const { env } = await freshBenchDatabase('hosting_bench');
  const [apiPort, workerPort] = [await freePort(), await freePort()];
  const worker = `http://127.0.0.1:${workerPort}`;
  const serviceEnv = {
    ...env,
    RATE_LIMIT_IP_MULTIPLIER: '100000',
    SECRETS_ENCRYPTION_KEY: env.SECRETS_ENCRYPTION_KEY || randomBytes(32).toString('hex'),
    HOSTING_DATA_DIR: dataDir,
    HOSTING_NPM_OFFLINE: 'true',
    PUBLIC_BASE_URL: worker,
  };
  const children = [];
  let pids = [];
  try {
    children.push(await startEntry('hosting', 'main', serviceEnv, apiPort));
    children.push(await startEntry('hosting', 'worker', serviceEnv, workerPort));
    const api = `http://127.0.0.1:${apiPort}`;
    const { auth } = benchCredential(serviceEnv, SCOPES);
    const appId = await createApp(api, auth);
    const floorAppId = await createApp(api, auth);

    const imports =
      IMPORTS > 0
        ? await importsAgainstDirect(api, auth, appId, join(dataDir, 'npm-cache'))
        : { rows: [], pids: [], phases: {}, runs: {} };
    pids = imports.pids;
    // Every import replaced the one before: only the last preview process may still run.
    const replacedStillRunning = pids.slice(0, -1).filter(alive);
    const secrets = await secretsPatch(api, auth, appId, floorAppId, serviceEnv.DATABASE_URL);
    if (IMPORTS > 0) {
      console.log('import steps, p50 ms (platform: from the build log; direct: timed here)');
      console.table(imports.phases);
    }
    writeResults(
      'bench-hosting',
      {
        fixture: FIXTURE_NAME,
        imports: IMPORTS,
        patches: PATCHES,
        importStepsP50Ms: imports.phases,
        replacedPreviewsStillRunning: replacedStillRunning,
        runs: imports.runs,
      },
      [...imports.rows, ...secrets],
    );
    if (replacedStillRunning.length)
      console.error(`replaced previews still running: pids ${replacedStillRunning.join(', ')}`);
  } finally {
    for (const child of children.reverse()) await stop(child);
    const leftover = pids.filter(alive);
    if (leftover.length)
      console.error(`preview processes left after the worker stopped: ${leftover.join(', ')}`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
