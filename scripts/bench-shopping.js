#!/usr/bin/env node
// `npm run bench:shopping` (issue 29): the Shopping API's two costs that should not grow, measured
// against `npm start` on a fresh database (shopping_bench), its own Redis prefix and free ports.
//
// (a) Catalog search, first page against last page, over a store of BENCH_SKUS SKUs (100 000; one
//     SKU per group, so as many UCP products), seeded with SQL the way the catalog's tests seed
//     (apps/catalog-subgraph/test/support/store-products-seed.ts `seedStoreProducts`: three
//     generate_series statements) and ANALYZEd. The pages are walked once through the gateway
//     (100 products a page; a price floor of 0 as the filter, since a search needs an input) for
//     the last page's cursor; then BENCH_RUNS requests of each page, one at a time over one
//     connection, the two pages alternating, each timed to a hundredth of a millisecond: the p50
//     ratio last/first should stay ≤ 1.1 (keyset paging).
// (b) A store checkout, create → update → complete, through the gateway (UCP: UCP-Agent with a
//     loopback agent profile allowed by SHOPPING_OUTBOUND_ALLOW, Idempotency-Key, the sandbox card),
//     against the same work done by direct calls to the owners' internal routes with the internal
//     credential: on create and on update a product lookup and a quote (in parallel, as the
//     service does), on completion the lookup and quote again, the reservation and the paid order.
//     A store rather than the platform because its completion is synchronous and repeatable: the
//     platform's provisioning runs later in the worker, and each run would register a new domain.
//     The same flow is also sent to the shopping service's own port (the gateway's hop apart).
//     The three flows run interleaved, round after round (BENCH_WARMUP unmeasured rounds, then
//     BENCH_FLOWS measured ones), each timed from the first request sent to the last body read,
//     with the platform's CPU time per flow; the p50 ratio gateway/direct should stay ≤ 1.5.
// Results in tmp/bench-shopping.json. Traffic stays on 127.0.0.1. Not part of `npm test`.
const { hkdfSync, randomBytes, randomUUID } = require('node:crypto');
const http = require('node:http');
const { cpus } = require('node:os');
const { Client } = require('pg');
const { freePort } = require('./free-port');
const {
  adminCli,
  boundedInteger,
  freshBenchDatabase,
  percentile,
  processTreeCpuMs,
  startPlatform,
  stop,
  writeResults,
} = require('./bench-support');

const SKUS = boundedInteger('BENCH_SKUS', 100_000, 100, 1_000_000);
const RUNS = boundedInteger('BENCH_RUNS', 200, 10, 100_000);
const FLOWS = boundedInteger('BENCH_FLOWS', 40, 5, 10_000);
const WARMUP = boundedInteger('BENCH_WARMUP', 5, 0, 1000);
const PAGE = 100;
/** A search needs an input (UCP: a query or a filter): a price floor every product passes. */
const EVERYTHING = { filters: { price: { min: 0 } } };

