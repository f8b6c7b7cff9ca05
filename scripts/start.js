#!/usr/bin/env node
// `npm start`: brings dist/platform up to date (scripts/build-platform.js), makes sure PostgreSQL
// and Redis answer, and starts the components PLATFORM_TARGETS names (default: all of them, every
// service and worker of the route table and the gateway):
// - PLATFORM_MODE=single (the default): in one Node process, apps/platform (docs/single-mode.md);
// - PLATFORM_MODE=services: one process per component, as Kubernetes runs them.
// It prefixes each process's log lines with its name, waits for the gateway's /healthz and prints
// `platform ready at <url>`. PUBLIC_BASE_URL (hosted app URLs, agent badge records), unless set, is
// that same gateway URL. A process that exits on its own is started again after a backoff
// (scripts/restart-policy.js), as Kubernetes would; the platform stops only on Ctrl-C (or
// SIGTERM), or when one process keeps failing.
const { spawn } = require('node:child_process');
const { freePort } = require('./free-port');
const { join } = require('node:path');
const { ROOT } = require('./build-if-stale');
const { buildPlatform, PLATFORM_ENTRY, PLATFORM_OUT } = require('./build-platform');
const { ensurePostgres, ensureRedis } = require('./infra');
const { prefixLines } = require('./line-prefixer');
const { colorEnabled, logFormat, renderSummary } = require('./terminal');
const { createRestartPolicy, restartPolicyOptions } = require('./restart-policy');
const { gatewayUrl, sharedChildEnv } = require('./start-env');

const log = (msg) => process.stdout.write(`[platform] ${msg}\n`);
/**
 * Node's flags for every process, as the container image and the manifests run them
 * (docker/Dockerfile, k8s, compose): source maps for stack traces, and a young generation fixed at
 * its largest size (16 MB semi-spaces, V8's default maximum) instead of one V8 shrinks when a
 * process is quiet and grows again under load: memory stays flat instead of swinging by up to
 * 30 MB per process, with no more scavenges than before (docs/performance.md, "Memory").
 */
