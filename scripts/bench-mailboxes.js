#!/usr/bin/env node
// `npm run -s bench:mailboxes`: provisioning latency and throughput of the mailboxes service.
// Starts the mailboxes API (compiled, MIGRATIONS=auto) on a fresh database `mailboxes_bench` and its
// own Redis prefix, makes an account, a token and an owned domain with the admin CLI, then for each
// worker count in BENCH_WORKERS (default "1,2") starts that many worker processes, warms them up
// with BENCH_WARMUP (default 20) mailboxes, and runs:
//   - "open loop": BENCH_MAILBOXES (default 300) POSTs sent at BENCH_RATE (default 50) per second,
//     each on its own schedule whatever the answers, as independent clients would (a comma list,
//     e.g. BENCH_RATE=50,100, runs each rate);
//   - "closed loop": BENCH_MAILBOXES POSTs, BENCH_CONNECTIONS (default 20) at a time, each
//     connection sending its next POST on the previous answer (saturates the 2-core machine);
//   - "backlog drain": BENCH_MAILBOXES queued with no worker, then the workers start (throughput
//     from the first completion on; latency there is queueing time, not shown).
// Latency is measured from the server's own timestamps, never from this script's polling: a
// record's created_at (now() of the transaction that inserts it, when the API accepts the POST) to
// its completed_at (now() of the transaction that moves it to COMPLETED), both microsecond
// timestamps of the one PostgreSQL clock. The split uses the BullMQ job hash as well: `timestamp`
// (the API's Date.now() at queue.add) and `processedOn` (the worker's, when it took the job), on the
// same host clock, millisecond precision: accept → enqueued (insert, commit, add), enqueued →
// picked up (BullMQ delivery), picked up → COMPLETED (the job's statements; BullMQ keeps the last
// 1000 completed jobs, so above BENCH_MAILBOXES=1000 the split covers those). The script polls only
// to learn that every mailbox is settled. CPU time per mailbox of the API and of the workers (Linux
// /proc, user + system, whole run) is less sensitive than latency to other load on the machine.
// Results go to tmp/bench-mailboxes.json.
// Traffic goes to 127.0.0.1 only. Not a test: nothing is asserted.
const { execFileSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { freePort } = require('./free-port');
const {
  adminCli,
  benchCredential,
  freshBenchDatabase,
  percentile,
  startEntry,
  stop,
  writeResults,
} = require('./bench-support');
const { Client } = require('pg');
const Redis = require('ioredis');
const { buildIfStale } = require('./build-if-stale');

const COUNT = Number(process.env.BENCH_MAILBOXES || 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const RATES = String(process.env.BENCH_RATE || 50)
  .split(',')
  .map(Number);
const WARMUP = Number(process.env.BENCH_WARMUP || 20);
const WORKERS = (process.env.BENCH_WORKERS || '1,2').split(',').map(Number);

const TICKS_PER_S = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time (user + system) in ms used so far by the processes `pids`; NaN without /proc. */
function cpuMs(pids) {
  try {
    return pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return sum + ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
    }, 0);
  } catch {
    return NaN;
  }
}

/** POSTs one mailbox; resolves with its id. */
async function postOne({ api, auth, accountId, domain }) {
  const res = await fetch(`${api}/mailboxes`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({
      emailAddress: `u${randomUUID().slice(0, 12)}@${domain}`,
      accountId,
      firstName: 'Bench',
      lastName: 'User',
      consents: [{ type: 'FREETRIAL_AUTORENEW' }],
    }),
  });
  if (res.status !== 202) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
  return (await res.json()).mailboxId;
}

/** Closed loop: `count` POSTs, `connections` at a time; their ids and the time span. */
async function postClosedLoop(ctx, count, connections) {
  const ids = [];
  const started = Date.now();
  let next = 0;
  const post = async () => {
    while (next < count) {
      next += 1;
      ids.push(await postOne(ctx));
    }
  };
  await Promise.all(Array.from({ length: connections }, post));
  return { ids, started, posted: Date.now() };
}

/** Open loop: `count` POSTs, the i-th sent at started + i / rate s, whether or not earlier ones answered. */
async function postOpenLoop(ctx, count, rate) {
  const started = Date.now();
  const sends = [];
  for (let i = 0; i < count; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    sends.push(postOne(ctx));
  }
  const ids = await Promise.all(sends);
  return { ids, started, posted: Date.now() };
}

