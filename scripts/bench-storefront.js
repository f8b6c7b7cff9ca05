#!/usr/bin/env node
// `npm run bench:storefront` (issue 27): the storefront kit's product listing, and the measurements
// the catalog's cost limit is chosen from (docs/graphql.md, "Limits"; docs/performance.md).
//
// The platform runs with `npm start` on a fresh database (storefront_bench), its own Redis prefix
// and free ports. One product group is made through the public graph (/graphql) filled to every
// nested page size of the kit's `SkuGroups` document: 25 media objects, 20 attributes (the default
// page, `attributes` has no `first`) of 50 values each, SKUs with a price and 21 inventory counts
// (7 locations × ON_HAND/COMMITTED/AVAILABLE; `inventoryCounts` pages 20 by default). SQL then
// copies that group (records, links, inventory) until the store has BENCH_GROUPS groups (1000), each
// with its own rows, and ANALYZEs. Then, one client at a time (latency without queueing), each
// scenario gets BENCH_WARMUP unmeasured runs and BENCH_RUNS measured ones, timed from the request
// sent to the body read, while the catalog's and the gateway's resident memory is sampled every
// 10 ms. Every answer must be HTTP 200 without errors, and the listing's must hold full pages.
//
// Scenarios: the kit's listing at first: 50 and 10 through the gateway's /graphql and on the
// catalog's own path; and probes of the cost model, on the catalog's own path: a wide page of
// scalars (what one field point costs), many aliased root lists (what one fetch costs), and the
// deepest nesting of large pages a cost limit must stop. The catalog runs with
// CATALOG_MAX_QUERY_COST raised (BENCH_COST_LIMIT, default 100 000 000) so the probes above the
// limit can be timed; each row gives the operation's estimated cost (the compiled walker) and
// whether the default limit accepts it. Results in tmp/bench-storefront.json. Traffic stays on
// 127.0.0.1. Benchmarks are not tests: `npm test` runs none of this.
const { execFileSync } = require('node:child_process');
const { existsSync, readFileSync, readdirSync } = require('node:fs');
const http = require('node:http');
const { join } = require('node:path');
const { buildSubgraphSchema } = require('@apollo/subgraph');
const { Kind, parse } = require('graphql');
const { Client } = require('pg');
const { ROOT, buildIfStale } = require('./build-if-stale');
const { freePort } = require('./free-port');
const {
  adminCli,
  benchCredential,
  boundedInteger,
  freshBenchDatabase,
  percentile,
  startPlatform,
  stop,
  writeResults,
} = require('./bench-support');

const GROUPS = boundedInteger('BENCH_GROUPS', 1000, 1, 100_000);
const RUNS = boundedInteger('BENCH_RUNS', 100, 1, 10_000);
const WARMUP = boundedInteger('BENCH_WARMUP', 5, 0, 1000);
const PROBE_RUNS = boundedInteger('BENCH_PROBE_RUNS', 20, 1, 1000);
const COST_LIMIT = boundedInteger('BENCH_COST_LIMIT', 100_000_000, 1, 100_000_000);
/**
 * BENCH_NODE_OPTIONS: NODE_OPTIONS of the platform's processes (not of the build, which runs first),
 * e.g. `--max-old-space-size=320` to measure under a heap as small as a pod's memory limit allows.
 */
const NODE_OPTIONS = process.env.BENCH_NODE_OPTIONS;
/** BENCH_ONLY=<regexp>: only the scenarios whose key matches. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : undefined;

/** Nested page sizes of the kit's SkuGroups document (what "full pages" means). */
const FULL = { media: 25, attributes: 20, values: 50, skus: 2, locations: 7 };
const KIT_FILE = join(
  ROOT,
  '../shared/vendor-tests/godaddy-storefront-kit/catalog-storefront-queries.graphql',
);

/** The pid listening on a local TCP port (ss), for reading its memory from /proc. */
function pidOfPort(port) {
  const out = execFileSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' });
  const m = /pid=(\d+)/.exec(out);
  if (!m) throw new Error(`no process listens on port ${port}`);
  return Number(m[1]);
}

