#!/usr/bin/env node
// `npm run bench` (issue 15): starts the platform with `npm start` on its own database
// (platform_bench) and ports, and next to it the reference servers of scripts/bench/
// reference-servers.js (Fastify + pg + ioredis doing the same work per request as the platform's
// route: token lookup, scope, rate-limit counter, the store or country answer) in a process of
// their own. Then each scenario is measured in the same run, after an unmeasured warm-up, and
// compared with its reference:
//   - commerce GET store, direct and through the gateway, against the store reference;
//   - countries GET /v1/countries/{key} (and the list), direct and through the gateway, against
//     the countries reference;
//   - a one-subgraph query (order orderById) through the gateway's /graphql against the same query
//     sent to the order subgraph (req/s, autocannon);
//   - a query spanning order, catalog and tax through /graphql against the three subgraph calls
//     made one after another by hand (latency of a whole sequence, closed loop).
// Then the goals of issue 15 sections 1 and 2 with a met / not met mark. Results in
// tmp/bench-results.json. Traffic goes to 127.0.0.1 only; every scenario is bounded by
// BENCH_WARMUP_S + BENCH_DURATION_S. Benchmarks are not tests: `npm test` runs none of this.
const { spawn, execFileSync } = require('node:child_process');
const { mkdirSync, writeFileSync } = require('node:fs');
const { Agent } = require('node:http');
const { join } = require('node:path');
const readline = require('node:readline');
const { isDeepStrictEqual } = require('node:util');
const autocannon = require('autocannon');
const { ROOT } = require('./build-if-stale');
const { freePort } = require('./free-port');
const { boundedInteger, processTreeCpuMs, startPlatform } = require('./bench-support');
const { closedLoop, runSequence } = require('./bench/closed-loop');

/** Measured seconds per scenario (the issue: 8 s). */
const DURATION = boundedInteger('BENCH_DURATION_S', 8, 1, 60);
/** Unmeasured load before each scenario (JIT, pools, caches; the issue: 2 s). */
const WARMUP = boundedInteger('BENCH_WARMUP_S', 2, 0, 30);
/** autocannon connections of the throughput scenarios (the issue: 10). */
const CONNECTIONS = boundedInteger('BENCH_CONNECTIONS', 10, 1, 100);
/** Clients of the latency scenarios (the spanning query): 1 measures latency without queueing. */
const LATENCY_CONNECTIONS = boundedInteger('BENCH_LATENCY_CONNECTIONS', 1, 1, 100);
/** BENCH_EXTRAS=1 adds scenarios no goal names: includeFields joins, addOrder. */
const EXTRAS = process.env.BENCH_EXTRAS === '1';
/** BENCH_ONLY=<regexp>: only the scenarios whose key or name matches, and their references. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;
/** Joins of the includeFields extras (a realistic mix: a JSON map, a filtered map, a row). */
const INCLUDE_FIELDS = 'attributes,processorDataNonSensitive,address';
const SCOPES = [
  'commerce.store:read',
  'commerce.order:read',
  'commerce.order:create',
  'commerce.product:read',
  'commerce.product:write',
  'commerce.tax:read',
  'commerce.tax:create',
  'commerce.tax:write',
].join(',');

/** Goals of issue 15 sections 1 and 2: a ratio of a scenario against its reference (`vs`). */
const GOALS = [
  { scenario: 'storeDirect', goal: 'GET store direct ≥ 0.8× reference req/s', ratio: 'throughput', min: 0.8 },
  {
    scenario: 'storeGateway',
    goal: 'GET store via gateway ≥ 0.7× reference req/s',
    ratio: 'throughput',
    min: 0.7,
  },
  {
    scenario: 'countryDirect',
    goal: 'GET country direct ≥ 0.8× reference req/s',
    ratio: 'throughput',
    min: 0.8,
  },
  {
    scenario: 'countryGateway',
    goal: 'GET country via gateway ≥ 0.7× reference req/s',
    ratio: 'throughput',
    min: 0.7,
  },
  {
    scenario: 'orderGateway',
    goal: 'one-subgraph query via /graphql ≥ 0.7× direct req/s',
    ratio: 'throughput',
    min: 0.7,
  },
  {
    scenario: 'spanGateway',
    goal: 'order+catalog+tax query via /graphql p50 ≤ 1.3× the 3 calls by hand',
    ratio: 'p50',
    max: 1.3,
  },
];

/** The reference servers in a child process; resolves with their URLs once they listen. */
function startReferences(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(__dirname, 'bench/reference-servers.js'), JSON.stringify(options)],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    readline
      .createInterface({ input: child.stdout })
      .once('line', (line) => resolve({ child, ...JSON.parse(line) }));
    child.once('exit', (code) => reject(new Error(`the reference servers exited with ${code}`)));
  });
}

