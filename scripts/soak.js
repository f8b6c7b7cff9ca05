#!/usr/bin/env node
// `npm run soak`: nothing stalls. Starts its own Redis and PostgreSQL and the platform (`npm
// start`, as the chaos run does), then sends SOAK_REQUESTS (50 000) mixed requests through the
// gateway from SOAK_CONCURRENCY (20) connections at once: half of them Node's fetch (undici, its
// own keep-alive pool), half raw sockets speaking HTTP/1.1 keep-alive by hand (one connection each,
// reused for every request, as simple clients do). The mix: countries, store reads, customer
// creates, mailbox reads, hosting app status, a GraphQL order query, an unknown path (404) and an
// early-refused upload (403 before its 256 KiB body is read).
// It fails (exit 1) on any transport error, any answer slower than SOAK_SLOW_MS (2000), and any
// status the request does not expect (every 5xx is one). Prints a table per request kind and writes
// SOAK_JSON (default tmp/soak.json).
const net = require('node:net');
const { randomUUID } = require('node:crypto');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT } = require('./build-if-stale');
const { adminCli, percentile } = require('./bench-support');
const { runOnOwnPlatform } = require('./chaos/platform');

const num = (name, fallback) => Number(process.env[name] || fallback);
const REQUESTS = num('SOAK_REQUESTS', 50_000);
const CONCURRENCY = num('SOAK_CONCURRENCY', 20);
const SLOW_MS = num('SOAK_SLOW_MS', 2000);
const TIMEOUT_MS = num('SOAK_TIMEOUT_MS', 15_000);
const SCOPES = [
  'commerce.store:read',
  'commerce.customer:create',
  'commerce.order:read',
  'email.mailbox:create',
  'email.mailbox:read',
  'hosting.application:create',
  'hosting.application:read',
].join(',');
const log = (msg) => process.stdout.write(`[soak] ${msg}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The request kinds, each with what it must answer. */
function requestKinds({ token, storeId, mailboxId, appId, readOnlyToken }) {
  const auth = { authorization: `Bearer ${token}` };
  const json = (body) => ({ 'content-type': 'application/json', ...auth, body: JSON.stringify(body) });
  return [
    { kind: 'countries', method: 'GET', path: '/v1/countries?marketId=en-US', headers: auth, expect: [200] },
    {
      kind: 'store read',
      method: 'GET',
      path: `/v1/commerce/stores/${storeId}`,
      headers: auth,
      expect: [200],
    },
    {
      kind: 'customer create',
      method: 'POST',
      path: `/v1/commerce/stores/${storeId}/customers`,
      headers: () =>
        json({
          firstName: 'Soak',
          lastName: 'Test',
          emails: [{ email: `${randomUUID()}@soak.example.com` }],
        }),
      expect: [201],
    },
    { kind: 'mailbox read', method: 'GET', path: `/mailboxes/${mailboxId}`, headers: auth, expect: [200] },
    {
      kind: 'app status',
      method: 'GET',
      path: `/v1/hosting/apps/${appId}/status`,
      headers: auth,
      expect: [200],
    },
    {
      kind: 'graphql orders',
      method: 'POST',
      path: '/v1/commerce/order-subgraph',
      headers: () => ({
        ...json({ query: '{ orders(first: 5) { edges { node { id } } } }' }),
        'x-store-id': storeId,
      }),
      expect: [200],
    },
    { kind: 'unknown path', method: 'GET', path: '/v1/no-such-area', headers: auth, expect: [404] },
    {
      kind: 'refused upload',
      method: 'POST',
      path: `/v1/hosting/apps/${appId}/imports`,
      headers: {
        authorization: `Bearer ${readOnlyToken}`,
        'content-type': 'multipart/form-data; boundary=soak',
        body: Buffer.concat([
          Buffer.from('--soak\r\nContent-Disposition: form-data; name="file"; filename="a.zip"\r\n\r\n'),
          Buffer.alloc(256 * 1024, 0x61),
          Buffer.from('\r\n--soak--\r\n'),
        ]),
      },
      expect: [403],
    },
  ];
}

/** headers (with an optional `body` entry) of a kind, fresh per request. */
function materialize(kind) {
  const { body, ...headers } = typeof kind.headers === 'function' ? kind.headers() : kind.headers;
  return { headers, body: body === undefined ? undefined : Buffer.from(body) };
}

async function sendWithFetch(base, kind) {
  const { headers, body } = materialize(kind);
  const res = await fetch(`${base}${kind.path}`, {
    method: kind.method,
    headers,
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.arrayBuffer();
  return res.status;
}

/**
 * One keep-alive HTTP/1.1 connection driven by hand: writes a request, reads the status line,
 * headers and a Content-Length or chunked body, and reuses the socket for the next request; opens a
 * new one when the server closed it (Connection: close).
 */
function rawConnection(base) {
  const url = new URL(base);
  let socket;
  let buffer = Buffer.alloc(0);
  let waiter;
  let closed = true;
  const open = () =>
    new Promise((resolve, reject) => {
      // Events of an earlier (closed) connection must not touch this one's state.
      const own = net.connect(Number(url.port), url.hostname, () => resolve());
      socket = own;
      closed = false;
      buffer = Buffer.alloc(0);
      own.on('data', (d) => {
        if (socket !== own) return;
        buffer = Buffer.concat([buffer, d]);
        waiter?.();
      });
      own.on('close', () => {
        if (socket !== own) return;
        closed = true;
        waiter?.();
      });
      own.on('error', (e) => {
        if (socket !== own) return;
        closed = true;
        reject(e);
        waiter?.(e);
      });
    });
  const more = () =>
    new Promise((resolve, reject) => {
      waiter = (error) => {
        waiter = undefined;
        if (error) reject(error);
        else resolve();
      };
    });
  async function readResponse() {
    let headEnd;
    while ((headEnd = buffer.indexOf('\r\n\r\n')) === -1) {
      if (closed) throw new Error('connection closed before an answer');
      await more();
    }
    const head = buffer.subarray(0, headEnd).toString('latin1');
    buffer = buffer.subarray(headEnd + 4);
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
    const header = (name) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head)?.[1]?.trim();
    const length = header('content-length');
    if (length !== undefined) {
      while (buffer.length < Number(length)) {
        if (closed) throw new Error('connection closed inside a body');
        await more();
      }
      buffer = buffer.subarray(Number(length));
    } else if (/chunked/i.test(header('transfer-encoding') ?? '')) {
      for (;;) {
        let lineEnd;
        while ((lineEnd = buffer.indexOf('\r\n')) === -1) await more();
        const size = parseInt(buffer.subarray(0, lineEnd).toString('latin1'), 16);
        while (buffer.length < lineEnd + 2 + size + 2) await more();
        buffer = buffer.subarray(lineEnd + 2 + size + 2);
        if (size === 0) break;
      }
    }
    return { status, close: /close/i.test(header('connection') ?? '') };
  }
  return {
    async send(kind) {
      if (closed) await open();
      const { headers, body } = materialize(kind);
      let text = `${kind.method} ${kind.path} HTTP/1.1\r\nhost: ${url.host}\r\n`;
      for (const [name, value] of Object.entries(headers)) text += `${name}: ${value}\r\n`;
      text += `content-length: ${body?.length ?? 0}\r\n\r\n`;
      const current = socket;
      current.write(body ? Buffer.concat([Buffer.from(text), body]) : text);
      const timer = setTimeout(
        () => current.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)),
        TIMEOUT_MS,
      );
      try {
        const { status, close } = await readResponse();
        if (close) {
          current.end();
          socket = undefined;
          closed = true;
        }
        return status;
      } finally {
        clearTimeout(timer);
      }
    },
    close: () => socket?.destroy(),
  };
}

async function soak(base, kinds) {
  const results = [];
  let next = 0;
  const worker = async (i) => {
    const raw = i % 2 === 1 ? rawConnection(base) : undefined;
    for (let n = next++; n < REQUESTS; n = next++) {
      const kind = kinds[n % kinds.length];
      const start = performance.now();
      let status;
      let error;
      try {
        status = raw ? await raw.send(kind) : await sendWithFetch(base, kind);
      } catch (e) {
        error = e.cause?.code ?? e.code ?? e.message;
      }
      results.push({
        kind: kind.kind,
        client: raw ? 'socket' : 'fetch',
        ms: performance.now() - start,
        status,
        error,
      });
    }
    raw?.close();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => worker(i)));
  return results;
}

function summarize(results, kinds) {
  const expected = new Map(kinds.map((k) => [k.kind, k.expect]));
  const rows = kinds.map(({ kind }) => {
    const of = results.filter((r) => r.kind === kind);
    const ms = of.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = {};
    for (const r of of) statuses[r.status ?? 'error'] = (statuses[r.status ?? 'error'] ?? 0) + 1;
    return {
      kind,
      requests: of.length,
      statuses: Object.entries(statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' '),
      p50ms: +percentile(ms, 50).toFixed(1),
      p99ms: +percentile(ms, 99).toFixed(1),
      maxMs: +(ms[ms.length - 1] ?? 0).toFixed(1),
    };
  });
  const transportErrors = results.filter((r) => r.error);
  const slow = results.filter((r) => !r.error && r.ms > SLOW_MS);
  const unexpected = results.filter((r) => !r.error && !expected.get(r.kind).includes(r.status));
  return { rows, transportErrors, slow, unexpected, serverErrors: unexpected.filter((r) => r.status >= 500) };
}

/**
 * The soak's fixtures through the admin CLI and the API: an account, a token with SCOPES and a
 * read-only one, a store, a domain, a mailbox and a hosting app; returns them and the request kinds.
 */
async function setUp({ platform, adminEnv }) {
  const base = platform.url;
  const domain = 'soak.example.com';
  const { accountId } = adminCli(adminEnv, 'account', 'create', '--name', 'soak');
  const { token } = adminCli(adminEnv, 'token', 'create', '--account', accountId, '--scopes', SCOPES);
  const readOnly = adminCli(
    adminEnv,
    'token',
    'create',
    '--account',
    accountId,
    '--scopes',
    'hosting.application:read',
  );
  const { storeId } = adminCli(adminEnv, 'store', 'create', '--account', accountId, '--currency', 'USD');
  adminCli(adminEnv, 'domain', 'add', '--account', accountId, '--domain', domain);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const mailbox = await (
    await fetch(`${base}/mailboxes`, {
      method: 'POST',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        emailAddress: `soak@${domain}`,
        accountId,
        firstName: 'Soak',
        lastName: 'Test',
        consents: [{ type: 'FREETRIAL_AUTORENEW' }],
      }),
    })
  ).json();
  const created = await (
    await fetch(`${base}/v1/hosting/apps?appType=NODEJS`, {
      method: 'POST',
      headers: auth,
      body: '{"name":"soak"}',
    })
  ).json();
  let appId;
  for (let i = 0; i < 600 && !appId; i += 1) {
    const op = await (
      await fetch(`${base}/v1/hosting/app-operations/${created.operationId}`, { headers: auth })
    ).json();
    if (op.status === 'COMPLETED') appId = op.appId;
    else if (op.status !== 'EXECUTING') throw new Error(`app creation: ${JSON.stringify(op)}`);
    else await sleep(200);
  }
  if (!mailbox.mailboxId || !appId) throw new Error('setup failed: no mailbox or app');
  const kinds = requestKinds({
    token,
    storeId,
    mailboxId: mailbox.mailboxId,
    appId,
    readOnlyToken: readOnly.token,
  });
  return { kinds, accountId, token, storeId, domain, appId, mailboxId: mailbox.mailboxId };
}

async function main({ platform, adminEnv }) {
  const base = platform.url;
  const { kinds } = await setUp({ platform, adminEnv });
  log(`${REQUESTS} requests, ${CONCURRENCY} connections (fetch and raw sockets), through ${base}`);
  const started = Date.now();
  const results = await soak(base, kinds);
  const seconds = (Date.now() - started) / 1000;
  const summary = summarize(results, kinds);
  console.table(summary.rows);
  log(
    `${results.length} requests in ${seconds.toFixed(1)} s (${(results.length / seconds).toFixed(0)}/s): ` +
      `${summary.transportErrors.length} transport errors, ${summary.slow.length} slower than ${SLOW_MS} ms, ` +
      `${summary.unexpected.length} unexpected statuses (${summary.serverErrors.length} 5xx)`,
  );
  const show = (what, list) =>
    list
      .slice(0, 10)
      .forEach((r) => log(`  ${what}: ${r.kind} (${r.client}) ${r.status ?? r.error} ${r.ms.toFixed(0)} ms`));
  show('transport error', summary.transportErrors);
  show('slow', summary.slow);
  show('unexpected', summary.unexpected);
  writeFileSync(
    process.env.SOAK_JSON || join(ROOT, 'tmp', 'soak.json'),
    JSON.stringify(
      {
        at: new Date().toISOString(),
        requests: results.length,
        concurrency: CONCURRENCY,
        seconds,
        rows: summary.rows,
        transportErrors: summary.transportErrors.length,
        slow: summary.slow.length,
        unexpected: summary.unexpected.length,
      },
      null,
      2,
    ),
  );
  const code = summary.transportErrors.length || summary.slow.length || summary.unexpected.length ? 1 : 0;
  log(code === 0 ? 'no transport error, no slow answer, no unexpected status' : 'FAILED');
  return code;
}

if (require.main === module) runOnOwnPlatform('soak', log, main);

// scripts/steady-soak.js drives the same fixtures and request kinds at a steady rate.
module.exports = { setUp, sendWithFetch };
