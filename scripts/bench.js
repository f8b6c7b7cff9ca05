#!/usr/bin/env node
// `npm run bench`: starts the platform against a bench database, then measures each scenario
// with autocannon and reports throughput and latency as ratios against a baseline measured in
// the same run (a trivial route of the same process), so figures compare across machines.
// Traffic goes to 127.0.0.1 only; every run is bounded by BENCH_DURATION_S per scenario.
const { spawn, execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const net = require('node:net');
const { join } = require('node:path');
const autocannon = require('autocannon');
const { ROOT } = require('./build-if-stale');

const DURATION = Number(process.env.BENCH_DURATION_S || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

function startPlatform(env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /platform ready at (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1] });
    });
    child.once('exit', (code) => reject(new Error(`npm start exited with ${code}:\n${out.slice(-2000)}`)));
  });
}

function run(name, url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`));
      }
      resolve({
        name,
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
      });
    });
  });
}

async function main() {
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/platform');
  base.pathname = '/platform_bench';
  const [gatewayPort, countriesPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATABASE_URL: base.toString(),
    PORT: String(gatewayPort),
    COUNTRIES_PORT: String(countriesPort),
    RATE_LIMIT_CREDENTIAL_LIMIT: '1000000000',
    LOG_LEVEL: 'warn',
    REDIS_KEY_PREFIX: 'bench',
  };
  const { child, url } = await startPlatform(env);
  try {
    const admin = (...args) =>
      JSON.parse(
        execFileSync(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], { env, encoding: 'utf8' }),
      );
    const { accountId } = admin('account', 'create', '--name', 'bench');
    const { token } = admin('token', 'create', '--account', accountId, '--scopes', 'commerce.store:read');
    const auth = { authorization: `Bearer ${token}` };
    const countries = `http://127.0.0.1:${countriesPort}`;
    const scenarios = [
      ['baseline: countries GET /health/live (no auth)', `${countries}/health/live`, {}],
      ['countries list fr-FR (direct)', `${countries}/v1/countries?marketId=fr-FR`, auth],
      ['countries detail US en-US (direct)', `${countries}/v1/countries/US?marketId=en-US`, auth],
      ['countries list fr-FR (through gateway)', `${url}/v1/countries?marketId=fr-FR`, auth],
    ];
    const results = [];
    for (const [name, target, headers] of scenarios) results.push(await run(name, target, headers));
    const baseline = results[0];
    const rows = results.map((r) => ({
      ...r,
      throughputRatio: +(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
      p99Ratio: +(r.latencyP99Ms / Math.max(baseline.latencyP99Ms, 1)).toFixed(2),
    }));
    console.table(rows);
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    writeFileSync(
      join(ROOT, 'tmp/bench-results.json'),
      JSON.stringify(
        { at: new Date().toISOString(), duration: DURATION, connections: CONNECTIONS, rows },
        null,
        2,
      ),
    );
  } finally {
    child.kill('SIGINT');
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