/** Polls until none of `ids` is EXECUTING; each row's server timestamps (epoch ms, fractional). */
async function settle(name, db, ids) {
  const since = Date.now();
  let rows;
  for (;;) {
    ({ rows } = await db.query(
      `SELECT id, status, extract(epoch FROM created_at) * 1000 AS created,
              extract(epoch FROM completed_at) * 1000 AS done
         FROM mailboxes.mailboxes WHERE id = ANY($1::uuid[])`,
      [ids],
    ));
    if (rows.every((r) => r.status !== 'EXECUTING')) break;
    if (Date.now() - since > 300_000) throw new Error(`${name}: not all mailboxes settled in 300 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return rows.map((r) => ({ ...r, created: Number(r.created), done: Number(r.done) }));
}

/** Adds each row's BullMQ `timestamp` (added) and `processedOn` (taken by a worker), epoch ms. */
async function withJobTimes(redis, prefix, rows) {
  const pipeline = redis.pipeline();
  for (const r of rows) pipeline.hmget(`${prefix}:mailboxes:${r.id}`, 'timestamp', 'processedOn');
  const answers = await pipeline.exec();
  return rows.map((r, i) => {
    const [added, picked] = answers[i][1] ?? [];
    return { ...r, added: added ? Number(added) : NaN, picked: picked ? Number(picked) : NaN };
  });
}

function quantiles(values) {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return { p50: '-', p95: '-', p99: '-', max: '-' };
  const round = (v) => +v.toFixed(1);
  return {
    p50: round(percentile(s, 50)),
    p95: round(percentile(s, 95)),
    p99: round(percentile(s, 99)),
    max: round(s.at(-1)),
  };
}

function summarize(name, rows, from, run) {
  const completed = rows.filter((r) => r.status === 'COMPLETED');
  const lastDone = Math.max(...completed.map((r) => r.done));
  const total = quantiles(completed.map((r) => r.done - r.created));
  return {
    scenario: name,
    mailboxes: rows.length,
    failed: rows.length - completed.length,
    postPerSecond: +(rows.length / ((run.posted - run.started) / 1000)).toFixed(1),
    completedPerSecond: +(completed.length / ((lastDone - from) / 1000)).toFixed(1),
    p50Ms: total.p50,
    p95Ms: total.p95,
    p99Ms: total.p99,
    maxMs: total.max,
  };
}

/** p50/p99 of each phase between accept and COMPLETED. */
function phases(name, rows) {
  const completed = rows.filter((r) => r.status === 'COMPLETED');
  const phase = (from, to) => quantiles(completed.map((r) => r[to] - r[from]));
  const enqueue = phase('created', 'added');
  const pickup = phase('added', 'picked');
  const job = phase('picked', 'done');
  return {
    scenario: name,
    'enqueue p50': enqueue.p50,
    'enqueue p99': enqueue.p99,
    'pickup p50': pickup.p50,
    'pickup p99': pickup.p99,
    'job p50': job.p50,
    'job p99': job.p99,
  };
}

async function main() {
  buildIfStale(['mailboxes'], { entry: 'worker' });
  const { url, env } = await freshBenchDatabase('mailboxes_bench');
  const apiPort = await freePort();
  const api = await startEntry('mailboxes', 'main', env, apiPort);
  const children = [api];
  const db = new Client({ connectionString: url });
  await db.connect();
  const redis = new Redis(env.REDIS_URL || 'redis://127.0.0.1:6379');
  try {
    const { accountId, auth } = benchCredential(env, 'email.mailbox:create');
    const domain = 'bench.example.com';
    adminCli(env, 'domain', 'add', '--account', accountId, '--domain', domain);
    const ctx = { api: `http://127.0.0.1:${apiPort}`, auth, accountId, domain };
    const rows = [];
    const split = [];
    // Started together, so in the backlog run no worker drains alone while another boots.
    const startWorkers = async (n) => {
      const ports = [];
      for (let i = 0; i < n; i += 1) ports.push(await freePort());
      const started = await Promise.all(ports.map((port) => startEntry('mailboxes', 'worker', env, port)));
      children.push(...started);
      return started;
    };
    /** Runs `post` (resolves with the run), waits until its mailboxes settle and records the figures. */
    const measure = async (name, workers, post) => {
      const pids = { api: [api.pid], worker: workers.map((w) => w.pid) };
      const before = { api: cpuMs(pids.api), worker: cpuMs(pids.worker) };
      const run = await post();
      const settled = await withJobTimes(redis, env.REDIS_KEY_PREFIX, await settle(name, db, run.ids));
      const perMailbox = (who) => +((cpuMs(pids[who]) - before[who]) / run.ids.length).toFixed(2);
      rows.push(summarize(name, settled, run.started, run));
      split.push({
        ...phases(name, settled),
        'API CPU ms': perMailbox('api'),
        'worker CPU ms': perMailbox('worker'),
      });
    };
    for (const n of WORKERS) {
      const w = `${n} worker${n > 1 ? 's' : ''}`;
      let workers = await startWorkers(n);
      // Warm-up (not counted): pools connect, code paths get compiled.
      await settle('warm-up', db, (await postClosedLoop(ctx, WARMUP, 4)).ids);
      for (const rate of RATES)
        await measure(`open loop ${rate}/s, ${w}`, workers, () => postOpenLoop(ctx, COUNT, rate));
      await measure(`closed loop ${CONNECTIONS} conc., ${w}`, workers, () =>
        postClosedLoop(ctx, COUNT, CONNECTIONS),
      );
      await Promise.all(workers.map(stop));
      // Backlog: COUNT mailboxes queued with no worker, then n workers drain them. Throughput is
      // counted from the first completion (worker boot excluded); latency here is queueing time.
      const backlog = await postClosedLoop(ctx, COUNT, CONNECTIONS);
      workers = await startWorkers(n);
      const drained = await settle('backlog', db, backlog.ids);
      const firstDone = Math.min(...drained.map((r) => r.done));
      rows.push({
        ...summarize(`backlog drain, ${w}`, drained, firstDone, backlog),
        p50Ms: '-',
        p95Ms: '-',
        p99Ms: '-',
        maxMs: '-',
      });
      await Promise.all(workers.map(stop));
    }
    writeResults(
      'bench-mailboxes',
      { connections: CONNECTIONS, rates: RATES, mailboxes: COUNT, split },
      rows,
    );
    console.log('Where the time goes (ms): accept → enqueued → picked up → COMPLETED; CPU per mailbox');
    console.table(split);
  } finally {
    redis.disconnect();
    await db.end();
    await Promise.all(children.map(stop));
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
