#!/usr/bin/env node
// `npm run soak:steady`: memory and event-loop delay of every process under a steady load (issue 15,
// goal 5). Starts its own Redis and PostgreSQL and the platform (`npm start`, PORTS=auto) as the soak
// and chaos runs do (scripts/chaos/platform.js), then:
//   1. idle: lets the platform settle for STEADY_SETTLE_S (30) and reports each process's idle RSS
//      and PSS (/proc/<pid>/status VmRSS, /proc/<pid>/smaps_rollup Pss) and the totals: the
//      platform's Node processes (services, workers, the npm start supervisor), Redis and
//      PostgreSQL (every process of the cluster; its PSS, since its backends share memory);
//   2. steady load: the soak's fixtures and request kinds (scripts/soak.js) plus the chaos run's
//      mailbox creates, order adds with a payment and secrets patches (scripts/chaos/load.js), one
//      after another in a fixed cycle, started at a fixed rate of STEADY_RATE (50) operations per
//      second for STEADY_DURATION_S (300), whatever the answers' latency (an open loop, at most
//      STEADY_MAX_IN_FLIGHT (64) at once; an operation due while that many are open is skipped and
//      counted); every STEADY_SAMPLE_S (5) it samples every process's RSS, CPU time and metrics;
//   3. per process: RSS at the end (the median of the last STEADY_WINDOW_S's samples) against the
//      larger of its idle RSS and its RSS after warm-up (the median of the samples in the
//      STEADY_WINDOW_S (30) after STEADY_WARMUP_S (60) of load), and the event-loop delay p99 over the whole load, from the process's own
//      `nodejs_eventloop_delay_seconds` histogram (libs/observability, metrics.service.ts: a
//      libuv timer every 10 ms inside the process, its lateness) between the scrapes at the start and
//      at the end of the load.
// A bare Node process with the same monitor and no platform code runs alongside as a control: its
// delay is the machine's (other runs competing for the CPUs). For a process whose RSS grew it prints
// what the growth is made of (V8's young generation, live heap, Buffers). The platform runs at
// LOG_LEVEL info, npm start's default, unless LOG_LEVEL is set.
// It fails (exit 1) when a process grows by more than STEADY_MAX_RSS_GROWTH_PCT (10) %, has an
// event-loop delay p99 above STEADY_MAX_ELD_P99_MS (20), does not export the histogram, or restarted,
// and when a request of the load failed. Writes STEADY_JSON (default tmp/steady-soak.json) with every
// sample. docs/reliability.md, "Steady soak", has the settings and the reasons for them.
const { spawn } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const { cpus } = require('node:os');
const { join } = require('node:path');
const { ROOT } = require('./build-if-stale');
const { adminCli, percentile } = require('./bench-support');
const { createLoad, failed } = require('./chaos/load');
const { descendants } = require('./chaos/infra');
const { runOnOwnPlatform } = require('./chaos/platform');
const { sendWithFetch, setUp } = require('./soak');

// At npm start's own log level (the chaos and soak runs lower it to warn): every request's log
// line, through the supervisor's line prefixing, is part of what is measured.
process.env.LOG_LEVEL ||= 'info';
const num = (name, fallback) => Number(process.env[name] || fallback);
const SETTLE_S = num('STEADY_SETTLE_S', 30);
const DURATION_S = num('STEADY_DURATION_S', 300);
const RATE = num('STEADY_RATE', 50);
const MAX_IN_FLIGHT = num('STEADY_MAX_IN_FLIGHT', 64);
const SAMPLE_S = num('STEADY_SAMPLE_S', 5);
const WARMUP_S = num('STEADY_WARMUP_S', 60);
const WINDOW_S = num('STEADY_WINDOW_S', 30);
const MAX_GROWTH_PCT = num('STEADY_MAX_RSS_GROWTH_PCT', 10);
const MAX_ELD_P99_MS = num('STEADY_MAX_ELD_P99_MS', 20);
// The chaos load's operations need these on top of the soak token's scopes.
const LOAD_SCOPES = [
  'commerce.order:create',
  'commerce.order:update',
  'commerce.order:read',
  'email.mailbox:create',
  'hosting.application:read',
  'hosting.secret:write',
].join(',');
const SUPERVISOR = 'npm start (supervisor)';
const CONTROL = 'control: bare node';
const ELD = 'nodejs_eventloop_delay_seconds';

