#!/usr/bin/env node
// `npm run chaos`: faults under load. Starts its own Redis and PostgreSQL (scripts/chaos/infra.js;
// never the machine's shared ones), runs the platform with `npm start` (PORTS=auto), makes a token,
// a store, a domain and a hosting app with the admin CLI and the API, drives a steady mixed load
// through the gateway (scripts/chaos/load.js) and injects each fault in turn:
//   kill:<process>  SIGKILL of one service or worker (every one but the gateway, the entry point
//                   itself); npm start's restart policy brings it back,
//   redis-restart, postgres-restart, and <redis|postgres>-pause (SIGSTOP for CHAOS_PAUSE_S, 10 s).
// Each fault also starts one hosting import and one deployment. Per fault it reports: the requests
// that failed, by status, whether each had Retry-After and fell within the fault's window (from the
// injection until recovery + CHAOS_WINDOW_SLACK_S), the time to recover (gateway /healthz 200 again,
// every process running), accepted asynchronous work lost (mailbox, import, deployment, payment
// transaction that never reached COMPLETED), effects applied twice (rows counted in PostgreSQL),
// and processes that needed a manual restart. Exits 1 when an invariant fails.
// CHAOS_FAULTS (comma-separated, default every fault), CHAOS_SETTLE_S (steady load between faults,
// 8), CHAOS_CONCURRENCY (4), CHAOS_PAUSE_S (10), CHAOS_RECOVERY_TIMEOUT_S (120),
// CHAOS_JOBS_TIMEOUT_S (180: how long accepted work gets to finish), CHAOS_JSON (write the report).
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { Client } = require('pg');
const { ROOT } = require('./build-if-stale');
const { createLoad, failed: isFailure } = require('./chaos/load');
const { runOnOwnPlatform } = require('./chaos/platform');
const { adminCli, okJson, zipFolder } = require('./bench-support');

const num = (name, fallback) => Number(process.env[name] || fallback);
const SETTLE_S = num('CHAOS_SETTLE_S', 8);
const CONCURRENCY = num('CHAOS_CONCURRENCY', 4);
const PAUSE_S = num('CHAOS_PAUSE_S', 10);
const RECOVERY_TIMEOUT_S = num('CHAOS_RECOVERY_TIMEOUT_S', 120);
const JOBS_TIMEOUT_S = num('CHAOS_JOBS_TIMEOUT_S', 180);
const WINDOW_SLACK_S = num('CHAOS_WINDOW_SLACK_S', 3);
const SCOPES = [
  'commerce.store:read',
  'commerce.customer:create',
  'commerce.order:create',
  'commerce.order:update',
  'commerce.order:read',
  'email.mailbox:create',
  'email.mailbox:read',
  'hosting.application:create',
  'hosting.application:read',
  'hosting.application:update',
  'hosting.source:write',
  'hosting.secret:write',
  'hosting.deployment:execute',
].join(',');
const FIXTURE = join(ROOT, 'apps/hosting/test/fixtures/apps/runtime-http');

const log = (msg) => process.stdout.write(`[chaos] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function settledOperation(db, table, id, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(`SELECT status FROM ${table} WHERE id = $1`, [id]);
    if (rows[0] && rows[0].status !== 'EXECUTING') return rows[0].status;
    if (Date.now() > deadline) throw new Error(`${table} ${id} still EXECUTING after ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** A hosting app with a plan and a PREVIEW (one import), through the gateway. */
async function hostingApp(url, auth, zip, db) {
  const headers = { ...auth, 'content-type': 'application/json' };
  const created = await okJson(
    await fetch(`${url}/v1/hosting/apps?appType=NODEJS`, {
      method: 'POST',
      headers,
      body: '{"name":"chaos"}',
    }),
    'POST apps',
  );
  let appId;
  for (let i = 0; i < 600 && !appId; i += 1) {
    const op = await okJson(
      await fetch(`${url}/v1/hosting/app-operations/${created.operationId}`, { headers: auth }),
      'GET app-operation',
    );
    if (op.status === 'COMPLETED') appId = op.appId;
    else if (op.status !== 'EXECUTING') throw new Error(`app creation ${JSON.stringify(op)}`);
    else await sleep(200);
  }
  await okJson(
    await fetch(`${url}/v1/hosting/apps/${appId}/subscription`, { method: 'PUT', headers, body: '{}' }),
    'PUT subscription',
  );
  const form = new FormData();
  form.append('file', new Blob([zip]), 'app.zip');
  const imp = await okJson(
    await fetch(`${url}/v1/hosting/apps/${appId}/imports`, { method: 'POST', headers: auth, body: form }),
    'POST import',
  );
  const status = await settledOperation(db, 'hosting.import_operations', imp.importId, 180_000);
  if (status !== 'COMPLETED') throw new Error(`first import ${status}`);
  return appId;
}

async function healthy(url) {
  try {
    const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) });
    await res.text();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** Waits for /healthz 200 and every expected process running (a killed one with a new pid). */
