#!/usr/bin/env node
// `npm run -s bench:agents`: is paging the agent event feed flat from the head to the tail?
// Starts the agent registry API (compiled, MIGRATIONS=auto) on a fresh database `agents_bench` and
// its own Redis prefix, inserts BENCH_AGENT_EVENTS (default 200 000) events with one INSERT … SELECT
// generate_series, makes an account and an agents.event:read token with the admin CLI, then walks
// GET /v1/agents/events with limit 200 from the start to the end of the stream BENCH_WALKS (default
// 3) times, timing every page (request sent → body parsed). It reports p50/p95 of the first 50 and
// of the last 50 pages and last/first p50 (≈ 1.0 when a page costs the same wherever it is), and
// pages/s. Two providerId walks follow: one provider spread over the whole stream, and one whose
// events are all in its last tenth (the case a primary-key plan would make slow at the head).
// Results go to tmp/bench-agents.json. Traffic goes to 127.0.0.1 only. Not a test: nothing is asserted.
const { benchCredential, edgeSummary, runServiceBench, writeResults } = require('./bench-support');

const COUNT = Number(process.env.BENCH_AGENT_EVENTS || 200_000);
const WALKS = Number(process.env.BENCH_WALKS || 3);
const LIMIT = 200;
const EDGE = 50;
const SPREAD_PROVIDER = 'bench-provider-1';
const LATE_PROVIDER = 'bench-provider-late';

/**
 * COUNT events in stream order, created over the last 10 days (none expired). Four providers take
 * turns; the last tenth of the stream also carries LATE_PROVIDER on every other event.
 */
async function seed(db) {
  const started = Date.now();
  await db.query(
    `INSERT INTO agents.agent_events (event_type, created_at, expires_at, agent_id, ans_name, agent_host,
                                      agent_display_name, agent_description, version, provider_id, endpoints)
     SELECT CASE WHEN i % 10 = 0 THEN 'AGENT_REVOKED' ELSE 'AGENT_REGISTERED' END,
            t, t + interval '30 days', gen_random_uuid(),
            'ans://v1.0.' || i || '.agent' || (i % 1000) || '.bench.example.com',
            'agent' || (i % 1000) || '.bench.example.com', 'Bench agent ' || i, 'An agent of the benchmark',
            '1.0.' || i,
            CASE WHEN i > $1::int * 0.9 AND i % 2 = 0 THEN $2 ELSE 'bench-provider-' || (i % 4) END,
            jsonb_build_array(jsonb_build_object(
              'agentUrl', 'https://agent' || (i % 1000) || '.bench.example.com/mcp',
              'protocol', 'MCP', 'transports', jsonb_build_array('STREAMABLE-HTTP')))
       FROM generate_series(1, $1::int) AS i,
            LATERAL (SELECT now() - interval '10 days' + (i * interval '10 days') / $1::int AS t) AS at`,
    [COUNT, LATE_PROVIDER],
  );
  await db.query('ANALYZE agents.agent_events');
  return Date.now() - started;
}

/** Follows lastLogId from the start until an empty page; the time of every non-empty page. */
async function walk(api, auth, providerId) {
  const pageMs = [];
  let events = 0;
  let lastLogId;
  const started = performance.now();
  for (;;) {
    const qs = new URLSearchParams({ limit: String(LIMIT) });
    if (lastLogId !== undefined) qs.set('lastLogId', lastLogId);
    if (providerId !== undefined) qs.set('providerId', providerId);
    const t0 = performance.now();
    const res = await fetch(`${api}/v1/agents/events?${qs}`, { headers: auth });
    const body = await res.json();
    const ms = performance.now() - t0;
    if (res.status !== 200)
      throw new Error(`GET /v1/agents/events answered ${res.status}: ${JSON.stringify(body)}`);
    if (body.items.length === 0) break;
    pageMs.push(ms);
    events += body.items.length;
    lastLogId = body.lastLogId;
  }
  return { pageMs, events, seconds: (performance.now() - started) / 1000 };
}

runServiceBench(module, { app: 'agent-registry', database: 'agents_bench' }, async ({ db, env, base }) => {
  const seedMs = await seed(db);
  const { auth } = benchCredential(env, 'agents.event:read');
  const rows = [];
  for (let w = 1; w <= WALKS; w += 1)
    rows.push(edgeSummary(`global stream, walk ${w}`, await walk(base, auth), EDGE));
  rows.push(edgeSummary(`providerId ${SPREAD_PROVIDER}`, await walk(base, auth, SPREAD_PROVIDER), EDGE));
  rows.push(
    edgeSummary(`providerId ${LATE_PROVIDER} (last tenth only)`, await walk(base, auth, LATE_PROVIDER), EDGE),
  );
  writeResults('bench-agents', { events: COUNT, limit: LIMIT, edgePages: EDGE, seedMs }, rows);
});

module.exports = { seed };