function stopChild(child, signal) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

function assertLoopback(url) {
  if (new URL(url).hostname !== '127.0.0.1') throw new Error(`bench traffic stays on 127.0.0.1, not ${url}`);
}

/** One GraphQL operation (seeding); its data, or throws with its errors. */
async function graphql(url, headers, query, variables) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (res.status !== 200 || body.errors || !body.data)
    throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

/** autocannon with the run's connections for `duration` s; fails on any non-2xx answer or error. */
function autocannonRun(scenario, duration) {
  return new Promise((resolve, reject) => {
    const { url, headers, request = {} } = scenario;
    autocannon({ url, headers, connections: CONNECTIONS, duration, ...request }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(
          new Error(`${scenario.name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`),
        );
      }
      resolve({
        requests: result.requests.total,
        requestsPerSecond: result.requests.average,
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
      });
    });
  });
}

/**
 * One measurement, with the CPU time (user + system) the serving processes spent per request (or
 * sequence): `scenario.pid` and its descendants, the platform's or the references' process.
 */
async function measure(scenario, duration) {
  const cpuBefore = processTreeCpuMs(scenario.pid);
  const result = scenario.steps
    ? await closedLoop(scenario.steps, { connections: LATENCY_CONNECTIONS, durationS: duration })
    : await autocannonRun(scenario, duration);
  const cpuAfter = processTreeCpuMs(scenario.pid);
  const requests = result.requests ?? result.sequences;
  const cpuUsPerRequest =
    cpuBefore === null || cpuAfter === null || requests === 0
      ? null
      : Math.round(((cpuAfter - cpuBefore) * 1000) / requests);
  return { ...result, cpuUsPerRequest };
}

/**
 * One request (or sequence) before measuring: it must answer 200 (GraphQL: without errors).
 * Resolves with the answer, which `sameAs` scenarios compare with their reference's.
 */
async function probe(scenario) {
  if (scenario.steps) {
    const agent = new Agent({ keepAlive: false });
    try {
      return await runSequence(agent, scenario.steps);
    } finally {
      agent.destroy();
    }
  }
  assertLoopback(scenario.url);
  const method = scenario.request?.method ?? 'GET';
  const res = await fetch(scenario.url, { headers: scenario.headers, ...scenario.request });
  const text = await res.text();
  const body = res.status === 200 ? JSON.parse(text) : undefined;
  if (!body || (scenario.request && body.errors)) {
    throw new Error(
      `${scenario.name}: ${method} ${scenario.url} answered ${res.status}: ${text.slice(0, 500)}`,
    );
  }
  return body;
}

function ratio(a, b, digits) {
  return b > 0 ? +(a / b).toFixed(digits) : null;
}