async function recovered(platform, expected, killed) {
  const deadline = Date.now() + RECOVERY_TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    const running = platform.processes();
    const names = new Set(running.map((p) => p.name));
    const back =
      expected.every((n) => names.has(n)) &&
      (!killed || running.some((p) => p.name === killed.name && p.pid !== killed.pid));
    if (back && (await healthy(platform.url))) return { at: Date.now(), missing: [] };
    await sleep(250);
  }
  const names = new Set(platform.processes().map((p) => p.name));
  return { at: undefined, missing: expected.filter((n) => !names.has(n)) };
}

function faultList(names, requested) {
  const all = [
    ...names.filter((n) => n !== 'gateway').map((n) => `kill:${n}`),
    'redis-restart',
    'postgres-restart',
    'postgres-pause',
  ];
  if (!requested) return all;
  return requested
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
}

async function inject(fault, { platform, redis, pg }) {
  const [kind, target] = fault.split(':');
  if (kind === 'kill') {
    const proc = platform.processes().find((p) => p.name === target);
    if (!proc) throw new Error(`no running process ${target}`);
    process.kill(proc.pid, 'SIGKILL');
    return { killed: proc };
  }
  const infra = kind.startsWith('redis') ? redis : pg;
  if (kind.endsWith('-restart')) {
    await infra.restart();
    return {};
  }
  if (kind.endsWith('-pause')) {
    infra.pause();
    await sleep(PAUSE_S * 1000);
    infra.resume();
    return {};
  }
  throw new Error(`unknown fault ${fault}`);
}

/** Terminal state of every accepted asynchronous operation, and the effects applied twice. */
async function verify(db, accepted) {
  const deadline = Date.now() + JOBS_TIMEOUT_S * 1000;
  const pending = async () => {
    const out = [];
    const check = async (kind, table, items) => {
      if (!items.length) return;
      // Each of these tables records why an operation failed, so a lost one says why.
      const { rows } = await db.query(
        `SELECT id::text, status, failure_code, failure_message FROM ${table} WHERE id = ANY($1::uuid[])`,
        [items.map((i) => i.id)],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const item of items) {
        const row = byId.get(item.id);
        // SUPERSEDED is a finished operation too: a newer import or deployment of the same app was
        // accepted and runs instead (an older build never replaces a newer one, docs/hosting.md), so
        // nothing accepted was lost. Jobs can run out of order after a Redis restart.
        if (row?.status === 'COMPLETED' || row?.failure_code === 'SUPERSEDED') continue;
        const failure = row?.failure_code
          ? `${row.failure_code}: ${String(row.failure_message).slice(0, 300)}`
          : undefined;
        out.push({ kind, ...item, status: row?.status ?? 'MISSING', ...(failure ? { failure } : {}) });
      }
    };
    await check('mailbox', 'mailboxes.mailboxes', accepted.mailboxes);
    await check('import', 'hosting.import_operations', accepted.imports);
    await check('deployment', 'hosting.deployment_operations', accepted.deployments);
    const paid = accepted.payments.filter((p) => p.accepted);
    if (paid.length) {
      const { rows } = await db.query(`SELECT order_id FROM commerce.transactions WHERE order_id = ANY($1)`, [
        paid.map((p) => p.id),
      ]);
      const seen = new Set(rows.map((r) => r.order_id));
      for (const p of paid)
        if (!seen.has(p.id)) out.push({ kind: 'payment transaction', ...p, status: 'MISSING' });
    }
    return out;
  };
  let lost = await pending();
  while (lost.some((l) => l.status === 'EXECUTING' || l.status === 'MISSING') && Date.now() < deadline) {
    await sleep(1000);
    lost = await pending();
  }
  const twice = [];
  const dup = async (kind, sql, params, items) => {
    const { rows } = await db.query(sql, params);
    const at = new Map(items.map((i) => [i.id, i.at]));
    for (const r of rows) twice.push({ kind, id: r.id, count: Number(r.n), at: at.get(r.id) ?? 0 });
  };
  await dup(
    'mailbox',
    `SELECT lower(email_address) AS id, count(*) AS n FROM mailboxes.mailboxes WHERE lower(email_address) = ANY($1) GROUP BY 1 HAVING count(*) > 1`,
    [accepted.mailboxes.map((m) => m.email.toLowerCase())],
    accepted.mailboxes.map((m) => ({ id: m.email.toLowerCase(), at: m.at })),
  );
  await dup(
    'customer',
    `SELECT lower(primary_email) AS id, count(*) AS n FROM commerce.customers WHERE primary_email LIKE '%@chaos.example.com' GROUP BY 1 HAVING count(*) > 1`,
    [],
    accepted.customers,
  );
  await dup(
    'transaction',
    `SELECT order_id AS id, count(*) AS n FROM commerce.transactions WHERE order_id = ANY($1) GROUP BY 1 HAVING count(*) > 1`,
    [accepted.payments.map((p) => p.id)],
    accepted.payments,
  );
  for (const table of ['mailboxes.mailboxes', 'hosting.import_operations', 'hosting.deployment_operations']) {
    const { rows } = await db.query(
      `SELECT id::text AS id, attempts FROM ${table} WHERE status = 'COMPLETED' AND attempts > 1`,
    );
    for (const r of rows)
      twice.push({
        kind: `${table} run again (attempts ${r.attempts}, completed once)`,
        id: r.id,
        count: 1,
        at: 0,
        note: true,
      });
  }
  return { lost, twice };
}

