#!/usr/bin/env node
// `npm run bench`: starts the platform against a bench database, then measures each scenario
// with autocannon and reports throughput and latency as ratios against a baseline measured in
// the same run, so figures compare across machines:
//   - countries scenarios against a trivial route of the same process (GET /health/live);
//   - commerce GET store scenarios (direct and through the gateway, with and without includeFields)
//     against a minimal Fastify + pg server started here doing the same lookup (the store by id,
//     joined to its business for the account check) on the same database;
//   - order subgraph scenarios (GraphQL POST): orderById direct as the reference of orderById
//     through the gateway's federated /graphql, and addOrder throughput (direct).
// Traffic goes to 127.0.0.1 only; every run is bounded by BENCH_DURATION_S per scenario, after
// BENCH_WARMUP_S (default 1) of unmeasured warm-up.
const { spawn, execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const { freePort } = require('./free-port');
const { join } = require('node:path');
const autocannon = require('autocannon');
const fastify = require('fastify');
const { Pool } = require('pg');
const { ROOT } = require('./build-if-stale');

const DURATION = Number(process.env.BENCH_DURATION_S || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);
/** Unmeasured load before each scenario (JIT, connection pools), so the order of scenarios matters less. */
const WARMUP = Number(process.env.BENCH_WARMUP_S ?? 1);
/** Joins of the includeFields scenarios (a realistic mix: a JSON map, a filtered map, a row). */
const INCLUDE_FIELDS = 'attributes,processorDataNonSensitive,address';

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

/**
 * The reference point of the commerce scenarios: plain Fastify and a pg Pool of the service's
 * size, one route running the lookup GET /v1/commerce/stores/{storeId} starts with (the store by
 * id, joined to its business, visible only to the business's account) and sending the row as
 * JSON. No token check, no validation, no error shape: what the platform adds is the difference.
 */
async function startRawStoreServer(databaseUrl, accountId) {
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const app = fastify({ logger: false });
  app.get('/stores/:id', async (request, reply) => {
    const { rows } = await pool.query(
      `SELECT s.* FROM commerce.stores s JOIN commerce.businesses b ON b.id = s.business_id
        WHERE s.id = $1 AND b.account_id = $2`,
      [request.params.id, accountId],
    );
    if (rows.length === 0) return reply.code(404).send({ name: 'STORE_NOT_FOUND' });
    return rows[0];
  });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
      await pool.end();
    },
  };
}