const NODE_FLAGS = [
  '--enable-source-maps',
  '--min-semi-space-size=16',
  // START_CPU_PROF_DIR (set by `npm run bench` from BENCH_CPU_PROF_DIR): each process writes a V8
  // CPU profile there when it stops, for finding where a scenario's time goes.
  ...(process.env.START_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.START_CPU_PROF_DIR}`]
    : []),
];
/**
 * How log lines reach the terminal (scripts/terminal.js): one compact coloured line each on a TTY,
 * the JSON lines as the processes write them otherwise, or with LOG_FORMAT=json.
 */
const TERMINAL = { format: logFormat(process.env, process.stdout), color: colorEnabled(process.env) };
/** The current instance of every process (a restart replaces `child`). */
const children = [];
const infra = [];
const restartTimers = new Set();
let stopping = false;

function startProcess(name, file, env) {
  const entry = { name, child: null };
  const policy = createRestartPolicy(restartPolicyOptions(process.env));
  const launch = () => {
    const startedAt = Date.now();
    const child = spawn(process.execPath, [...NODE_FLAGS, file], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    prefixLines(child.stdout, name, process.stdout, TERMINAL);
    prefixLines(child.stderr, name, process.stderr, TERMINAL);
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const how = signal ?? `code ${code}`;
      const next = policy.exited(Date.now(), startedAt);
      if (next.giveUp) {
        log(`${name} exited unexpectedly (${how}), ${next.inARow} times in a row; stopping the platform`);
        shutdown(1);
        return;
      }
      log(
        `${name} exited unexpectedly (${how}); restarting in ${next.restartInMs} ms (${next.inARow} in a row)`,
      );
      const timer = setTimeout(() => {
        restartTimers.delete(timer);
        if (!stopping) launch();
      }, next.restartInMs);
      restartTimers.add(timer);
    });
    entry.child = child;
  };
  launch();
  children.push(entry);
  return entry;
}

/** A component's name as its variables spell it: `hosting-worker` → `HOSTING_WORKER`. */
function envName(name) {
  return name.toUpperCase().replace(/-/g, '_');
}

/**
 * The port of a process: `<NAME>_PORT` (e.g. COUNTRIES_PORT, COMMERCE_REST_WORKER_PORT) when set;
 * a free port when PORTS=auto (tests, benchmarks: several platforms side by side); else its default.
 */
async function portOf(name, fallback) {
  const configured = process.env[`${envName(name)}_PORT`];
  if (configured) return configured;
  if (process.env.PORTS === 'auto') return String(await freePort());
  return String(fallback);
}

/** Services with a REST API and its OpenAPI document at /docs. */
const REST_DOCS = [
  'commerce-rest',
  'hosting',
  'mailboxes',
  'countries',
  'agent-registry',
  'domains',
  'shopping',
];

/** What the start-up summary shows (scripts/terminal.js renderSummary). */
function startSummary({ url, mode, chosen, pg, redis }) {
  const portOfComponent = (c) => c.env.PORT;
  const local = (c, path) => `http://127.0.0.1:${portOfComponent(c)}${path}`;
  const kindOf = (name) => (name === 'gateway' ? 'gateway' : /-worker$/.test(name) ? 'worker' : 'service');
  return {
    baseUrl: url,
    mode,
    services: chosen.map((c) => ({ name: c.name, port: portOfComponent(c), kind: kindOf(c.name) })),
    docs: [
      { label: 'GraphQL (supergraph)', url: `${url}/graphql` },
      ...chosen
        .filter((c) => REST_DOCS.includes(c.name))
        .map((c) => ({ label: c.name, url: local(c, '/docs') })),
    ],
    dashboards: [
      ...(process.env.QUEUE_DASHBOARD_PASSWORD
        ? chosen
            .filter((c) => kindOf(c.name) === 'worker')
            .map((c) => ({ label: `${c.name} queues`, url: local(c, '/queues') }))
        : []),
      { label: 'metrics (each component)', url: `<component>/metrics, e.g. ${local(chosen[0], '/metrics')}` },
    ],
    data: [
      { label: 'PostgreSQL', location: pg.url.replace(/\/\/[^@/]*@/, '//') },
      { label: 'Redis', location: redis.url },
      { label: 'hosted apps', location: process.env.HOSTING_DATA_DIR || join(ROOT, '.data', 'hosting') },
    ],
    embedded: [
      ...(pg.embedded ? ['PostgreSQL (.data/postgres)'] : []),
      ...(redis.embedded ? ['Redis (redis-server from PATH)'] : []),
    ],
  };
}

/** The compiled entry of a component in dist/platform (main.js, worker.js). */
function entryOf(app, entry = 'main') {
  return join(PLATFORM_OUT, 'apps', app, 'src', `${entry}.js`);
}