function report(faults, results, verification, baselineEnd) {
  const windows = faults.map((f) => ({
    ...f,
    windowEnd: (f.recoveredAt ?? Date.now()) + WINDOW_SLACK_S * 1000,
  }));
  const failures = results.filter(isFailure);
  const ownerOf = (t) => {
    for (let i = windows.length - 1; i >= 0; i -= 1) if (t >= windows[i].start) return i;
    return -1;
  };
  // A request belongs to the last fault injected before it ended: one still in flight when a
  // fault hits may fail from it, though it started in the previous fault's phase.
  const rows = windows.map((w, i) => {
    const inPhase = (t) => ownerOf(t) === i;
    const reqs = results.filter((r) => inPhase(r.end));
    const failed = failures.filter((r) => inPhase(r.end));
    const byStatus = {};
    for (const r of failed) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    const lost = verification.lost.filter((l) => inPhase(l.at));
    const twice = verification.twice.filter((t) => !t.note && inPhase(t.at));
    const outside = failed.filter((r) => !(r.end >= w.start && r.end <= w.windowEnd));
    const unlike503 = failed.filter((r) => !(r.status === 503 && r.retryAfter !== null));
    for (const r of unlike503)
      log(`  ${w.fault}: ${r.op} answered ${r.status} ${r.code ?? ''} (not a 503 with Retry-After)`);
    for (const r of outside)
      log(
        `  ${w.fault}: ${r.op} ${r.status} ${r.code ?? ''} from +${((r.start - w.start) / 1000).toFixed(1)} s to +${((r.end - w.start) / 1000).toFixed(1)} s (window ends at +${((w.windowEnd - w.start) / 1000).toFixed(1)} s)`,
      );
    return {
      fault: w.fault,
      requests: reqs.length,
      failed: failed.length,
      byStatus:
        Object.entries(byStatus)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ') || '-',
      allRetryAfter: unlike503.length === 0,
      allInWindow: outside.length === 0,
      recoverS: w.recoveredAt ? +((w.recoveredAt - w.start) / 1000).toFixed(1) : 'never',
      asyncLost: lost.length,
      twice: twice.length,
      manualRestarts: w.missing.length,
    };
  });
  const before = results.filter((r) => r.end < (windows[0]?.start ?? Infinity));
  return { rows, baselineFailures: before.filter(isFailure), failures, before };
}