async function main() {
  const startedAt = Date.now();
  const elapsed = () => Math.round((Date.now() - startedAt) / 1000);
  const base = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/platform');
  base.pathname = '/platform_bench';
  const ports = {};
  for (const name of ['gateway', 'countries', 'commerce', 'commerceWorker', 'order', 'catalog', 'tax'])
    ports[name] = await freePort();
  const env = {
    ...process.env,
    DATABASE_URL: base.toString(),
    PORT: String(ports.gateway),
    // Every other process on a free port too, so a platform already running does not collide.
    PORTS: 'auto',
    COUNTRIES_PORT: String(ports.countries),
    COMMERCE_REST_PORT: String(ports.commerce),
    COMMERCE_REST_WORKER_PORT: String(ports.commerceWorker),
    ORDER_SUBGRAPH_PORT: String(ports.order),
    CATALOG_SUBGRAPH_PORT: String(ports.catalog),
    TAX_SUBGRAPH_PORT: String(ports.tax),
    RATE_LIMIT_CREDENTIAL_LIMIT: '1000000000',
    REDIS_KEY_PREFIX: 'bench',
  };
  // The log level a new user has (the services' default, info: a line per request) unless set.
  if (process.env.BENCH_LOG_LEVEL) env.LOG_LEVEL = process.env.BENCH_LOG_LEVEL;
  // BENCH_CPU_PROF_DIR: every platform process writes a CPU profile there when the bench stops it.
  if (process.env.BENCH_CPU_PROF_DIR) env.START_CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
  const { child, url: gateway } = await startPlatform(env);
  const platformReadyS = elapsed();
  let references;
  try {
    references = await startReferences({
      databaseUrl: base.toString(),
      redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
      poolSize: Number(process.env.DB_POOL_SIZE || 10),
      keyPrefix: 'bench-reference',
      limit: Number(env.RATE_LIMIT_CREDENTIAL_LIMIT),
      windowMs: Number(process.env.RATE_LIMIT_CREDENTIAL_WINDOW_S || 1380) * 1000,
    });
    const admin = (...args) =>
      JSON.parse(
        execFileSync(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], { env, encoding: 'utf8' }),
      );
    const { accountId } = admin('account', 'create', '--name', 'bench');
    const { token } = admin('token', 'create', '--account', accountId, '--scopes', SCOPES);
    const { storeId } = admin('store', 'create', '--account', accountId, '--display-name', 'Bench store');
    const auth = { authorization: `Bearer ${token}` };
    const gqlHeaders = { ...auth, 'x-store-id': storeId, 'content-type': 'application/json' };
    const local = (port) => `http://127.0.0.1:${port}`;
    const subgraph = {
      order: `${local(ports.order)}/v1/commerce/order-subgraph`,
      catalog: `${local(ports.catalog)}/v2/commerce/stores/${storeId}/catalog-subgraph`,
      tax: `${local(ports.tax)}/v2/commerce/stores/${storeId}/tax-subgraph`,
    };

    // Seed: one SKU in the catalog, one order selling it, one tax classification with a rate.
    const { createSku: sku } = await graphql(
      subgraph.catalog,
      gqlHeaders,
      'mutation($input: CreateSKUInput!) { createSku(input: $input) { id } }',
      { input: { name: 'Bench mug', price: { value: 1250, currencyCode: 'USD' } } },
    );
    const addOrderVariables = {
      input: {
        context: { storeId },
        currencyCode: 'USD',
        lineItems: [
          { name: 'Bench mug', quantity: 2, unitAmount: { value: 1250, currencyCode: 'USD' }, skuId: sku.id },
        ],
      },
    };
    const addOrderQuery = 'mutation($input: AddOrderInput!) { addOrder(input: $input) { id number } }';
    const { addOrder: order } = await graphql(subgraph.order, gqlHeaders, addOrderQuery, addOrderVariables);
    const { createRate: rate } = await graphql(
      subgraph.tax,
      gqlHeaders,
      'mutation($input: MutationCreateRateInput!) { createRate(input: $input) { id } }',
      { input: { label: 'Bench VAT', value: { percentage: '20' } } },
    );
    const { createClassification: classification } = await graphql(
      subgraph.tax,
      gqlHeaders,
      'mutation($input: MutationCreateClassificationInput!) { createClassification(input: $input) { id } }',
      { input: { name: 'Bench goods' } },
    );
    await graphql(
      subgraph.tax,
      gqlHeaders,
      'mutation($c: ID!, $r: [ID!]!) { addRatesToClassification(classificationId: $c, input: { rateIds: $r }) { id } }',
      { c: classification.id, r: [rate.id] },
    );

    const post = (query, variables) => ({ method: 'POST', body: JSON.stringify({ query, variables }) });
    const ORDER_FIELDS =
      'id number statuses { status } totals { total { value currencyCode } } lineItems { id name quantity }';
    const orderById = post(`query($id: ID!) { orderById(id: $id) { ${ORDER_FIELDS} } }`, { id: order.id });
    // The spanning query: the gateway fetches order and tax at once, then the line's SKU from the catalog.
    const SKU_FIELDS = 'id name price { value currencyCode }';
    const SPAN_ORDER = 'id number lineItems { id name quantity skuId }';
    const SPAN_TAX = 'id name rates { id label value { percentage } }';
    const spanQuery = `query($order: ID!, $classification: ID!) {
      orderById(id: $order) { id number lineItems { id name quantity skuId sku { ${SKU_FIELDS} } } }
      classification(id: $classification) { ${SPAN_TAX} } }`;
    const gqlStep = (url, query, variables) => () => ({
      url,
      headers: gqlHeaders,
      ...post(query, variables),
    });
    const spanByHand = [
      gqlStep(subgraph.order, `query($id: ID!) { orderById(id: $id) { ${SPAN_ORDER} } }`, { id: order.id }),
      // The SKU id comes from the order's answer, as a client calling by hand would do it.
      (previous) => ({
        url: subgraph.catalog,
        headers: gqlHeaders,
        ...post(`query($id: String!) { sku(id: $id) { ${SKU_FIELDS} } }`, {
          id: previous.data.orderById.lineItems[0].skuId,
        }),
      }),
      gqlStep(subgraph.tax, `query($id: ID!) { classification(id: $id) { ${SPAN_TAX} } }`, {
        id: classification.id,
      }),
    ];
    const spanThroughGateway = [
      gqlStep(`${gateway}/graphql`, spanQuery, { order: order.id, classification: classification.id }),
    ];

    const store = `/v1/commerce/stores/${storeId}`;
    const country = '/v1/countries/US?marketId=en-US';
    const countryList = '/v1/countries?marketId=fr-FR';
    const scenarios = [
      {
        key: 'storeRef',
        name: 'reference: GET store (Fastify+pg+ioredis)',
        url: `${references.store}${store}`,
      },
      { key: 'storeDirect', name: 'commerce GET store (direct)', url: `${local(ports.commerce)}${store}` },
      { key: 'storeGateway', name: 'commerce GET store (gateway)', url: `${gateway}${store}` },
      {
        key: 'storeJoinsDirect',
        name: 'commerce GET store includeFields (direct)',
        url: `${local(ports.commerce)}${store}?includeFields=${INCLUDE_FIELDS}`,
        vs: 'storeDirect',
        extra: true,
      },
      {
        key: 'storeJoinsGateway',
        name: 'commerce GET store includeFields (gateway)',
        url: `${gateway}${store}?includeFields=${INCLUDE_FIELDS}`,
        vs: 'storeGateway',
        extra: true,
      },
      {
        key: 'countryRef',
        name: 'reference: GET country US en-US',
        url: `${references.countries}${country}`,
      },
      {
        key: 'countryDirect',
        name: 'countries GET US en-US (direct)',
        url: `${local(ports.countries)}${country}`,
      },
      { key: 'countryGateway', name: 'countries GET US en-US (gateway)', url: `${gateway}${country}` },
      {
        key: 'listRef',
        name: 'reference: GET countries fr-FR',
        url: `${references.countries}${countryList}`,
      },
      {
        key: 'listDirect',
        name: 'countries list fr-FR (direct)',
        url: `${local(ports.countries)}${countryList}`,
      },
      { key: 'listGateway', name: 'countries list fr-FR (gateway)', url: `${gateway}${countryList}` },
      { key: 'orderDirect', name: 'order orderById (direct)', url: subgraph.order, request: orderById },
      {
        key: 'orderGateway',
        name: 'order orderById (gateway /graphql)',
        url: `${gateway}/graphql`,
        request: orderById,
      },
      {
        key: 'addOrder',
        name: 'order addOrder (direct, one store)',
        url: subgraph.order,
        request: post(addOrderQuery, addOrderVariables),
        vs: 'orderDirect',
        extra: true,
      },
      { key: 'spanByHand', name: 'order, catalog, tax: 3 calls by hand', steps: spanByHand },
      { key: 'spanGateway', name: 'order+catalog+tax query (gateway /graphql)', steps: spanThroughGateway },
    ];
    // Each measured scenario against its reference, and which answers must be the reference's.
    const REFERENCE_OF = {
      storeDirect: 'storeRef',
      storeGateway: 'storeRef',
      countryDirect: 'countryRef',
      countryGateway: 'countryRef',
      listDirect: 'listRef',
      listGateway: 'listRef',
      orderGateway: 'orderDirect',
      spanGateway: 'spanByHand',
    };
    const referenceKeys = new Set(Object.values(REFERENCE_OF).filter((key) => key.endsWith('Ref')));
    for (const s of scenarios) {
      s.pid = referenceKeys.has(s.key) ? references.child.pid : child.pid;
      s.vs ??= REFERENCE_OF[s.key];
      s.headers ??= s.request ? gqlHeaders : auth;
      s.sameAnswer = REFERENCE_OF[s.key] !== undefined;
    }
    // The scenarios asked for, and the references they are measured against (transitively).
    const wanted = new Set();
    const want = (key) => {
      if (!key || wanted.has(key)) return;
      wanted.add(key);
      want(scenarios.find((s) => s.key === key).vs);
    };
    scenarios
      .filter((s) => (EXTRAS || !s.extra) && (!ONLY || ONLY.test(s.key) || ONLY.test(s.name)))
      .forEach((s) => want(s.key));
    const selected = scenarios.filter((s) => wanted.has(s.key));
    console.log(
      `bench: ${selected.length} scenarios × (${WARMUP} s warm-up + ${DURATION} s), ${CONNECTIONS} connections ` +
        `(latency scenarios: ${LATENCY_CONNECTIONS}); platform ready in ${platformReadyS} s, seeded at ${elapsed()} s`,
    );

    const results = new Map();
    const answers = new Map();
    const differences = [];
    for (const scenario of selected) {
      const answer = await probe(scenario);
      answers.set(scenario.key, answer);
      if (scenario.sameAnswer) {
        const expected = expectedAnswer(scenario.key, answers.get(scenario.vs));
        const actual = scenario.steps ? answer[0] : answer;
        if (!isDeepStrictEqual(actual, expected)) {
          differences.push({ scenario: scenario.name, expected, actual });
          console.error(
            `bench: "${scenario.name}" answers differently from its reference:\n  reference: ` +
              `${JSON.stringify(expected).slice(0, 1000)}\n  platform:  ${JSON.stringify(actual).slice(0, 1000)}`,
          );
        }
      }
      if (WARMUP > 0) await measure(scenario, WARMUP);
      const result = await measure(scenario, DURATION);
      results.set(scenario.key, result);
      console.log(
        `bench: [${elapsed()} s] ${scenario.name}: ${result.requestsPerSecond} ` +
          `${scenario.steps ? 'sequences' : 'req'}/s, p50 ${result.latencyP50Ms} ms, p99 ${result.latencyP99Ms} ms, ` +
          `CPU ${result.cpuUsPerRequest ?? 'n/a'} µs per ${scenario.steps ? 'sequence' : 'request'}`,
      );
    }

    const nameOf = Object.fromEntries(scenarios.map((s) => [s.key, s.name]));
    const rows = selected.map((s) => {
      const r = results.get(s.key);
      const ref = s.vs ? results.get(s.vs) : undefined;
      return {
        scenario: s.name,
        'req/s': Math.round(r.requestsPerSecond),
        'p50 ms': r.latencyP50Ms,
        'p99 ms': r.latencyP99Ms,
        versus: s.vs ? nameOf[s.vs] : '-',
        'req/s ratio': ref ? ratio(r.requestsPerSecond, ref.requestsPerSecond, 3) : 1,
        'p50 ratio': ref ? ratio(r.latencyP50Ms, ref.latencyP50Ms, 2) : 1,
        'CPU µs/req': r.cpuUsPerRequest ?? 'n/a',
        // The reference's CPU per request over the scenario's: the req/s ratio both would reach on
        // the same free core, whatever else the machine ran during the measurement.
        'CPU ratio':
          ref && r.cpuUsPerRequest && ref.cpuUsPerRequest
            ? ratio(ref.cpuUsPerRequest, r.cpuUsPerRequest, 3)
            : 1,
        'same answer': s.sameAnswer ? (differences.some((d) => d.scenario === s.name) ? 'NO' : 'yes') : '-',
        key: s.key,
      };
    });
    console.table(rows.map(({ key: _key, ...row }) => row));

    const goals = GOALS.filter((g) => results.has(g.scenario)).map((g) => {
      const row = rows.find((r) => r.key === g.scenario);
      const value = g.ratio === 'p50' ? row['p50 ratio'] : row['req/s ratio'];
      const met =
        value !== null && (g.min === undefined || value >= g.min) && (g.max === undefined || value <= g.max);
      return {
        goal: g.goal,
        measured: value === null ? 'n/a' : `${value}×`,
        target: g.min !== undefined ? `≥ ${g.min}×` : `≤ ${g.max}×`,
        met: met ? 'met ✓' : 'NOT MET ✗',
      };
    });
    console.table(goals);
    const latencyNote = selected.some((s) => s.steps)
      ? `latency scenarios: ${LATENCY_CONNECTIONS} client(s), a request or sequence timed whole, req/s = sequences/s. `
      : '';
    console.log(`bench: ${latencyNote}Total run ${elapsed()} s.`);
    mkdirSync(join(ROOT, 'tmp'), { recursive: true });
    writeFileSync(
      join(ROOT, 'tmp/bench-results.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          duration: DURATION,
          warmup: WARMUP,
          connections: CONNECTIONS,
          latencyConnections: LATENCY_CONNECTIONS,
          logLevel: env.LOG_LEVEL ?? 'info',
          totalSeconds: elapsed(),
          rows,
          goals,
          differences,
        },
        null,
        2,
      ),
    );
  } finally {
    if (references) await stopChild(references.child, 'SIGTERM');
    await stopChild(child, 'SIGINT');
  }
}

/**
 * What a scenario must answer, from its reference's answer: the same body, except for the
 * spanning query, whose expected data is the three calls' answers put together.
 */
function expectedAnswer(key, reference) {
  if (key !== 'spanGateway') return reference;
  const [order, catalog, tax] = reference.map((body) => body.data);
  const lineItems = order.orderById.lineItems.map((line) => ({
    ...line,
    sku: line.skuId === catalog.sku?.id ? catalog.sku : null,
  }));
  return { data: { orderById: { ...order.orderById, lineItems }, classification: tax.classification } };
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