const log = (msg) => process.stdout.write(`[steady-soak] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => +(kb / 1024).toFixed(1);
const median = (values) => {
  const sorted = values.filter((v) => v !== undefined).sort((a, b) => a - b);
  return sorted.length ? percentile(sorted, 50) : undefined;
};
const CLOCK_TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s on Linux

/**
 * VmRSS and Pss (kB), CPU time and run-queue wait (s) of a process, from /proc; undefined once it is
 * gone.
 */
function procMemory(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // The main (event-loop) thread's time waiting for a CPU while runnable, in ns.
    const [, waitNs] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ').map(Number);
    return {
      rssKB: Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]),
      pssKB: Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1]),
      cpuS: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      runQueueS: waitNs / 1e9,
    };
  } catch {
    return undefined;
  }
}

/**
 * A bare Node process with the same event-loop delay monitor and no platform code: its delay is the
 * machine's (CPU contention from everything else running), the floor under every process's figure.
 * `read()` gives the p99 and max (ms, less the 10 ms tick) since the previous read.
 */
function startControl() {
  const code = [
    "const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 });",
    'h.enable();',
    "process.on('message', () => {",
    '  process.send({ p99Ms: Math.max(0, h.percentile(99) / 1e6 - 10), maxMs: Math.max(0, h.max / 1e6 - 10) });',
    '  h.reset();',
    '});',
  ].join('\n');
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return {
    pid: child.pid,
    read: () =>
      new Promise((resolve) => {
        const none = { p99Ms: NaN, maxMs: NaN };
        if (!child.connected) return resolve(none);
        const timer = setTimeout(() => resolve(none), 5000);
        child.once('message', (m) => {
          clearTimeout(timer);
          resolve(m);
        });
        child.send('read');
      }),
    stop: () => child.kill(),
  };
}

/** The summed memory of a group of processes (PostgreSQL's postmaster and its backends). */
function groupMemory(pids) {
  const each = pids.map(procMemory).filter(Boolean);
  const sum = (k) => each.reduce((s, m) => s + m[k], 0);
  return { processes: each.length, rssKB: sum('rssKB'), pssKB: sum('pssKB'), cpuS: sum('cpuS') };
}

/** The PORT a process was started with (npm start gives each service and worker its own). */
function portOf(pid) {
  try {
    const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    return Number(env.find((e) => e.startsWith('PORT='))?.slice(5)) || undefined;
  } catch {
    return undefined;
  }
}

/** The figures of one /metrics scrape this run uses. */
async function scrape(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
    const text = await res.text();
    if (res.status !== 200) return { error: `HTTP ${res.status}` };
    const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text)?.[1]);
    const buckets = [...text.matchAll(new RegExp(`^${ELD}_bucket\\{le="([^"]+)"\\} (\\S+)$`, 'gm'))].map(
      (m) => ({ le: m[1] === '+Inf' ? Infinity : Number(m[1]), count: Number(m[2]) }),
    );
    return {
      heapUsedBytes: value('nodejs_heap_size_used_bytes'),
      // Where RSS goes (for a process that grows): V8's committed heap, its young generation (it
      // grows under allocation and shrinks when idle), and memory outside the heap (Buffers).
      heapTotalBytes: value('nodejs_heap_size_total_bytes'),
      newSpaceBytes: Number(/^nodejs_heap_space_size_total_bytes\{space="new"\} (\S+)$/m.exec(text)?.[1]),
      externalBytes: value('nodejs_external_memory_bytes'),
      // prom-client's max since its previous scrape (ours), less the 10 ms tick it includes.
      lagMaxS: Math.max(0, value('nodejs_eventloop_lag_max_seconds') - 0.01),
      eld: buckets.length ? buckets : undefined,
    };
  } catch (e) {
    return { error: e.cause?.code ?? e.message };
  }
}