function run(name, url, headers, duration = DURATION, request = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration, ...request }, (err, result) => {
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

/**
 * One request before measuring: a scenario must answer 200. The includeFields scenarios are
 * skipped (with the reason printed) only when the service answers 400 to the joins, i.e. when
 * this build does not offer one of them; any other answer fails the bench.
 */
async function probe(scenario) {
  const res = await fetch(scenario.url, { headers: scenario.headers, ...scenario.request });
  const body = await res.text();
  // GraphQL answers most failures with 200 and errors[]: a scenario must have none.
  if (res.status === 200 && scenario.request && JSON.parse(body).errors) {
    throw new Error(`${scenario.name}: POST ${scenario.url} answered errors: ${body.slice(0, 500)}`);
  }
  if (res.status === 200) return true;
  if (res.status === 400 && scenario.skipOn400) {
    console.error(
      `bench: skipping "${scenario.name}": the service answered 400 to it: ${body.slice(0, 500)}`,
    );
    return false;
  }
  throw new Error(`${scenario.name}: GET ${scenario.url} answered ${res.status}: ${body.slice(0, 500)}`);
}

async function main() {
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/platform');
  base.pathname = '/platform_bench';
  const [gatewayPort, countriesPort, commercePort, commerceWorkerPort, orderPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const env = {
    ...process.env,
    DATABASE_URL: base.toString(),
    PORT: String(gatewayPort),
    // Every other process on a free port too, so a platform already running does not collide.
    PORTS: 'auto',
    COUNTRIES_PORT: String(countriesPort),
    COMMERCE_REST_PORT: String(commercePort),
    COMMERCE_REST_WORKER_PORT: String(commerceWorkerPort),
    ORDER_SUBGRAPH_PORT: String(orderPort),
    RATE_LIMIT_CREDENTIAL_LIMIT: '1000000000',
    LOG_LEVEL: 'warn',
    REDIS_KEY_PREFIX: 'bench',
  };
  const { child, url } = await startPlatform(env);
  let raw;
  try {
    const admin = (...args) =>
      JSON.parse(
        execFileSync(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], { env, encoding: 'utf8' }),
      );
    const { accountId } = admin('account', 'create', '--name', 'bench');
    const scopes = 'commerce.store:read,commerce.order:read,commerce.order:create';
    const { token } = admin('token', 'create', '--account', accountId, '--scopes', scopes);
    const { storeId } = admin('store', 'create', '--account', accountId, '--display-name', 'Bench store');
    raw = await startRawStoreServer(base.toString(), accountId);
    const auth = { authorization: `Bearer ${token}` };
    const countries = `http://127.0.0.1:${countriesPort}`;
    const commerce = `http://127.0.0.1:${commercePort}`;
    const store = `/v1/commerce/stores/${storeId}`;
    const withJoins = `${store}?includeFields=${INCLUDE_FIELDS}`;
    const HEALTH = 'baseline: countries GET /health/live (no auth)';
    const RAW = 'baseline: raw fastify+pg GET /stores/:id';
    const ORDER_DIRECT = 'order orderById (direct)';
    const BASELINE_LABELS = {
      [HEALTH]: 'health/live',
      [RAW]: 'raw fastify+pg',
      [ORDER_DIRECT]: 'orderById direct',
    };
    const orderSubgraph = `http://127.0.0.1:${orderPort}/v1/commerce/order-subgraph`;
    const gql = (query, variables) => ({ method: 'POST', body: JSON.stringify({ query, variables }) });
    const orderHeaders = { ...auth, 'x-store-id': storeId, 'content-type': 'application/json' };
    const addOrder = gql('mutation($input: AddOrderInput!) { addOrder(input: $input) { id number } }', {
      input: {
        context: { storeId },
        currencyCode: 'USD',
        lineItems: [
          { name: 'Mug', quantity: 2, unitAmount: { value: 1250, currencyCode: 'USD' }, skuId: 'sku-mug' },
        ],
      },
    });
    const created = await (await fetch(orderSubgraph, { headers: orderHeaders, ...addOrder })).json();
    if (!created.data) throw new Error(`addOrder failed: ${JSON.stringify(created.errors)}`);
    const orderById = gql(
      'query($id: ID!) { orderById(id: $id) { id number statuses { status } totals { total { value currencyCode } } lineItems { id name quantity } } }',
      { id: created.data.addOrder.id },
    );
    const scenarios = [
      { name: HEALTH, url: `${countries}/health/live`, headers: {} },
      {
        name: 'countries list fr-FR (direct)',
        url: `${countries}/v1/countries?marketId=fr-FR`,
        headers: auth,
        vs: HEALTH,
      },
      {
        name: 'countries detail US en-US (direct)',
        url: `${countries}/v1/countries/US?marketId=en-US`,
        headers: auth,
        vs: HEALTH,
      },
      {
        name: 'countries list fr-FR (through gateway)',
        url: `${url}/v1/countries?marketId=fr-FR`,
        headers: auth,
        vs: HEALTH,
      },
      { name: RAW, url: `${raw.url}/stores/${storeId}`, headers: {} },
      { name: 'commerce GET store (direct)', url: `${commerce}${store}`, headers: auth, vs: RAW },
      {
        name: `commerce GET store includeFields (direct)`,
        url: `${commerce}${withJoins}`,
        headers: auth,
        vs: RAW,
        skipOn400: true,
      },
      { name: 'commerce GET store (through gateway)', url: `${url}${store}`, headers: auth, vs: RAW },
      {
        name: `commerce GET store includeFields (through gateway)`,
        url: `${url}${withJoins}`,
        headers: auth,
        vs: RAW,
        skipOn400: true,
      },
      { name: ORDER_DIRECT, url: orderSubgraph, headers: orderHeaders, request: orderById },
      {
        name: 'order orderById (through gateway /graphql)',
        url: `${url}/graphql`,
        headers: orderHeaders,
        request: orderById,
        vs: ORDER_DIRECT,
      },
      {
        name: 'order addOrder (direct, one store)',
        url: orderSubgraph,
        headers: orderHeaders,
        request: addOrder,
        vs: ORDER_DIRECT,
      },
    ];
    const results = new Map();
    for (const scenario of scenarios) {
      if (!(await probe(scenario))) continue;
      if (WARMUP > 0)
        await run(`${scenario.name} (warm-up)`, scenario.url, scenario.headers, WARMUP, scenario.request);
      results.set(scenario.name, {
        ...(await run(scenario.name, scenario.url, scenario.headers, DURATION, scenario.request)),
        vs: scenario.vs,
      });
    }
    const rows = [...results.values()].map(({ vs, ...r }) => {
      const baseline = results.get(vs) ?? r;
      return {
        ...r,
        versus: vs ? BASELINE_LABELS[vs] : '-',
        throughputRatio: +(r.requestsPerSecond / baseline.requestsPerSecond).toFixed(3),
        p99Ratio: +(r.latencyP99Ms / Math.max(baseline.latencyP99Ms, 1)).toFixed(2),
      };
    });
    console.table(rows);
    console.log(
      `includeFields scenarios: includeFields=${INCLUDE_FIELDS}; ratios are against the row named in "versus".`,
    );
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    writeFileSync(
      join(ROOT, 'tmp/bench-results.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          duration: DURATION,
          connections: CONNECTIONS,
          includeFields: INCLUDE_FIELDS,
          rows,
        },
        null,
        2,
      ),
    );
  } finally {
    await raw?.close();
    child.kill('SIGINT');
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