function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** One POST on a keep-alive agent; the status, the body's size and the parsed body. */
function post(agent, url, headers, payload) {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const req = http.request(
      url,
      {
        agent,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode, bytes: Buffer.byteLength(text), json: JSON.parse(text) });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** One GraphQL operation (seeding); its data, or throws with its errors. */
async function graphql(agent, url, headers, query, variables) {
  const res = await post(agent, url, headers, { query, variables });
  if (res.status !== 200 || res.json.errors || !res.json.data)
    throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 800)}`);
  return res.json.data;
}

/** `count` aliased copies of a mutation field, one request. */
function aliased(count, field) {
  return `mutation { ${Array.from({ length: count }, (_, i) => `m${i}: ${field(i)}`).join(' ')} }`;
}

/** The template group, made through the public graph with every nested page of the kit full. */
async function seedTemplate(gql) {
  const locations = Object.values(
    await gql(aliased(FULL.locations, (i) => `createLocation(input: { name: "Warehouse ${i + 1}" }) { id }`)),
  ).map((l) => l.id);
  const { createSkuGroup: group } = await gql(
    `mutation { createSkuGroup(input: { name: "Bench tee", label: "Bench tee", type: "PHYSICAL",
      description: "A tee shirt", htmlDescription: "<p>A tee shirt</p>" }) { id } }`,
  );
  const media = Object.values(
    await gql(
      aliased(
        FULL.media,
        (i) =>
          `createMediaObject(input: { name: "Photo ${i + 1}", url: "https://cdn.example.com/tee/${i + 1}.jpg", type: "IMAGE" }) { id }`,
      ),
    ),
  ).map((m) => m.id);
  await gql(
    'mutation($id: String!, $ids: [String!]!) { addMediaObjectsToSkuGroup(id: $id, input: { mediaObjectIds: $ids }) { id } }',
    {
      id: group.id,
      ids: media,
    },
  );
  const attributes = Object.values(
    await gql(
      aliased(
        FULL.attributes,
        (i) =>
          `createAttribute(input: { name: "attribute-${i + 1}", label: "Attribute ${i + 1}", description: "About ${i + 1}", htmlDescription: "<p>About ${i + 1}</p>" }) { id }`,
      ),
    ),
  ).map((a) => a.id);
  for (const attributeId of attributes) {
    const values = Array.from({ length: FULL.values }, (_, i) => ({
      attributeId,
      name: `value-${i + 1}`,
      label: `Value ${i + 1}`,
      position: i + 1,
    }));
    await gql(
      'mutation($input: [CreateAttributeValueInput!]!) { createAttributeValues(input: $input) { id } }',
      {
        input: values,
      },
    );
  }
  await gql(
    'mutation($id: String!, $ids: [String!]!) { addAttributesToSkuGroup(id: $id, input: { attributeIds: $ids }) { id } }',
    {
      id: group.id,
      ids: attributes,
    },
  );
  const skus = [];
  for (let i = 0; i < FULL.skus; i++) {
    const { createSku: sku } = await gql(
      'mutation($input: CreateSKUInput!) { createSku(input: $input) { id } }',
      { input: { name: `Bench tee ${i + 1}`, label: `Size ${i + 1}`, code: `TEE-${i + 1}` } },
    );
    skus.push(sku.id);
    await gql('mutation($input: MutationCreateSkuPriceInput!) { createSkuPrice(input: $input) { id } }', {
      input: { name: 'base', skuId: sku.id, amount: { value: 1990 + i * 100, currencyCode: 'USD' } },
    });
    await gql(
      aliased(
        locations.length,
        (l) =>
          `createInventoryAdjustment(input: { locationId: "${locations[l]}", skuId: "${sku.id}", type: STOCK, quantity: ${10 + l} }) { id }`,
      ),
    );
  }
  await gql(
    'mutation($id: String!, $ids: [String!]!) { addSkusToSkuGroup(id: $id, input: { skuIds: $ids }) { id } }',
    {
      id: group.id,
      ids: skus,
    },
  );
  return group.id;
}

/**
 * Copies every record of the store but its locations `copies` times with ids of their own
 * (md5 of the template id and the copy number), the links and inventory rows with them, and
 * ANALYZEs: the store then holds `copies + 1` groups with full pages, the template first.
 */
async function cloneTemplate(db, storeId, copies) {
  const mapped = (column, n) =>
    `CASE WHEN ${column} IN (SELECT id FROM bench_template) THEN md5(${column}::text || '/' || ${n})::uuid ELSE ${column} END`;
  await db.query('BEGIN');
  await db.query(
    `CREATE TEMP TABLE bench_template ON COMMIT DROP AS
       SELECT id FROM catalog.records WHERE store_id = $1 AND kind <> 'LOCATION'`,
    [storeId],
  );
  await db.query(
    `INSERT INTO catalog.records (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
     SELECT md5(r.id::text || '/' || n)::uuid, r.store_id, r.kind,
            CASE WHEN r.kind = 'SKU_GROUP' THEN r.name || ' ' || n ELSE r.name END, r.label,
            CASE WHEN r.code IS NULL THEN NULL ELSE r.code || '-' || n END, r.status,
            ${mapped('r.parent_id', 'n')}, r.data,
            r.created_at + n * interval '1 second', r.updated_at + n * interval '1 second', r.archived_at
       FROM catalog.records r JOIN bench_template t ON t.id = r.id, generate_series(1, $1) n`,
    [copies],
  );
  await db.query(
    `INSERT INTO catalog.links (owner_id, relation, member_id, store_id, position, created_at)
     SELECT ${mapped('l.owner_id', 'n')}, l.relation,
            CASE WHEN l.member_id IN (SELECT id::text FROM bench_template)
                 THEN md5(l.member_id || '/' || n)::uuid::text ELSE l.member_id END,
            l.store_id, l.position, l.created_at
       FROM catalog.links l, generate_series(1, $2) n
      WHERE l.store_id = $1
        AND (l.owner_id IN (SELECT id FROM bench_template) OR l.member_id IN (SELECT id::text FROM bench_template))`,
    [storeId, copies],
  );
  await db.query(
    `INSERT INTO catalog.inventory_counts (location_id, sku_id, store_id, on_hand, committed, updated_at)
     SELECT c.location_id, md5(c.sku_id::text || '/' || n)::uuid, c.store_id, c.on_hand, c.committed, c.updated_at
       FROM catalog.inventory_counts c, generate_series(1, $2) n WHERE c.store_id = $1`,
    [storeId, copies],
  );
  await db.query(
    `INSERT INTO catalog.inventory_type_counts (id, store_id, location_id, sku_id, type, quantity, created_at, updated_at)
     SELECT md5(c.id::text || '/' || n)::uuid, c.store_id, c.location_id, md5(c.sku_id::text || '/' || n)::uuid,
            c.type, c.quantity, c.created_at, c.updated_at
       FROM catalog.inventory_type_counts c, generate_series(1, $2) n WHERE c.store_id = $1`,
    [storeId, copies],
  );
  await db.query('COMMIT');
  await db.query('ANALYZE catalog.records');
  await db.query('ANALYZE catalog.links');
  await db.query('ANALYZE catalog.inventory_type_counts');
  const { rows } = await db.query(
    'SELECT kind, count(*)::int AS n FROM catalog.records WHERE store_id = $1 GROUP BY kind ORDER BY kind',
    [storeId],
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

/** The operation named `name` of a document, as its own document (with the fragments it has). */
function operationOf(documentText, name) {
  const document = parse(documentText);
  const operation = document.definitions.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name,
  );
  if (!operation) throw new Error(`no operation ${name}`);
  return documentText.slice(operation.loc.start, operation.loc.end);
}

/** Counts of the listing's first group's pages: a full store answers every one full. */
function pagesOf(listing) {
  const node = listing.skuGroups.edges[0].node;
  return {
    groups: listing.skuGroups.edges.length,
    media: node.mediaObjects.edges.length,
    attributes: node.attributes.edges.length,
    values: node.attributes.edges[0].node.values.edges.length,
    skus: node.skus.edges.length,
    prices: node.skus.edges[0].node.prices.edges.length,
    inventoryCounts: node.skus.edges[0].node.inventoryCounts.edges.length,
  };
}

/**
 * Runs one scenario: `warmup` unmeasured requests, then `runs` measured ones, one at a time, with
 * the catalog's and gateway's RSS sampled every 10 ms. Every answer must be 200 without errors.
 */
async function runScenario(scenario, { agent, pids, warmup, runs }) {
  const once = async () => {
    const res = await post(agent, scenario.url, scenario.headers, scenario.payload);
    if (res.status !== 200 || res.json.errors)
      throw new Error(
        `${scenario.key}: ${res.status} ${JSON.stringify(res.json.errors ?? res.json).slice(0, 600)}`,
      );
    return res;
  };
  let last;
  for (let i = 0; i < warmup; i++) last = await once();
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, rssMb(pid)]));
  const peak = { ...before };
  const sampler = setInterval(() => {
    for (const [k, pid] of Object.entries(pids)) peak[k] = Math.max(peak[k], rssMb(pid));
  }, 10);
  const ms = [];
  try {
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      last = await once();
      ms.push(performance.now() - t0);
    }
  } finally {
    clearInterval(sampler);
  }
  ms.sort((a, b) => a - b);
  const round = (v, d = 1) => +v.toFixed(d);
  return {
    last,
    row: {
      scenario: scenario.key,
      cost: scenario.cost,
      accepted: scenario.cost <= scenario.limit,
      runs,
      kib: round(last.bytes / 1024, 0),
      p50Ms: round(percentile(ms, 50)),
      p99Ms: round(percentile(ms, 99)),
      maxMs: round(ms.at(-1)),
      catalogRssMb: round(peak.catalog, 0),
      catalogRssGrowthMb: round(peak.catalog - before.catalog, 0),
      gatewayRssMb: round(peak.gateway, 0),
      gatewayRssGrowthMb: round(peak.gateway - before.gateway, 0),
    },
  };
}

async function main() {
  const kitText = readFileSync(KIT_FILE, 'utf8');
  const { url: databaseUrl, env: benchEnv } = await freshBenchDatabase('storefront_bench');
  const ports = { gateway: await freePort(), catalog: await freePort() };
  const env = {
    ...benchEnv,
    PORT: String(ports.gateway),
    PORTS: 'auto',
    CATALOG_SUBGRAPH_PORT: String(ports.catalog),
    CATALOG_MAX_QUERY_COST: String(COST_LIMIT),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'info',
  };
  if (NODE_OPTIONS) {
    // Build with the machine's defaults first: npm start then finds the build up to date.
    buildIfStale(
      readdirSync(join(ROOT, 'apps')).filter((app) => existsSync(join(ROOT, 'apps', app, 'src', 'main.ts'))),
    );
    env.NODE_OPTIONS = [process.env.NODE_OPTIONS, NODE_OPTIONS].filter(Boolean).join(' ');
  }
  const startedAt = Date.now();
  const elapsed = () => Math.round((Date.now() - startedAt) / 1000);
  const { child, url: gateway } = await startPlatform(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const db = new Client({ connectionString: databaseUrl });
  try {
    await db.connect();
    console.log(`platform ready in ${elapsed()} s`);
    const { accountId, auth } = benchCredential(env, 'commerce.product:read,commerce.product:write');
    const { storeId } = adminCli(
      env,
      'store',
      'create',
      '--account',
      accountId,
      '--display-name',
      'Storefront bench',
    );
    const headers = { ...auth, 'x-store-id': storeId };
    const urls = {
      gateway: `${gateway}/graphql`,
      catalog: `http://127.0.0.1:${ports.catalog}/v2/commerce/stores/${storeId}/catalog-subgraph`,
    };
    const gql = (query, variables) => graphql(agent, urls.gateway, headers, query, variables);
    await seedTemplate(gql);
    const counts = await cloneTemplate(db, storeId, GROUPS - 1);
    console.log(`seeded at ${elapsed()} s: ${JSON.stringify(counts)}`);

    // Costs by the compiled walker, against the committed SDL and the catalog's default limit.
    const dist = join(ROOT, 'dist/apps/catalog-subgraph');
    const { measureOperation, DEFAULT_QUERY_LIMITS } = require(
      join(dist, 'libs/graphql-subgraph/src/query-limits.js'),
    );
    const { CATALOG_MAX_QUERY_COST } = require(
      join(dist, 'apps/catalog-subgraph/src/config/catalog.config.js'),
    );
    const limits = { ...DEFAULT_QUERY_LIMITS, maxComplexity: CATALOG_MAX_QUERY_COST };
    const schema = buildSubgraphSchema(
      parse(readFileSync(join(ROOT, 'apps/catalog-subgraph/schema.graphql'), 'utf8')),
    );
    const costOf = (query, variables) => {
      const document = parse(query);
      const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION);
      const fragments = document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION);
      return measureOperation(schema, operation, fragments, variables, limits).complexity;
    };

    const skuGroups = operationOf(kitText, 'SkuGroups');
    const SCALARS =
      'id name label description htmlDescription type status shortLabel createdAt updatedAt activatedAt archivedAt';
    const probes = {
      // Many scalar fields, one fetch: the price of one field point.
      wide: `{ skuGroups(first: 100) { edges { cursor node { ${SCALARS} ${SCALARS.split(' ')
        .map((f) => `a_${f}: ${f}`)
        .join(' ')} } } } }`,
      // Many aliased root lists: the price of one fetch (a statement each) beyond its fields.
      aliases: `{ ${Array.from({ length: 200 }, (_, i) => `g${i}: skuGroups(first: 1, label: { eq: "none-${i}" }) { totalCount }`).join(' ')} }`,
      // Deep nesting of large pages: what a limit has to stop.
      deep: `{ skuGroups(first: 100) { edges { node { id attributes(first: 100) { edges { node { id
        values(first: 100) { edges { node { id name label } } } } } } } } } }`,
    };
    const scenarios = [];
    const kit = (key, via, first) =>
      scenarios.push({
        key,
        url: urls[via],
        payload: { query: skuGroups, variables: { first } },
        cost: costOf(skuGroups, { first }),
      });
    kit('kit SkuGroups first:50 via /graphql', 'gateway', 50);
    kit('kit SkuGroups first:50 catalog path', 'catalog', 50);
    kit('kit SkuGroups first:10 via /graphql', 'gateway', 10);
    kit('kit SkuGroups first:10 catalog path', 'catalog', 10);
    for (const [key, query] of Object.entries(probes))
      scenarios.push({
        key: `probe ${key}`,
        url: urls.catalog,
        payload: { query },
        cost: costOf(query, {}),
        probe: true,
      });

    const pids = { catalog: pidOfPort(ports.catalog), gateway: pidOfPort(ports.gateway) };
    const rows = [];
    let pages;
    for (const scenario of scenarios) {
      if (ONLY && !ONLY.test(scenario.key)) continue;
      const { last, row } = await runScenario(
        { ...scenario, headers, limit: CATALOG_MAX_QUERY_COST },
        { agent, pids, warmup: scenario.probe ? 2 : WARMUP, runs: scenario.probe ? PROBE_RUNS : RUNS },
      );
      if (scenario.key.startsWith('kit')) {
        const got = pagesOf(last.json.data);
        const want = {
          groups: scenario.payload.variables.first,
          media: FULL.media,
          attributes: FULL.attributes,
          values: FULL.values,
          skus: FULL.skus,
          prices: 1,
          inventoryCounts: 20,
        };
        if (JSON.stringify(got) !== JSON.stringify(want))
          throw new Error(`${scenario.key}: pages ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
        pages = got;
      }
      console.log(JSON.stringify(row));
      rows.push(row);
    }
    writeResults(
      'bench-storefront',
      {
        groups: GROUPS,
        runs: RUNS,
        probeRuns: PROBE_RUNS,
        warmup: WARMUP,
        costLimit: CATALOG_MAX_QUERY_COST,
        records: counts,
        pages,
        load: require('node:os').loadavg(),
      },
      rows,
    );
  } finally {
    agent.destroy();
    await db.end().catch(() => undefined);
    await stop(child);
  }
}

main().catch((e) => {
  console.error(`bench failed: ${e.stack ?? e.message}`);
  process.exit(1);
});