/**
 * The q-quantile (s) of the delays observed between two scrapes of a cumulative histogram,
 * interpolated within its bucket as Prometheus's histogram_quantile does.
 */
function quantileBetween(before, after, q) {
  if (!before || !after) return undefined;
  const counts = after.map((b, i) => ({ le: b.le, count: b.count - (before[i]?.count ?? 0) }));
  const total = counts[counts.length - 1].count;
  if (!total) return undefined;
  const rank = q * total;
  let lowerLe = 0;
  let lowerCount = 0;
  for (const { le, count } of counts) {
    if (count >= rank) {
      if (le === Infinity) return lowerLe; // beyond the last bound: at least that
      return lowerLe + ((le - lowerLe) * (rank - lowerCount)) / (count - lowerCount || 1);
    }
    lowerLe = le;
    lowerCount = count;
  }
  return lowerLe;
}

/** Share of the ticks between two cumulative histograms that were late by at most `bound` s. */
function shareWithin(before, after, bound) {
  if (!before || !after) return undefined;
  const at = (h, le) => h.find((b) => b.le === le)?.count ?? 0;
  const total = at(after, Infinity) - at(before, Infinity);
  return total ? (at(after, bound) - at(before, bound)) / total : undefined;
}

/** One sample of every process: memory and CPU from /proc, metrics from its own endpoint. */
async function sampleAll(processes, infra, since) {
  const t = (Date.now() - since) / 1000;
  const load1 = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number);
  const machine = { busyS: (cpu[0] + cpu[1] + cpu[2] + cpu[5] + cpu[6] + cpu[7]) / CLOCK_TICKS };
  machine.totalS = machine.busyS + (cpu[3] + cpu[4]) / CLOCK_TICKS;
  const each = await Promise.all(
    processes.map(async (p) => ({
      name: p.name,
      ...procMemory(p.pid),
      ...(p.port ? await scrape(p.port) : {}),
    })),
  );
  return {
    t,
    load1,
    machine,
    processes: Object.fromEntries(each.map(({ name, ...rest }) => [name, rest])),
    redis: groupMemory(infra.redis.pids()),
    postgres: groupMemory(infra.pg.pids().flatMap((pm) => [pm, ...descendants(pm)])),
  };
}

/** A sample for the JSON report: the histograms' buckets left out. */
const withoutHistograms = ({ processes: ps, ...sample }) => ({
  ...sample,
  processes: Object.fromEntries(Object.entries(ps).map(([n, { eld, ...p }]) => [n, p])),
});

/** Starts op(i) at a fixed rate for durationS, whatever the latency; resolves when all ended. */
async function steadyRate(ops, rate, durationS) {
  const started = performance.now();
  const open = new Set();
  let skipped = 0;
  let begun = 0;
  for (let i = 0; ; i += 1) {
    const due = (i * 1000) / rate;
    if (due >= durationS * 1000) break;
    const wait = started + due - performance.now();
    if (wait > 0) await sleep(wait);
    if (open.size >= MAX_IN_FLIGHT) {
      skipped += 1;
      continue;
    }
    begun += 1;
    const run = ops[i % ops.length]().finally(() => open.delete(run));
    open.add(run);
  }
  await Promise.all(open);
  return { started: begun, skipped, seconds: (performance.now() - started) / 1000 };
}

/** The load's operations: the soak's request kinds and three of the chaos run's. */
function operations({ base, kinds, load, soakResults }) {
  const soakOps = kinds.map((kind) => async () => {
    const start = Date.now();
    let status;
    let code;
    try {
      status = await sendWithFetch(base, kind);
    } catch (e) {
      code = e.cause?.code ?? e.code ?? e.message;
    }
    soakResults.push({
      op: kind.kind,
      start,
      end: Date.now(),
      status,
      code,
      ok: kind.expect.includes(status),
    });
  });
  return [...soakOps, load.ops.mailboxCreate, load.ops.orderAdd, load.ops.secretsPatch];
}