/** The platform's internal credential (libs/crypto deriveInternalCredential) for a key. */
function internalCredential(keyHex) {
  return Buffer.from(
    hkdfSync('sha256', Buffer.from(keyHex, 'hex'), Buffer.alloc(0), 'developer-platform internal api v1', 32),
  ).toString('hex');
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** One JSON request on the keep-alive agent: status and parsed body. */
function request(method, url, headers, payload) {
  return new Promise((resolve, reject) => {
    const body = payload === undefined ? undefined : JSON.stringify(payload);
    const req = http.request(
      url,
      {
        agent,
        method,
        headers: {
          ...headers,
          ...(body !== undefined
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A 2xx answer's body, else throws with what answered. */
async function ok(what, promise, statuses = [200, 201]) {
  const res = await promise;
  if (!statuses.includes(res.status))
    throw new Error(`${what} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 600)}`);
  return res.json;
}

/** A UCP agent's profile on loopback, as UCP-Agent names it. */
async function startAgentProfile() {
  const capability = [
    {
      version: '2026-04-08',
      spec: 'https://ucp.dev/2026-04-08/specification/overview',
      schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
    },
  ];
  const profile = JSON.stringify({
    ucp: {
      version: '2026-04-08',
      services: {
        'dev.ucp.shopping': [
          {
            version: '2026-04-08',
            transport: 'rest',
            spec: 'https://ucp.dev/2026-04-08/specification/overview',
            schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
          },
        ],
      },
      capabilities: Object.fromEntries(
        [
          'dev.ucp.shopping.checkout',
          'dev.ucp.shopping.cart',
          'dev.ucp.shopping.catalog.search',
          'dev.ucp.shopping.catalog.lookup',
          'dev.ucp.shopping.discount',
        ].map((name) => [name, capability]),
      ),
      payment_handlers: {},
    },
  });
  const server = http.createServer((req, res) =>
    res
      .writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=3600' })
      .end(profile),
  );
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: server.address().port };
}

/** seedStoreProducts's three statements: `groups` ACTIVE groups of one priced ACTIVE SKU each. */
async function seedStoreProducts(db, storeId, groups) {
  const tag = randomBytes(4).toString('hex');
  const groupId = (i) => `md5('${tag}:g:' || ${i})::uuid`;
  const skuId = (i, j) => `md5('${tag}:s:' || ${i} || ':' || ${j})::uuid`;
  const from = new Date(Date.now() - 86_400_000);
  await db.query(
    `INSERT INTO "catalog"."records" (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
     SELECT ${groupId('i')}, $1, 'SKU_GROUP', 'Seed product ' || i, NULL, NULL, 'ACTIVE', NULL,
            jsonb_build_object('description', 'Seeded group ' || i),
            $2::timestamptz + make_interval(secs => i / 1000.0), $2::timestamptz + make_interval(secs => i / 1000.0), NULL
       FROM generate_series(1, $3::int) AS i`,
    [storeId, from, groups],
  );
  await db.query(
    `INSERT INTO "catalog"."records" (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
     SELECT ${skuId('i', '1')}, $1, 'SKU', 'Seed product ' || i || '-1', NULL, 'S' || $2 || '-' || i || '-1', 'ACTIVE', NULL,
            jsonb_build_object('price', jsonb_build_object('value', 1000 + i, 'currencyCode', 'USD')),
            $3::timestamptz + make_interval(secs => i / 1000.0), $3::timestamptz + make_interval(secs => i / 1000.0), NULL
       FROM generate_series(1, $4::int) AS i`,
    [storeId, tag, from, groups],
  );
  await db.query(
    `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
     SELECT ${groupId('i')}, 'SKU_GROUP:SKU', (${skuId('i', '1')})::text, $1, 1,
            $2::timestamptz + make_interval(secs => i / 1000.0)
       FROM generate_series(1, $3::int) AS i`,
    [storeId, from, groups],
  );
  await db.query('ANALYZE "catalog"."records"');
  await db.query('ANALYZE "catalog"."links"');
}

/**
 * The two search pages timed one request at a time over one keep-alive connection, alternating
 * (first, last, first, …) so both meet the same state of the machine: `amount` requests of each
 * after 20 unmeasured ones, each timed from the request sent to the last byte of its body, to a
 * hundredth of a millisecond (autocannon reports whole milliseconds, too coarse for pages of about
 * 15 ms). Their p50/p97.5 (ms); any non-2xx fails.
 */
async function searchPages(url, headers, bodies, amount) {
  const times = bodies.map(() => []);
  const WARM = 20;
  for (let i = 0; i < WARM + amount; i++) {
    for (let b = 0; b < bodies.length; b++) {
      const t0 = process.hrtime.bigint();
      await ok('catalog search', request('POST', url, headers, bodies[b]), [200]);
      if (i >= WARM) times[b].push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  return times.map((ms) => {
    ms.sort((a, b) => a - b);
    return { p50: Number(percentile(ms, 50).toFixed(2)), p95: Number(percentile(ms, 97.5).toFixed(2)) };
  });
}

/**
 * The flows of `runs` interleaved, WARMUP rounds unmeasured and then FLOWS measured rounds, each
 * round running every flow once and starting one further along the list: a flow measured in a
 * block of its own after another would be the first to run the service's code hot (JIT, caches)
 * or the last to meet the platform's start-up work, and its ratio would say so rather than what
 * the path costs. Per flow: its durations sorted (ms) and the platform's CPU time per flow (ms,
 * the process tree of `platformPid`, read from /proc between flows).
 */
async function interleaved(runs, platformPid) {
  const names = Object.keys(runs);
  const results = Object.fromEntries(names.map((name) => [name, { ms: [], cpuMs: 0 }]));
  for (let round = 0; round < WARMUP + FLOWS; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(round + i) % names.length];
      const cpuBefore = processTreeCpuMs(platformPid);
      const t0 = process.hrtime.bigint();
      await runs[name]();
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (round < WARMUP) continue;
      results[name].ms.push(ms);
      results[name].cpuMs += (processTreeCpuMs(platformPid) ?? Number.NaN) - (cpuBefore ?? Number.NaN);
    }
  }
  for (const result of Object.values(results)) {
    result.ms.sort((a, b) => a - b);
    result.cpuMsPerFlow = Number.isNaN(result.cpuMs) ? null : Number((result.cpuMs / FLOWS).toFixed(1));
  }
  return results;
}

async function main() {
  const { url: databaseUrl, env: benchEnv } = await freshBenchDatabase('shopping_bench');
  const key = randomBytes(32).toString('hex');
  const profile = await startAgentProfile();
  const ports = { catalog: await freePort(), order: await freePort(), shopping: await freePort() };
  const env = {
    ...benchEnv,
    PORTS: 'auto',
    PORT: String(await freePort()),
    CATALOG_SUBGRAPH_PORT: String(ports.catalog),
    ORDER_SUBGRAPH_PORT: String(ports.order),
    SHOPPING_PORT: String(ports.shopping),
    SECRETS_ENCRYPTION_KEY: key,
    SHOPPING_OUTBOUND_ALLOW: `127.0.0.1:${profile.port}`,
    PUBLIC_BASE_URL: undefined,
    // BENCH_CPU_PROF_DIR: every platform process writes a V8 CPU profile there when it stops.
    ...(process.env.BENCH_CPU_PROF_DIR ? { START_CPU_PROF_DIR: process.env.BENCH_CPU_PROF_DIR } : {}),
  };
  const started = Date.now();
  const { child, url: gateway } = await startPlatform(env);
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    console.error(`platform ready in ${((Date.now() - started) / 1000).toFixed(0)} s at ${gateway}`);
    const { accountId } = adminCli(env, 'account', 'create', '--name', 'bench shop');
    const { storeId } = adminCli(env, 'store', 'create', '--account', accountId);
    const scopes = [
      'shopping.catalog:read',
      'shopping.checkout:execute',
      'shopping.order:read',
      'commerce.product:read',
      'commerce.product:write',
    ].join(',');
    const { token } = adminCli(env, 'token', 'create', '--account', accountId, '--scopes', scopes);
    const auth = { authorization: `Bearer ${token}` };
    const ucpHeaders = { ...auth, 'ucp-agent': `profile="http://127.0.0.1:${profile.port}/profile"` };
    const internal = { 'x-platform-internal-credential': internalCredential(key) };

    // The checkout's SKU, made through the public graph with a price and plenty of stock.
    const graph = async (query, variables) => {
      const body = await ok(
        'POST /graphql',
        request('POST', `${gateway}/graphql`, { ...auth, 'x-store-id': storeId }, { query, variables }),
        [200],
      );
      if (body.errors) throw new Error(`/graphql: ${JSON.stringify(body.errors).slice(0, 600)}`);
      return body.data;
    };
    const { location } = await graph(
      'mutation { location: createLocation(input: { name: "Bench" }) { id } }',
    );
    const { group } = await graph(
      'mutation { group: createSkuGroup(input: { name: "Bench roses" }) { id } }',
    );
    const { sku } = await graph(
      'mutation { sku: createSku(input: { name: "Bench rose", code: "BENCH-ROSE" }) { id } }',
    );
    await graph(
      `mutation($price: MutationCreateSkuPriceInput!, $group: String!, $skus: [String!]!, $stock: MutationCreateInventoryAdjustmentInput!) {
        createSkuPrice(input: $price) { id }
        addSkusToSkuGroup(id: $group, input: { skuIds: $skus }) { id }
        createInventoryAdjustment(input: $stock) { id }
      }`,
      {
        price: { name: 'base', skuId: sku.id, amount: { value: 3500, currencyCode: 'USD' } },
        group: group.id,
        skus: [sku.id],
        stock: { locationId: location.id, skuId: sku.id, type: 'STOCK', quantity: 1_000_000 },
      },
    );

    const seedStart = Date.now();
    await seedStoreProducts(db, storeId, SKUS - 1);
    console.error(`seeded ${SKUS - 1} SKUs in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    // (a) The search pages: walk once for the last page's cursor.
    const searchUrl = `${gateway}/v1/shopping/stores/${storeId}/catalog/search`;
    let cursor;
    let lastCursor;
    let pages = 0;
    const walkStart = Date.now();
    for (;;) {
      const body = await ok(
        'catalog search',
        request('POST', searchUrl, ucpHeaders, {
          ...EVERYTHING,
          pagination: { limit: PAGE, ...(cursor ? { cursor } : {}) },
        }),
      );
      pages += 1;
      if (!body.products || body.products.length === 0) throw new Error(`page ${pages} is empty`);
      if (!body.pagination?.has_next_page) break;
      lastCursor = body.pagination.cursor;
      cursor = lastCursor;
    }
    const walkSeconds = (Date.now() - walkStart) / 1000;
    console.error(`walked ${pages} pages in ${walkSeconds.toFixed(1)} s`);
    const [first, last] = await searchPages(
      searchUrl,
      ucpHeaders,
      [
        { ...EVERYTHING, pagination: { limit: PAGE } },
        { ...EVERYTHING, pagination: { limit: PAGE, cursor: lastCursor } },
      ],
      RUNS,
    );

    // (b) create → update → complete, through the gateway and directly.
    // The same flow against the gateway and, to tell the gateway's hop from the service's own cost,
    // against the shopping service's own port.
    const checkoutPath = `/v1/shopping/stores/${storeId}/checkout-sessions`;
    const lines = (quantity) => [{ item: { id: sku.id }, quantity }];
    const context = { address_country: 'US', address_region: 'IL', postal_code: '62704' };
    const buyer = { email: 'bench@example.com' };
    const write = () => ({ ...ucpHeaders, 'idempotency-key': randomUUID() });
    const flowAt = (base) => async () => {
      const checkoutUrl = `${base}${checkoutPath}`;
      const created = await ok(
        'create_checkout',
        request('POST', checkoutUrl, write(), { line_items: lines(1), buyer, context }),
        [201],
      );
      await ok(
        'update_checkout',
        request('PUT', `${checkoutUrl}/${created.id}`, write(), { line_items: lines(2), buyer, context }),
        [200],
      );
      const done = await ok(
        'complete_checkout',
        request('POST', `${checkoutUrl}/${created.id}/complete`, write(), {
          payment: {
            instruments: [
              {
                id: 'i1',
                handler_id: 'sandbox_card',
                type: 'card',
                credential: { type: 'token', token: 'success_token' },
              },
            ],
          },
        }),
        [200],
      );
      if (done.status !== 'completed') throw new Error(`completion: ${JSON.stringify(done).slice(0, 600)}`);
    };
    const catalogBase = `http://127.0.0.1:${ports.catalog}/internal/v1/stores/${storeId}`;
    const orderBase = `http://127.0.0.1:${ports.order}/internal/v1/stores/${storeId}`;
    const address = { countryCode: 'US', regionCode: 'IL', postalCode: '62704' };
    const price = (quantity) =>
      Promise.all([
        ok(
          'lookup',
          request('POST', `${catalogBase}/shopping-products/lookup`, internal, { ids: [sku.id] }),
          [200],
        ),
        ok(
          'quote',
          request('POST', `${orderBase}/order-quotes`, internal, {
            lines: [{ skuId: sku.id, quantity }],
            discountCodes: [],
            shippingAddress: address,
          }),
          [200],
        ),
      ]);
    const direct = async () => {
      const reference = `bench_${randomUUID()}`;
      await price(1);
      await price(2);
      const [, quote] = await price(2);
      await ok(
        'reservation',
        request('POST', `${catalogBase}/shopping-reservations`, internal, {
          reference,
          lines: [{ skuId: sku.id, quantity: 2 }],
          ttlSeconds: 600,
        }),
        [200],
      );
      await ok(
        'paid order',
        request('POST', `${orderBase}/paid-orders`, internal, {
          reference,
          lines: [{ skuId: sku.id, quantity: 2 }],
          discountCodes: [],
          shippingAddress: address,
          expectedTotal: quote.total,
          buyer: { email: 'bench@example.com' },
          payment: { method: 'sandbox_card', transactionReference: `sbx_${reference}` },
        }),
        [200, 201],
      );
    };
    const flows = await interleaved(
      { gateway: flowAt(gateway), service: flowAt(`http://127.0.0.1:${ports.shopping}`), owners: direct },
      child.pid,
    );
    const viaGateway = flows.gateway.ms;
    const viaService = flows.service.ms;
    const viaOwners = flows.owners.ms;

    const p = (sorted, q) => Number(percentile(sorted, q).toFixed(2));
    const rows = [
      { scenario: 'catalog search, first page (100)', p50Ms: first.p50, p97_5Ms: first.p95, ratio: '' },
      {
        scenario: `catalog search, last page (#${pages})`,
        p50Ms: last.p50,
        p97_5Ms: last.p95,
        ratio: Number((last.p50 / first.p50).toFixed(2)),
      },
      {
        scenario: 'checkout create→update→complete, direct owner calls',
        p50Ms: p(viaOwners, 50),
        p97_5Ms: p(viaOwners, 97.5),
        ratio: '',
        cpuMsPerFlow: flows.owners.cpuMsPerFlow,
      },
      {
        scenario: 'checkout create→update→complete, the shopping service directly (no gateway)',
        p50Ms: p(viaService, 50),
        p97_5Ms: p(viaService, 97.5),
        ratio: Number((percentile(viaService, 50) / percentile(viaOwners, 50)).toFixed(2)),
        cpuMsPerFlow: flows.service.cpuMsPerFlow,
      },
      {
        scenario: 'checkout create→update→complete, through the gateway',
        p50Ms: p(viaGateway, 50),
        p97_5Ms: p(viaGateway, 97.5),
        ratio: Number((percentile(viaGateway, 50) / percentile(viaOwners, 50)).toFixed(2)),
        cpuMsPerFlow: flows.gateway.cpuMsPerFlow,
      },
    ];
    writeResults(
      'bench-shopping',
      {
        skus: SKUS,
        pages,
        walkSeconds,
        runs: RUNS,
        flows: FLOWS,
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
      },
      rows,
    );
  } finally {
    await db.end();
    profile.server.close();
    agent.destroy();
    await stop(child);
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.message}`);
  process.exit(1);
});
