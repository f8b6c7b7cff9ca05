#!/usr/bin/env node
// `npm run -s bench:mailboxes`: provisioning latency and throughput of the mailboxes service.
// Starts the mailboxes API (compiled, MIGRATIONS=auto) on a fresh database `mailboxes_bench` and its
// own Redis prefix, makes an account, a token and an owned domain with the admin CLI, then for 1 and
// for 2 worker processes POSTs BENCH_MAILBOXES (default 300) mailboxes, BENCH_CONNECTIONS (default
// 20) at a time, and waits until every one is COMPLETED. Latency is POST → COMPLETED from the
// record's own timestamps (created_at → completed_at); throughput is mailboxes completed per second
// between the first POST and the last completion. Results go to tmp/bench-mailboxes.json.
// Traffic goes to 127.0.0.1 only. Not a test: nothing is asserted.
const { randomUUID } = require('node:crypto');
const { mkdirSync, writeFileSync } = require('node:fs');
const { freePort } = require('./free-port');
const {
  adminCli,
  benchCredential,
  freshBenchDatabase,
  percentile,
  startEntry,
  stop,
} = require('./bench-support');
const { join } = require('node:path');
const { Client } = require('pg');
const { ROOT, buildIfStale } = require('./build-if-stale');

const COUNT = Number(process.env.BENCH_MAILBOXES || 300);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);

/** POSTs COUNT mailboxes, CONNECTIONS at a time; resolves with their ids and the time span. */
async function postMailboxes({ api, auth, accountId, domain }) {
  const ids = [];
  const started = Date.now();
  let next = 0;
  const post = async () => {
    while (next < COUNT) {
      next += 1;
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
      ids.push((await res.json()).mailboxId);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, post));
  return { ids, started, posted: Date.now() };
}

/** Polls until none of `ids` is EXECUTING; each row's latency and completion instant. */
async function settle(name, db, ids) {
  const since = Date.now();
  let rows;
  for (;;) {
    ({ rows } = await db.query(
      `SELECT status, extract(epoch FROM completed_at - created_at) * 1000 AS ms,
              extract(epoch FROM completed_at) * 1000 AS done
         FROM mailboxes.mailboxes WHERE id = ANY($1::uuid[])`,
      [ids],
    ));
    if (rows.every((r) => r.status !== 'EXECUTING')) break;
    if (Date.now() - since > 300_000) throw new Error(`${name}: not all mailboxes settled in 300 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return rows;
}

function summarize(name, rows, from, posted, started) {
  const failed = rows.filter((r) => r.status !== 'COMPLETED').length;
  const latencies = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  const lastDone = Math.max(...rows.map((r) => Number(r.done)));
  return {
    scenario: name,
    mailboxes: COUNT,
    failed,
    postPerSecond: +(COUNT / ((posted - started) / 1000)).toFixed(1),
    completedPerSecond: +(COUNT / ((lastDone - from) / 1000)).toFixed(1),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
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
  try {
    const { accountId, auth } = benchCredential(env, 'email.mailbox:create');
    const domain = 'bench.example.com';
    adminCli(env, 'domain', 'add', '--account', accountId, '--domain', domain);
    const ctx = {
      api: `http://127.0.0.1:${apiPort}`,
      auth,
      accountId,
      domain,
      db,
    };
    const rows = [];
    // Started together, so in the backlog run no worker drains alone while another boots.
    const startWorkers = async (n) => {
      const ports = [];
      for (let i = 0; i < n; i += 1) ports.push(await freePort());
      const started = await Promise.all(ports.map((port) => startEntry('mailboxes', 'worker', env, port)));
      children.push(...started);
      return started;
    };
    for (const n of [1, 2]) {
      // Live: workers running while the POSTs arrive; latency POST → COMPLETED under that load.
      let workers = await startWorkers(n);
      const live = await postMailboxes(ctx);
      const liveRows = await settle('live', db, live.ids);
      rows.push(summarize(`live, ${n} worker(s)`, liveRows, live.started, live.posted, live.started));
      await Promise.all(workers.map(stop));
      // Backlog: COUNT mailboxes queued with no worker, then n workers drain them. Throughput is
      // counted from the first completion (worker boot excluded); latency here is queueing time.
      const backlog = await postMailboxes(ctx);
      workers = await startWorkers(n);
      const drained = await settle('backlog', db, backlog.ids);
      const firstDone = Math.min(...drained.map((r) => Number(r.done)));
      rows.push({
        ...summarize(`backlog drain, ${n} worker(s)`, drained, firstDone, backlog.posted, backlog.started),
        p50Ms: '-',
        p99Ms: '-',
      });
      await Promise.all(workers.map(stop));
    }
    console.table(rows);
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    writeFileSync(
      join(ROOT, 'tmp/bench-mailboxes.json'),
      JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, rows }, null, 2),
    );
  } finally {
    await db.end();
    await Promise.all(children.map(stop));
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