async function waitForHealthz(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline && !stopping) {
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (e) {
      last = e.message;
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the platform did not become ready within ${timeoutMs / 1000} s: ${last}`);
}

/**
 * The stop order of `services` mode's processes, as issue 30 has it for both modes: the gateway
 * first (its requests in flight still reach the services behind it), then the services, then the
 * workers. (A worker's job in flight that calls a stopped service fails and its queue retries it;
 * in single mode the platform process lets the jobs finish before the services close.) The
 * `platform` process of single mode is ranked with the services: it is the only one.
 */
function stopRank(name) {
  if (name === 'gateway') return 0;
  return /-worker$/.test(name) ? 2 : 1;
}

/** SIGTERM to each of `entries` at once; resolves when all exited (SIGKILL after 10 s). */
function stopAll(entries) {
  return Promise.all(
    entries.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const timer = setTimeout(() => child.kill('SIGKILL'), 10000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill('SIGTERM');
        }),
    ),
  );
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  for (const timer of restartTimers) clearTimeout(timer);
  // As the platform process does in single mode: the gateway drained first, then the services,
  // then the workers; each group stopped together.
  for (const rank of [0, 1, 2]) await stopAll(children.filter((entry) => stopRank(entry.name) === rank));
  for (const stop of infra.reverse()) await stop().catch((e) => log(`stop failed: ${e.message}`));
  process.exit(code);
}

async function main() {
  process.once('SIGINT', () => shutdown(0));
  process.once('SIGTERM', () => shutdown(0));

  const mode = process.env.PLATFORM_MODE || 'single';
  if (mode !== 'single' && mode !== 'services')
    throw new Error(`PLATFORM_MODE must be single or services, got "${mode}"`);
  const startedAt = Date.now();
  const written = buildPlatform();
  log(written ? `transpiled ${written} files into dist/platform` : 'dist/platform is up to date');

  const pg = await ensurePostgres(ROOT, log);
  infra.push(pg.stop);
  const redis = await ensureRedis(log);
  infra.push(redis.stop);

  const compiled = (path) => require(join(PLATFORM_OUT, path));
  const { ROUTE_TABLE } = compiled('apps/gateway/src/routes/route-table.js');
  const { SERVICE_PORTS } = compiled('libs/config/src/service-ports.js');
  const { selectTargets } = compiled('apps/platform/src/targets.js');
  const targets = new Set(selectTargets(process.env.PLATFORM_TARGETS, ROUTE_TABLE).map((c) => c.name));
  // The gateway's port first: PUBLIC_BASE_URL, unless set, names it, and the services read it.
  const gatewayPort = process.env.PORT || (await portOf('gateway', SERVICE_PORTS.gateway));
  const shared = sharedChildEnv(process.env, { databaseUrl: pg.url, redisUrl: redis.url, gatewayPort });
  log(`public base URL ${shared.PUBLIC_BASE_URL}${process.env.PUBLIC_BASE_URL ? '' : ' (the gateway)'}`);
  const gatewayEnv = { ...shared };
  // Each service and its workers also get the URLs of the services listed before it (the
  // subgraphs ask commerce-rest whether the caller may use a store: COMMERCE_REST_URL; the mailboxes
  // and agent-registry workers ask domains, the first row: DOMAINS_URL; shopping, the last row,
  // reaches domains, hosting, the three subgraphs and commerce-rest).
  const serviceUrls = {};
  /** Every component to run: its name, entry file and own variables. */
  const plan = [];
  for (const route of ROUTE_TABLE) {
    const port = await portOf(route.service, SERVICE_PORTS[route.service]);
    plan.push({
      name: route.service,
      entry: entryOf(route.service),
      env: { ...shared, ...serviceUrls, PORT: port },
    });
    for (const worker of route.workers) {
      const name = `${route.service}-${worker.name}`;
      const workerPort = await portOf(name, worker.port);
      plan.push({
        name,
        entry: entryOf(route.service, worker.name),
        env: { ...shared, ...serviceUrls, PORT: workerPort },
      });
      gatewayEnv[`${envName(name)}_HEALTH_URL`] = `http://127.0.0.1:${workerPort}`;
    }
    gatewayEnv[route.urlEnv] = process.env[route.urlEnv] || `http://127.0.0.1:${port}`;
    serviceUrls[route.urlEnv] = gatewayEnv[route.urlEnv];
  }
  plan.push({ name: 'gateway', entry: entryOf('gateway'), env: { ...gatewayEnv, PORT: gatewayPort } });
  const chosen = plan.filter((c) => targets.has(c.name));
  if (mode === 'services') {
    for (const c of chosen) startProcess(c.name, c.entry, c.env);
  } else {
    startProcess('platform', PLATFORM_ENTRY, {
      ...shared,
      PLATFORM_PLAN: JSON.stringify(chosen.map(({ name, env }) => ({ name, env }))),
    });
  }

  const url = gatewayUrl(gatewayPort);
  await waitForHealthz(url, Number(process.env.START_TIMEOUT_S || 180) * 1000);
  if (TERMINAL.format === 'pretty')
    process.stdout.write(
      renderSummary(startSummary({ url, mode, chosen, pg, redis }), { color: TERMINAL.color }),
    );
  process.stdout.write(`platform ready at ${url}\n`);
  log(
    `${chosen.length} components in ${mode} mode, ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
  );
}

main().catch((e) => {
  process.stderr.write(`[platform] npm start failed: ${e.message}\n`);
  shutdown(1);
});
