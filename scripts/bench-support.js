// Helpers shared by the service benches (bench-mailboxes.js, bench-agents.js, …): a fresh database,
// a compiled entry point started and awaited, a clean stop, the frame of a bench against one service,
// percentiles, a timed page walk and the rows that summarize them.
const { execFileSync, spawn } = require('node:child_process');
const { mkdirSync, readFileSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const yazl = require('yazl');
const { ROOT, buildIfStale, entryPath } = require('./build-if-stale');
const { freePort } = require('./free-port');

/**
 * Drops and creates database `name` on the server of DATABASE_URL (through the server's `postgres`
 * database: the one named in DATABASE_URL may not exist yet) and returns the environment a service
 * runs with against it: MIGRATIONS=auto, no practical rate limit, its own Redis key prefix.
 */
async function freshBenchDatabase(name) {
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/platform');
  const server = new URL(base.toString());
  server.pathname = '/postgres';
  const admin = new Client({ connectionString: server.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  base.pathname = `/${name}`;
  const url = base.toString();
  return {
    url,
    env: {
      ...process.env,
      DATABASE_URL: url,
      MIGRATIONS: 'auto',
      RATE_LIMIT_CREDENTIAL_LIMIT: '1000000000',
      LOG_LEVEL: 'warn',
      REDIS_KEY_PREFIX: `bench-${name}-${Date.now()}`,
    },
  };
}

/** Starts a compiled entry point of `app` and resolves once its /health/ready answers 200. */
/**
 * BENCH_CPU_PROF_DIR=<dir>: every service process a bench starts writes a V8 CPU profile there when
 * it stops (`--cpu-prof`), for finding where a scenario's time goes before optimising it.
 */
function profileFlags() {
  const dir = process.env.BENCH_CPU_PROF_DIR;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
}

async function startEntry(app, entry, env, port) {
  const child = spawn(process.execPath, [...profileFlags(), entryPath(app, entry)], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${app} ${entry} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return child;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${app} ${entry} not ready within 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stop(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** `npm run -s admin -- <args>` against `env`'s database; the one JSON object it prints. */
function adminCli(env, ...args) {
  return JSON.parse(
    execFileSync(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], { env, encoding: 'utf8' }),
  );
}

/** A new account and a token with `scopes` (comma-separated), as Authorization headers. */
function benchCredential(env, scopes) {
  const { accountId } = adminCli(env, 'account', 'create', '--name', 'bench');
  const { token } = adminCli(env, 'token', 'create', '--account', accountId, '--scopes', scopes);
  return { accountId, auth: { authorization: `Bearer ${token}` } };
}

/**
 * One row of a paging bench: page count, pages per second, and p50/p95 of the first and last
 * `edge` pages with the last/first p50 ratio (≈ 1 when a page's cost does not grow with depth).
 */
function edgeSummary(scenario, { pageMs, seconds, ...counts }, edge) {
  const first = pageMs.slice(0, edge).sort((a, b) => a - b);
  const last = pageMs.slice(-edge).sort((a, b) => a - b);
  const round = (ms) => +ms.toFixed(2);
  return {
    scenario,
    pages: pageMs.length,
    ...counts,
    pagesPerSecond: +(pageMs.length / seconds).toFixed(1),
    firstP50Ms: round(percentile(first, 50)),
    firstP95Ms: round(percentile(first, 95)),
    lastP50Ms: round(percentile(last, 50)),
    lastP95Ms: round(percentile(last, 95)),
    lastOverFirstP50: +(percentile(last, 50) / percentile(first, 50)).toFixed(2),
  };
}

/**
 * Walks a paged list from its first page: `fetchPage(cursor)` (undefined for the first page)
 * resolves to `{ items, next }`, `next` undefined on the last page. Times every page (call → body
 * parsed) and stops after `maxPages` pages (default: every page). The result is what edgeSummary takes.
 */
async function walkPages(fetchPage, maxPages = Infinity) {
  const pageMs = [];
  let items = 0;
  let cursor;
  const started = performance.now();
  do {
    const t0 = performance.now();
    const page = await fetchPage(cursor);
    pageMs.push(performance.now() - t0);
    items += page.items;
    cursor = page.next;
  } while (cursor !== undefined && pageMs.length < maxPages);
  return { pageMs, items, seconds: (performance.now() - started) / 1000 };
}

/** One row of a repeated request: how many runs, `counts`, and p50/p95/min/max of `ms`. */
function latencySummary(scenario, ms, counts = {}) {
  const s = [...ms].sort((a, b) => a - b);
  const round = (v) => +v.toFixed(2);
  return {
    scenario,
    runs: s.length,
    ...counts,
    p50Ms: round(percentile(s, 50)),
    p95Ms: round(percentile(s, 95)),
    minMs: round(s[0]),
    maxMs: round(s.at(-1)),
  };
}

/** Prints `rows` and writes `{at, ...meta, rows}` to tmp/<name>.json. */
function writeResults(name, meta, rows) {
  console.table(rows);
  mkdirSync(join(ROOT, 'tmp'), { recursive: true });
  writeFileSync(
    join(ROOT, `tmp/${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), ...meta, rows }, null, 2),
  );
}

/** The frame of runServiceBench. */
async function withBenchService({ app, database, extraEnv = {} }, run) {
  buildIfStale([app]);
  const { url, env: benchEnv } = await freshBenchDatabase(database);
  const env = { ...benchEnv, ...extraEnv };
  const port = await freePort();
  const api = await startEntry(app, 'main', env, port);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    return await run({ db, env, base: `http://127.0.0.1:${port}` });
  } finally {
    await db.end();
    await stop(api);
  }
}

/**
 * A bench against one service's API, run when `entry` is the module node was started with: builds
 * `app` when stale, starts its main entry on a fresh database `database` (freshBenchDatabase) with
 * `extraEnv` added, connects to that database and runs `run({ db, env, base })` (`env`: the
 * service's environment, `base`: its http://127.0.0.1:port). The connection and the service are
 * stopped afterwards, whatever happened; a failure prints one line and exits 1.
 */
function runServiceBench(entry, options, run) {
  if (require.main !== entry) return;
  withBenchService(options, run).catch((e) => {
    console.error(`bench failed: ${e.message}`);
    process.exit(1);
  });
}

/** The files of `dir` (one level) as a zip archive, as a user uploads an app. */
function zipFolder(dir) {
  const zip = new yazl.ZipFile();
  for (const name of readdirSync(dir)) zip.addBuffer(readFileSync(join(dir, name)), name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks = [];
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** The parsed body of a 2xx answer; anything else throws with the status and the body. */
async function okJson(res, what) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what} answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/** An integer setting of a bench from the environment, `fallback` when unset; out of [min, max] throws. */
function boundedInteger(name, fallback, min, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  return value;
}

/**
 * `npm start`; resolves at "platform ready at <url>". Its output (a line per request at the info
 * level) is read and dropped from then on, so reading it costs the load generator next to nothing.
 */
/** Clock ticks per second of /proc/<pid>/stat's CPU times (USER_HZ: 100 on Linux on every architecture). */
const USER_HZ = 100;

/**
 * CPU milliseconds (user + system) spent so far by a process and every descendant alive now, read
 * from /proc (Linux). A bench reads it before and after a measurement: CPU per request holds steady
 * when the machine is shared, where req/s does not. Null where /proc is absent.
 */
function processTreeCpuMs(rootPid) {
  const { readdirSync, readFileSync } = require('node:fs');
  let entries;
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const stats = new Map();
  for (const pid of entries) {
    try {
      // Fields after the command's closing parenthesis: state ppid … utime (14th) stime (15th).
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(pid), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended between the listing and the read.
    }
  }
  if (!stats.has(rootPid)) return null;
  let ticks = 0;
  const pending = [rootPid];
  while (pending.length > 0) {
    const pid = pending.pop();
    ticks += stats.get(pid).ticks;
    for (const [child, { ppid }] of stats) if (ppid === pid) pending.push(child);
  }
  return (ticks * 1000) / USER_HZ;
}

function startPlatform(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let tail = '';
    const untilReady = (d) => {
      tail = (tail + d).slice(-65536);
      const m = /platform ready at (\S+)/.exec(tail);
      if (!m) return;
      child.stdout.off('data', untilReady);
      child.stdout.on('data', () => undefined);
      resolve({ child, url: m[1] });
    };
    child.stdout.on('data', untilReady);
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${tail.slice(-2000)}`)));
  });
}

module.exports = {
  adminCli,
  benchCredential,
  boundedInteger,
  edgeSummary,
  freshBenchDatabase,
  latencySummary,
  okJson,
  percentile,
  processTreeCpuMs,
  runServiceBench,
  startEntry,
  startPlatform,
  stop,
  walkPages,
  writeResults,
  zipFolder,
};