async function main({ platform, pg, redis, adminEnv, onCleanup }) {
  const { accountId } = adminCli(adminEnv, 'account', 'create', '--name', 'chaos');
  const { token } = adminCli(adminEnv, 'token', 'create', '--account', accountId, '--scopes', SCOPES);
  const { storeId } = adminCli(adminEnv, 'store', 'create', '--account', accountId, '--currency', 'USD');
  const domain = 'chaos.example.com';
  adminCli(adminEnv, 'domain', 'add', '--account', accountId, '--domain', domain);
  const auth = { authorization: `Bearer ${token}` };
  // The checks' own connection: a PostgreSQL restart ends it with an 'error' event (which would
  // crash the run if nobody listened); the next query opens a new one.
  const connect = async () => {
    const client = new Client({ connectionString: pg.url });
    client.on('error', () => undefined);
    await client.connect();
    return client;
  };
  const db = await connect();
  onCleanup(() => db.end());
  // The checks' own connection must survive the PostgreSQL faults: reconnect lazily.
  const dbq = {
    client: db,
    async query(sql, params) {
      try {
        return await this.client.query(sql, params);
      } catch (e) {
        this.client = await connect();
        return this.client.query(sql, params);
      }
    },
  };
  const zip = await zipFolder(FIXTURE);
  const appId = await hostingApp(platform.url, auth, zip, dbq);
  const names = platform
    .processes()
    .map((p) => p.name)
    .sort();
  log(`processes: ${names.join(', ')}`);

  const load = createLoad({ url: platform.url, auth, storeId, accountId, domain, appId, zip });
  load.start(CONCURRENCY, 20);
  await sleep(SETTLE_S * 1000);
  const faults = [];
  for (const fault of faultList(names, process.env.CHAOS_FAULTS)) {
    const start = Date.now();
    log(`fault ${fault}`);
    const hosting = load.importAndDeploy();
    const { killed } = await inject(fault, { platform, redis, pg: pg });
    const back = await recovered(platform, names, killed);
    await hosting;
    faults.push({ fault, start, recoveredAt: back.at, missing: back.missing });
    log(
      `  recovered ${back.at ? `after ${((back.at - start) / 1000).toFixed(1)} s` : `never (missing: ${back.missing.join(', ')})`}`,
    );
    await sleep(SETTLE_S * 1000);
  }
  await load.stop();
  log('load stopped; waiting for every accepted operation to finish');
  const verification = await verify(dbq, load.accepted);
  const { rows, baselineFailures } = report(faults, load.results, verification);
  console.table(rows);
  const a = load.accepted;
  log(
    `accepted: ${a.mailboxes.length} mailboxes, ${a.payments.filter((p) => p.accepted).length} payments, ${a.imports.length} imports, ${a.deployments.length} deployments, ${a.customers.length} customers; ${load.results.length} requests`,
  );
  for (const l of verification.lost)
    log(`  lost: ${l.kind} ${l.id} (${l.status}${l.failure ? `, ${l.failure}` : ''})`);
  for (const t of verification.twice)
    log(`  ${t.note ? 'note' : 'twice'}: ${t.kind} ${t.id}${t.note ? '' : ` ×${t.count}`}`);
  const problems = [];
  if (baselineFailures.length) {
    problems.push(`${baselineFailures.length} requests failed before any fault`);
    for (const f of baselineFailures.slice(0, 10))
      log(`  failed before any fault: ${f.op} ${f.status} ${f.code ?? ''} (${f.end - f.start} ms)`);
  }
  for (const r of rows) {
    if (!r.allRetryAfter)
      problems.push(`${r.fault}: failures other than 503 with Retry-After (${r.byStatus})`);
    if (!r.allInWindow) problems.push(`${r.fault}: failures outside the fault window`);
    if (r.recoverS === 'never') problems.push(`${r.fault}: did not recover`);
    if (r.asyncLost) problems.push(`${r.fault}: ${r.asyncLost} accepted operations lost`);
    if (r.twice) problems.push(`${r.fault}: ${r.twice} effects applied twice`);
    if (r.manualRestarts) problems.push(`${r.fault}: ${r.manualRestarts} processes need a manual restart`);
  }
  const lostTotal = verification.lost.length;
  const twiceTotal = verification.twice.filter((t) => !t.note).length;
  if (lostTotal && !rows.some((r) => r.asyncLost)) problems.push(`${lostTotal} accepted operations lost`);
  if (twiceTotal && !rows.some((r) => r.twice)) problems.push(`${twiceTotal} effects applied twice`);
  const out = {
    at: new Date().toISOString(),
    faults: rows,
    accepted: Object.fromEntries(Object.entries(a).map(([k, v]) => [k, v.length])),
    requests: load.results.length,
    lost: verification.lost,
    twice: verification.twice,
    problems,
  };
  writeFileSync(process.env.CHAOS_JSON || join(ROOT, 'tmp', 'chaos.json'), JSON.stringify(out, null, 2));
  for (const p of problems) log(`FAILED ${p}`);
  if (!problems.length) log('every invariant held');
  return problems.length ? 1 : 0;
}

// Chaos kills and pauses services one at a time: each needs a process of its own.
runOnOwnPlatform('chaos', log, main, { mode: 'services' });