function summarizeLoad(soakResults, loadResults) {
  const all = [...soakResults, ...loadResults.map((r) => ({ ...r, ok: !failed(r) }))];
  const byOp = new Map();
  for (const r of all) byOp.set(r.op, [...(byOp.get(r.op) ?? []), r]);
  const rows = [...byOp].map(([op, rs]) => {
    const ms = rs.map((r) => r.end - r.start).sort((a, b) => a - b);
    const statuses = {};
    for (const r of rs) statuses[r.status ?? r.code] = (statuses[r.status ?? r.code] ?? 0) + 1;
    return {
      op,
      requests: rs.length,
      statuses: Object.entries(statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
      failed: rs.filter((r) => !r.ok).length,
      p50ms: percentile(ms, 50),
      p99ms: percentile(ms, 99),
    };
  });
  return { rows, requests: all.length, failed: all.filter((r) => !r.ok) };
}

/** The verdict per process from the idle sample, the load's samples and its first and last scrape. */
function judge(name, idle, samples, measured) {
  const of = (s) => s.processes[name];
  const inWindow = (from, to) => samples.filter((s) => s.t >= from && s.t <= to).map(of);
  const afterWarmup = inWindow(WARMUP_S, WARMUP_S + WINDOW_S);
  const atEnd = inWindow(DURATION_S - WINDOW_S, DURATION_S + SAMPLE_S);
  const rssWarm = median(afterWarmup.map((p) => p?.rssKB));
  const rssEnd = median(atEnd.map((p) => p?.rssKB));
  const heapWarm = median(afterWarmup.map((p) => p?.heapUsedBytes));
  const heapEnd = median(atEnd.map((p) => p?.heapUsedBytes));
  const first = of(samples[0]);
  const last = of(samples[samples.length - 1]);
  // Growth is memory taken beyond what the process already held, idle or warmed up: a process whose
  // RSS fell after warm-up (V8 handing pages back) and came back to its idle level has not grown;
  // a leak ends above both.
  const rssBase = rssWarm && Math.max(rssWarm, of(idle)?.rssKB ?? 0);
  const growthPct = rssBase && rssEnd ? ((rssEnd - rssBase) / rssBase) * 100 : undefined;
  const eldP99 = quantileBetween(first?.eld, last?.eld, 0.99);
  const within = shareWithin(first?.eld, last?.eld, MAX_ELD_P99_MS / 1000);
  const lagMax = Math.max(...samples.slice(1).map((s) => of(s)?.lagMaxS ?? 0));
  const span = samples.at(-1).t - samples[0].t;
  const runQueuePct =
    last?.runQueueS !== undefined ? ((last.runQueueS - first.runQueueS) / span) * 100 : undefined;
  const cpuPct =
    last?.cpuS !== undefined
      ? ((last.cpuS - first.cpuS) / (samples.at(-1).t - samples[0].t)) * 100
      : undefined;
  const delta = (k) => {
    const warm = median(afterWarmup.map((p) => p?.[k]));
    const end = median(atEnd.map((p) => p?.[k]));
    return warm === undefined || end === undefined ? undefined : +((end - warm) / 2 ** 20).toFixed(1);
  };
  const problems = [];
  if (measured.restarted) problems.push('restarted during the run');
  if (growthPct === undefined) problems.push('no RSS samples');
  else if (growthPct > MAX_GROWTH_PCT) problems.push(`RSS grew ${growthPct.toFixed(1)} %`);
  if (measured.eld) {
    if (within === undefined) problems.push('no event-loop delay observed');
    // Exact at the bucket bound: the p99 is within 20 ms when 99 % of the ticks were.
    else if (within < 0.99) problems.push(`event-loop delay p99 ${(eldP99 * 1000).toFixed(1)} ms`);
  }
  return {
    process: name,
    idleRssMB: mb(of(idle)?.rssKB ?? 0),
    idlePssMB: mb(of(idle)?.pssKB ?? 0),
    rssWarmMB: rssWarm && mb(rssWarm),
    rssEndMB: rssEnd && mb(rssEnd),
    growthPct: growthPct === undefined ? undefined : +growthPct.toFixed(1),
    heapWarmMB: heapWarm && +(heapWarm / 2 ** 20).toFixed(1),
    heapEndMB: heapEnd && +(heapEnd / 2 ** 20).toFixed(1),
    eldP99Ms: eldP99 === undefined ? (measured.eld ? undefined : 'n/a') : +(eldP99 * 1000).toFixed(1),
    eldMaxMs: measured.eld ? +(lagMax * 1000).toFixed(1) : 'n/a',
    cpuPct: cpuPct === undefined ? undefined : +cpuPct.toFixed(1),
    runQueuePct: runQueuePct === undefined ? undefined : +runQueuePct.toFixed(1),
    verdict: problems.length ? `FAIL: ${problems.join('; ')}` : 'ok',
    // MB, end against after warm-up (medians): what the RSS growth is made of.
    growthMB: {
      rss: rssWarm && rssEnd ? +((rssEnd - rssWarm) / 1024).toFixed(1) : undefined,
      heapTotal: delta('heapTotalBytes'),
      newSpace: delta('newSpaceBytes'),
      heapUsed: delta('heapUsedBytes'),
      external: delta('externalBytes'),
    },
    peakRssMB: mb(Math.max(...samples.map((s) => of(s)?.rssKB ?? 0))),
  };
}

async function main({ platform, pg, redis, adminEnv, onCleanup }) {
  const base = platform.url;
  const control = startControl();
  onCleanup(() => control.stop());
  const processes = [
    ...platform.processes().map((p) => ({ ...p, port: portOf(p.pid) })),
    { name: SUPERVISOR, pid: platform.child.pid },
    { name: CONTROL, pid: control.pid },
  ];
  const infra = { redis, pg };
  const ready = Date.now();
  await control.read();
  const first = await sampleAll(processes, infra, ready);
  const missing = processes.filter((p) => p.port && !first.processes[p.name].eld);
  for (const p of missing)
    log(
      `${p.name} (port ${p.port}) exports no ${ELD}: ${first.processes[p.name].error ?? 'not in /metrics'}`,
    );
  log(`processes: ${processes.map((p) => `${p.name} (${p.pid}${p.port ? `, :${p.port}` : ''})`).join(', ')}`);

  log(`idle: settling for ${SETTLE_S} s`);
  const idleSamples = [first];
  while ((Date.now() - ready) / 1000 < SETTLE_S) {
    await sleep(SAMPLE_S * 1000);
    idleSamples.push(await sampleAll(processes, infra, ready));
  }
  const idle = idleSamples[idleSamples.length - 1];
  const idleEld = Object.fromEntries(
    processes.map((p) => [
      p.name,
      quantileBetween(first.processes[p.name].eld, idle.processes[p.name].eld, 0.99),
    ]),
  );
  idleEld[CONTROL] = (await control.read()).p99Ms / 1000;
  const idleRows = processes.map((p) => ({
    process: p.name,
    rssMB: mb(idle.processes[p.name].rssKB ?? 0),
    pssMB: mb(idle.processes[p.name].pssKB ?? 0),
    heapUsedMB:
      idle.processes[p.name].heapUsedBytes === undefined
        ? 'n/a'
        : +(idle.processes[p.name].heapUsedBytes / 2 ** 20).toFixed(1),
    eldP99Ms: idleEld[p.name] === undefined ? 'n/a' : +(idleEld[p.name] * 1000).toFixed(1),
  }));
  const sum = (rows, k, names) =>
    +rows
      .filter((r) => names.includes(r.process))
      .reduce((s, r) => s + r[k], 0)
      .toFixed(1);
  const services = processes.filter((p) => p.port).map((p) => p.name);
  const idleTotals = {
    servicesAndWorkers: { rssMB: sum(idleRows, 'rssMB', services), pssMB: sum(idleRows, 'pssMB', services) },
    platform: {
      rssMB: sum(idleRows, 'rssMB', [...services, SUPERVISOR]),
      pssMB: sum(idleRows, 'pssMB', [...services, SUPERVISOR]),
    },
    redis: { rssMB: mb(idle.redis.rssKB), pssMB: mb(idle.redis.pssKB) },
    postgres: {
      processes: idle.postgres.processes,
      rssMB: mb(idle.postgres.rssKB),
      pssMB: mb(idle.postgres.pssKB),
    },
  };
  console.table([
    ...idleRows.filter((r) => r.process !== CONTROL),
    { process: `total: ${services.length} services and workers`, ...idleTotals.servicesAndWorkers },
    { process: 'total: platform (+ supervisor)', ...idleTotals.platform },
    { process: `${CONTROL} (not in the totals)`, ...idleRows.find((r) => r.process === CONTROL) },
    { process: 'redis (not in the platform total)', ...idleTotals.redis },
    {
      process: `postgres, ${idle.postgres.processes} processes (not in the platform total)`,
      rssMB: idleTotals.postgres.rssMB,
      pssMB: idleTotals.postgres.pssMB,
    },
  ]);

  // The load's fixtures: the soak's, and a token for the chaos run's operations.
  const soak = await setUp({ platform, adminEnv });
  const { token } = adminCli(
    adminEnv,
    'token',
    'create',
    '--account',
    soak.accountId,
    '--scopes',
    LOAD_SCOPES,
  );
  const load = createLoad({
    url: base,
    auth: { authorization: `Bearer ${token}` },
    storeId: soak.storeId,
    accountId: soak.accountId,
    domain: soak.domain,
    appId: soak.appId,
  });
  const soakResults = [];
  const ops = operations({ base, kinds: soak.kinds, load, soakResults });

  log(
    `steady load: ${RATE} operations/s for ${DURATION_S} s (${ops.length} in a cycle), at most ${MAX_IN_FLIGHT} open; ` +
      `a sample every ${SAMPLE_S} s; RSS growth judged from ${WARMUP_S} s on`,
  );
  const loadStart = Date.now();
  await control.read();
  const samples = [await sampleAll(processes, infra, loadStart)];
  let loading = true;
  const sampler = (async () => {
    for (let n = 1; loading; n += 1) {
      await sleep(Math.max(0, loadStart + n * SAMPLE_S * 1000 - Date.now()));
      if (!loading) break;
      const s = await sampleAll(processes, infra, loadStart);
      samples.push(s);
      if (n % Math.round(60 / SAMPLE_S) === 0) {
        const total = services.reduce((acc, name) => acc + (s.processes[name].rssKB ?? 0), 0);
        log(`  +${s.t.toFixed(0)} s: platform RSS ${mb(total)} MB, load average ${s.load1}`);
      }
    }
  })();
  const rate = await steadyRate(ops, RATE, DURATION_S);
  loading = false;
  await sampler;
  samples.push(await sampleAll(processes, infra, loadStart));
  const controlEld = await control.read();
  const uptime = readFileSync('/proc/loadavg', 'utf8').trim();

  const current = new Map(platform.processes().map((p) => [p.name, p.pid]));
  const rows = processes.map((p) =>
    judge(p.name, idle, samples, {
      eld: Boolean(p.port),
      restarted: Boolean(p.port) && current.get(p.name) !== p.pid,
    }),
  );
  // The control is no part of the platform: its delay is the machine's, shown for comparison.
  Object.assign(
    rows.find((r) => r.process === CONTROL),
    {
      eldP99Ms: +controlEld.p99Ms.toFixed(1),
      eldMaxMs: +controlEld.maxMs.toFixed(1),
      verdict: 'reference',
    },
  );
  const loadSummary = summarizeLoad(soakResults, load.results);
  console.table(loadSummary.rows);
  console.table(rows.map(({ growthMB, peakRssMB, ...row }) => row));
  for (const r of rows.filter((row) => /RSS grew/.test(row.verdict))) {
    const g = r.growthMB;
    const withoutYoung = ((g.rss - (g.newSpace ?? 0)) / r.rssWarmMB) * 100;
    log(
      `${r.process}: RSS ${g.rss} MB more at the end than after warm-up (idle ${r.idleRssMB} MB, peak ${r.peakRssMB} MB); ` +
        `of it V8's committed heap ${g.heapTotal} MB (young generation ${g.newSpace} MB), ` +
        `live heap ${g.heapUsed} MB, outside the heap (Buffers) ${g.external} MB; ` +
        `without the young generation's resizing ${withoutYoung.toFixed(1)} %`,
    );
  }
  const machineFirst = samples[0].machine;
  const machineLast = samples[samples.length - 1].machine;
  const machineBusyPct =
    ((machineLast.busyS - machineFirst.busyS) / (machineLast.totalS - machineFirst.totalS)) * 100;
  const platformCpuPct = rows.filter((r) => r.process !== CONTROL).reduce((s, r) => s + (r.cpuPct ?? 0), 0);
  const load1 = samples.map((s) => s.load1);
  log(
    `${loadSummary.requests} requests (${rate.started} operations started, ${rate.skipped} skipped at ${MAX_IN_FLIGHT} open) ` +
      `in ${rate.seconds.toFixed(0)} s: ${(loadSummary.requests / rate.seconds).toFixed(1)} requests/s, ${loadSummary.failed.length} failed`,
  );
  log(
    `machine: load average (1 min) during the load min ${Math.min(...load1)}, median ${median(load1)}, max ${Math.max(...load1)}; ` +
      `/proc/loadavg at the end: ${uptime}; CPU busy ${machineBusyPct.toFixed(0)} % of ${cpus().length} cores, ` +
      `the platform's processes ${platformCpuPct.toFixed(0)} % of one core`,
  );
  for (const f of loadSummary.failed.slice(0, 10)) log(`  failed: ${f.op} ${f.status ?? ''} ${f.code ?? ''}`);
  const problems = [
    ...rows.filter((r) => r.verdict.startsWith('FAIL')).map((r) => `${r.process}: ${r.verdict.slice(6)}`),
    ...missing.map((p) => `${p.name}: no ${ELD} in its /metrics`),
    ...(loadSummary.failed.length ? [`${loadSummary.failed.length} requests of the load failed`] : []),
  ];
  writeFileSync(
    process.env.STEADY_JSON || join(ROOT, 'tmp', 'steady-soak.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        settings: {
          SETTLE_S,
          DURATION_S,
          RATE,
          MAX_IN_FLIGHT,
          SAMPLE_S,
          WARMUP_S,
          WINDOW_S,
          MAX_GROWTH_PCT,
          MAX_ELD_P99_MS,
        },
        idle: { rows: idleRows, totals: idleTotals, samples: idleSamples.map(withoutHistograms) },
        load: {
          ...rate,
          requests: loadSummary.requests,
          failed: loadSummary.failed.length,
          rows: loadSummary.rows,
        },
        machine: {
          load1,
          loadavgAtEnd: uptime,
          busyPct: +machineBusyPct.toFixed(1),
          platformCpuPct: +platformCpuPct.toFixed(1),
        },
        rows,
        problems,
        samples: samples.map(withoutHistograms),
      },
      null,
      2,
    ),
  );
  for (const p of problems) log(`FAILED ${p}`);
  if (!problems.length)
    log(`every process within ${MAX_GROWTH_PCT} % RSS growth and ${MAX_ELD_P99_MS} ms event-loop delay p99`);
  return problems.length ? 1 : 0;
}

runOnOwnPlatform('steady-soak', log, main);
