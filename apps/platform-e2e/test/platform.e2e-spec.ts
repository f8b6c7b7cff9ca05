import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import {
  COMMERCE_TRANSACTIONS_QUEUE,
  ORDER_PAYMENT_RECORDED,
  type OrderPaymentRecorded,
  orderPaymentRecordedJobId,
} from '@platform/contracts';
import {
  BodySend,
  TestEnv,
  createAdminToken,
  createTestEnv,
  freePort,
  runAdminJson,
  sandboxToolsWithout,
  sendWithFetch,
  sendWithSocket,
  waitFor,
} from '@platform/testing';
import { Queue } from 'bullmq';
import * as yazl from 'yazl';
import {
  StartedPlatform,
  componentLogLines,
  platformProcessOf,
  shutdownProblems,
  signalUnderLoad,
  startPlatform,
} from './support/npm-start';
import { createStorefrontShop } from './support/storefront-shop';

/**
 * The platform as a user runs it: `npm start` (scripts/start.js) in its default single mode (the
 * whole platform in one Node process) on a fresh database, tokens from the admin CLI, every call
 * through the gateway's one base URL, and SIGTERM under load at the end.
 * `services-mode.e2e-spec.ts` is the shorter smoke of `PLATFORM_MODE=services`.
 */
const ROOT = join(__dirname, '../../..');
const HOSTING_FIXTURES = join(ROOT, 'apps/hosting/test/fixtures/apps');

/** A hosting fixture app (apps/hosting/test/fixtures/apps/<name>) as a zip (yazl), as a user would upload it. */
async function fixtureZip(fixture = 'runtime-http'): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const dir = join(HOSTING_FIXTURES, fixture);
  for (const name of readdirSync(dir)) zip.addBuffer(readFileSync(join(dir, name)), name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
const RATE_LIMIT = 40;

/** TCP ports something listens on in the host's network namespace (every component of the platform among them). */
function listeningPorts(): number[] {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6'])
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] === '0A') ports.add(parseInt(cols[1].slice(cols[1].lastIndexOf(':') + 1), 16));
    }
  return [...ports].sort((a, b) => a - b);
}

/** Every address of the host's interfaces, loopback included. */
function hostAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flatMap((list) => list ?? [])
    .filter((a) => !a.address.startsWith('fe80'))
    .map((a) => a.address);
}

describe('the platform through the gateway (npm start, admin CLI, real Postgres and Redis)', () => {
  let env: TestEnv;
  let started: StartedPlatform | undefined;
  let platform: ChildProcess;
  let baseUrl: string;
  /** What npm start printed so far. */
  const output = (): string => started?.output() ?? '';
  let childEnv: NodeJS.ProcessEnv;
  const hostingDataDir = mkdtempSync(join(tmpdir(), 'platform-e2e-hosting-'));
  // The hosting worker sees a host without `nft` (most containers): apps run sandboxed, egress NONE.
  const sandboxTools = sandboxToolsWithout(['nft']);

  const admin = (...args: string[]) => runAdminJson(childEnv, ...args);
  const issueToken = (accountId: string, scopes: string | readonly string[], ...options: string[]) =>
    createAdminToken(childEnv, accountId, scopes, ...options);

  async function newToken(
    scopes = 'commerce.store:read',
    extra: string[] = [],
  ): Promise<{ token: string; tokenId: string }> {
    const { accountId } = await admin('account', 'create', '--name', 'e2e');
    return issueToken(accountId, scopes, ...extra);
  }

  const call = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, { headers });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    env = await createTestEnv('platform-e2e');
    const [gatewayPort, countriesPort, hostingPort, commercePort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    // PORTS=auto puts every other process on a free port, so this suite never collides with a running platform.
    childEnv = {
      ...process.env,
      ...env.env,
      LOG_LEVEL: 'info',
      PORT: String(gatewayPort),
      COUNTRIES_PORT: String(countriesPort),
      // Known ports for the two services the early-answer matrix also calls directly.
      HOSTING_PORT: String(hostingPort),
      COMMERCE_REST_PORT: String(commercePort),
      PORTS: 'auto',
      // The default, whatever the caller's environment says.
      PLATFORM_MODE: 'single',
      PLATFORM_TARGETS: 'all',
      // Uploads over 2 MiB are the hosting service's own 413 (the fixture app is a few KiB).
      HOSTING_UPLOAD_MAX_BYTES: String(2 * 1024 * 1024),
      // The early-answer matrix sends 160 uploads from one address.
      RATE_LIMIT_IP_MULTIPLIER: '100',
      RATE_LIMIT_CREDENTIAL_LIMIT: String(RATE_LIMIT),
      // Hosted apps: npm start derives their public URLs from the gateway's PORT (PUBLIC_BASE_URL
      // unset, as a user starts it); builds use npm's cache only.
      PUBLIC_BASE_URL: undefined,
      HOSTING_DATA_DIR: hostingDataDir,
      HOSTING_NPM_OFFLINE: 'true',
      HOSTING_SANDBOX_PATH: sandboxTools.dir,
    };
    started = await startPlatform(childEnv);
    platform = started.process;
    baseUrl = started.baseUrl;
  }, 300_000);

  afterAll(async () => {
    // Normally the Ctrl-C case has stopped it; when that case did not run (a filtered run, an
    // earlier failure), stop() lets npm start stop its services too.
    await started?.stop();
    await env?.teardown();
    rmSync(hostingDataDir, { recursive: true, force: true });
    sandboxTools.remove();
  }, 60_000);

  it('prints "platform ready at <url>" on the gateway port and answers /healthz', async () => {
    expect(baseUrl).toBe(`http://127.0.0.1:${childEnv.PORT}`);
    expect(output()).toContain(`public base URL http://127.0.0.1:${childEnv.PORT} (the gateway)`);
    const res = await call('/healthz');
    expect(res.status).toBe(200);
  });

  it('serves localized countries to a token made with the admin CLI', async () => {
    const { token } = await newToken();
    const res = await call('/v1/countries?marketId=fr-FR', bearer(token));
    expect(res.status).toBe(200);
    const countries = (await res.json()) as { countryKey: string; label: string }[];
    expect(countries.find((c) => c.countryKey === 'DE')?.label).toBe('Allemagne');
    const detail = await call('/v1/countries/US?marketId=en-US', bearer(token));
    expect(((await detail.json()) as { states: unknown[] }[])[0].states.length).toBeGreaterThanOrEqual(50);
  });

  it.each([
    ['missing', {}],
    ['malformed', { authorization: 'Bearer not-a-token' }],
    ['unknown', { authorization: 'Bearer dpat_000000000000000000000000000000000000' }],
  ])('answers 401 in the domains shape for a %s token', async (_case, headers) => {
    const res = await call('/v1/countries?marketId=fr-FR', headers as Record<string, string>);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ code: 'UNAUTHORIZED', message: expect.any(String) });
  });

  it('answers 401 once a token has expired', async () => {
    const { token } = await newToken('commerce.store:read', ['--expires-in', '1']);
    await waitFor(async () => (await call('/v1/countries?marketId=fr-FR', bearer(token))).status === 401, {
      timeoutMs: 5000,
      intervalMs: 200,
      what: 'the token to expire',
    });
  });

  it('answers 401 at once after `token revoke`, though the service had the token cached', async () => {
    const { token, tokenId } = await newToken();
    // Twice: the second answer comes from the service's token cache.
    for (let i = 0; i < 2; i++)
      expect((await call('/v1/countries?marketId=fr-FR', bearer(token))).status).toBe(200);
    // The CLI publishes the revocation before it exits; the service's subscriber evicts the token.
    await admin('token', 'revoke', '--id', tokenId);
    expect((await call('/v1/countries?marketId=fr-FR', bearer(token))).status).toBe(401);
  });

  it('rate limits per credential exactly under concurrency, with headers and an empty 429', async () => {
    const [a, b] = [await newToken(), await newToken()];
    const responses = await Promise.all(
      Array.from({ length: RATE_LIMIT * 3 }, () => call('/v1/countries/FR?marketId=fr-FR', bearer(a.token))),
    );
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 429);
    expect(ok).toHaveLength(RATE_LIMIT);
    expect(refused).toHaveLength(RATE_LIMIT * 2);
    for (const r of refused) {
      expect(await r.text()).toBe('');
      expect(r.headers.get('ratelimit-limit')).toBe(String(RATE_LIMIT));
      expect(r.headers.get('ratelimit-remaining')).toBe('0');
      expect(Number(r.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
    }
    const other = await call('/v1/countries/FR?marketId=fr-FR', bearer(b.token));
    expect(other.status).toBe(200);
    expect(other.headers.get('ratelimit-remaining')).toBe(String(RATE_LIMIT - 1));
  });

  it('echoes the caller X-Request-Id through the gateway', async () => {
    const { token } = await newToken();
    const id = '6f1c7d1e-8d5b-4f7a-9a51-2f0d6c1e9b11';
    const res = await call('/v1/countries/FR?marketId=fr-FR', { ...bearer(token), 'x-request-id': id });
    expect(res.headers.get('x-request-id')).toBe(id);
  });

  it('logs one JSON line per request with the request id and trace id, and never the token', async () => {
    const { token } = await newToken();
    const id = '0b9c3f1e-2d4a-4c6b-8e1f-3a5b7c9d1e2f';
    const traceId = '5bf92f3577b34da6a3ce929d0e0e4736';
    await call('/v1/countries/FR?marketId=fr-FR', {
      ...bearer(token),
      'x-request-id': id,
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    const line = await waitFor(
      () => componentLogLines(output(), 'countries').find((l) => l.includes(id) && l.includes('"res"')),
      { timeoutMs: 5000, what: 'the countries request log line' },
    );
    const entry = JSON.parse(line);
    expect(entry).toMatchObject({
      service: 'countries',
      requestId: id,
      traceId,
      req: { method: 'GET' },
      res: { statusCode: 200 },
    });
    expect(output()).not.toContain(token);
  });

  it('propagates traceparent through the gateway to the service', async () => {
    const { token } = await newToken();
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await call('/v1/countries/FR?marketId=fr-FR', {
      ...bearer(token),
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
    });
    expect(res.status).toBe(200);
    // The service answers with its own span in the caller's trace; the gateway passes it through.
    const traceresponse = res.headers.get('traceresponse') ?? '';
    expect(traceresponse).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    expect(traceresponse).not.toContain('00f067aa0ba902b7');
  });

  it('passes the service error shape through unchanged', async () => {
    const { token } = await newToken();
    const res = await call('/v1/countries', bearer(token));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_FORMAT',
      fields: [{ path: 'marketId', code: 'REQUIRED' }],
    });
  });

  it('answers an unknown path with 404 in the domains shape', async () => {
    const res = await call('/v1/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  describe('commerce through the gateway', () => {
    /** The store owner; each test takes a fresh token of this account (the suite has a small per-token rate limit). */
    let owner: { accountId: string; headers: Record<string, string> };
    let storeId: string;
    let channelId: string;

    async function credential(scopes: string, accountId?: string) {
      const account = accountId ?? (await admin('account', 'create', '--name', 'shop')).accountId;
      const { token } = await issueToken(account, scopes);
      return { accountId: account, headers: bearer(token) };
    }

    const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    const OWNER_SCOPES =
      'commerce.store:read,commerce.store:update,commerce.channel:read,commerce.customer:read,' +
      'commerce.customer:create,commerce.customer:update,commerce.transaction:read';

    beforeEach(async () => {
      if (owner) owner = await credential(OWNER_SCOPES, owner.accountId);
    });

    beforeAll(async () => {
      owner = await credential(OWNER_SCOPES);
      ({ storeId } = await admin(
        'store',
        'create',
        '--account',
        owner.accountId,
        '--attribute-keys',
        'color,size',
      ));
      ({ channelId } = await admin('channel', 'create', '--store', storeId, '--name', 'Web'));
    });

    it('reads a store with includeFields and includeField', async () => {
      await send('PUT', `/v1/commerce/stores/${storeId}/attributes/color`, owner.headers, { value: 'blue' });
      const res = await call(
        `/v1/commerce/stores/${storeId}?includeFields=attributes&includeField=phone`,
        owner.headers,
      );
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ id: storeId, attributes: { color: 'blue' }, phone: null });
    });

    it('answers store errors in the commerce error object with details[]', async () => {
      const other = await credential('commerce.store:read');
      const notFound = await call(`/v1/commerce/stores/${storeId}`, other.headers);
      expect(notFound.status).toBe(404);
      expect(await notFound.json()).toMatchObject({
        name: 'STORE_NOT_FOUND',
        correlationId: expect.any(String),
        details: [{ issue: 'STORE_NOT_FOUND', location: 'path' }],
      });
      const badId = await call('/v1/commerce/stores/not-a-uuid', owner.headers);
      expect(badId.status).toBe(400);
      expect(await badId.json()).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [{ field: 'storeId', location: 'path' }],
      });
      const unknownJoin = await call(`/v1/commerce/stores/${storeId}?includeFields=nope`, owner.headers);
      expect(unknownJoin.status).toBe(400);
      const forbidden = await credential('commerce.channel:read', owner.accountId);
      expect((await call(`/v1/commerce/stores/${storeId}`, forbidden.headers)).status).toBe(403);
    });

    it('serves store attributes: set, read, allow-list, never set, delete', async () => {
      expect(
        (await send('PUT', `/v1/commerce/stores/${storeId}/attributes/size`, owner.headers, { value: 'XL' }))
          .status,
      ).toBe(200);
      expect(
        await (await call(`/v1/commerce/stores/${storeId}/attributes/size`, owner.headers)).json(),
      ).toEqual({ size: 'XL' });
      const outside = await call(`/v1/commerce/stores/${storeId}/attributes/weight`, owner.headers);
      expect(outside.status).toBe(400);
      expect(await outside.json()).toMatchObject({ details: [{ issue: 'INVALID_REQUEST' }] });
      expect(
        (await send('DELETE', `/v1/commerce/stores/${storeId}/attributes/size`, owner.headers)).status,
      ).toBe(200);
      const gone = await call(`/v1/commerce/stores/${storeId}/attributes/size`, owner.headers);
      expect(gone.status).toBe(404);
      expect(await gone.json()).toMatchObject({ name: 'BUSINESS_ATTRIBUTE_NOT_FOUND' });
    });

    it('stores government ids masked but for the last four characters', async () => {
      const res = await send('PUT', `/v1/commerce/stores/${storeId}/government-ids`, owner.headers, [
        { governmentId: '12-3456789', type: 'EIN' },
      ]);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { governmentIds: { governmentId: string; type: string }[] };
      expect(body.governmentIds).toEqual([
        expect.objectContaining({ governmentId: '******6789', type: 'EIN' }),
      ]);
    });

    it('lists channels by store and reads each listed channel', async () => {
      const list = await call(`/v1/commerce/channels?registeredStores.storeId=${storeId}`, owner.headers);
      expect(list.status).toBe(200);
      const { items } = (await list.json()) as { items: { channelId: string }[] };
      expect(items.map((c) => c.channelId)).toEqual([channelId]);
      expect((await call(`/v1/commerce/channels/${channelId}`, owner.headers)).status).toBe(200);
      const stranger = await credential('commerce.channel:read');
      expect((await call(`/v1/commerce/channels/${channelId}`, stranger.headers)).status).toBe(404);
    });

    it('creates, lists, patches customers, with Location, 409 duplicates and If-Modified-Since', async () => {
      const path = `/v1/commerce/stores/${storeId}/customers`;
      const requestId = '1e2d3c4b-5a69-4788-97a6-b5c4d3e2f1a0';
      const created = await send(
        'POST',
        path,
        { ...owner.headers, 'x-request-id': requestId },
        {
          firstName: 'Ada',
          lastName: 'Lovelace',
          emails: [{ email: 'ada@example.com', default: true }],
        },
      );
      expect(created.status).toBe(201);
      expect(created.headers.get('x-request-id')).toBe(requestId);
      const customer = (await created.json()) as { customerId: string };
      expect(created.headers.get('location')).toBe(`${path}/${customer.customerId}`);
      const duplicate = await send('POST', path, owner.headers, {
        firstName: 'Ada',
        lastName: 'L',
        emails: [{ email: 'ADA@example.com', default: true }],
      });
      expect(duplicate.status).toBe(409);
      expect(await duplicate.json()).toMatchObject({ name: 'CUSTOMER_ALREADY_EXISTS' });
      const list = await call(path, owner.headers);
      expect(list.status).toBe(200);
      const lastModified = list.headers.get('last-modified') ?? '';
      expect((await call(path, { ...owner.headers, 'if-modified-since': lastModified })).status).toBe(304);
      const patched = await send('PATCH', `${path}/${customer.customerId}`, owner.headers, {
        nickname: 'Countess',
      });
      expect(patched.status).toBe(200);
      expect(await patched.json()).toMatchObject({ firstName: 'Ada', nickname: 'Countess' });
      const invalid = await send('POST', path, owner.headers, {
        firstName: 'X',
        lastName: 'Y',
        emails: [{ email: 'nope' }],
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toMatchObject({
        details: [{ field: '/emails/0/email', location: 'body' }],
      });
    });

    it('lists a transaction recorded by the worker from an order payment event', async () => {
      const queue = new Queue(COMMERCE_TRANSACTIONS_QUEUE, {
        connection: { url: env.redis.url, maxRetriesPerRequest: null },
        prefix: env.redis.prefix,
      });
      try {
        const eventId = randomUUID();
        const payload: OrderPaymentRecorded = {
          eventId,
          storeId,
          orderId: 'Order_2Kx9vQ8pLmN3rT5sW7yZ1aB4cD6',
          type: 'SALE',
          amount: { value: 1999, currencyCode: 'USD' },
          occurredAt: new Date().toISOString(),
        };
        await queue.add(ORDER_PAYMENT_RECORDED, payload, { jobId: orderPaymentRecordedJobId(eventId) });
        const items = await waitFor(
          async () => {
            const res = await call(`/v2/commerce/stores/${storeId}/transactions`, owner.headers);
            const body = (await res.json()) as { items: { transactionId: string; orderId: string }[] };
            return body.items.length ? body.items : undefined;
          },
          { timeoutMs: 15_000, intervalMs: 200, what: 'the worker to record the transaction' },
        );
        expect(items).toEqual([expect.objectContaining({ orderId: payload.orderId })]);
        const one = await call(
          `/v2/commerce/stores/${storeId}/transactions/${items[0].transactionId}`,
          owner.headers,
        );
        expect(one.status).toBe(200);
        expect(
          (await call(`/v2/commerce/stores/${storeId}/transactions/${randomUUID()}`, owner.headers)).status,
        ).toBe(404);
      } finally {
        await queue.close();
      }
    });

    it('serves orders through POST /graphql and the subgraph path; a completed order becomes a transaction', async () => {
      // The order subgraph asks commerce-rest whether the caller may use the store, with the caller's token.
      const orders = await credential(
        'commerce.order:read,commerce.order:create,commerce.order:complete,commerce.transaction:read',
        owner.accountId,
      );
      const headers = { ...orders.headers, 'x-store-id': storeId };
      const graphql = async (path: string, query: string, variables: Record<string, unknown> = {}) => {
        const res = await send('POST', path, headers, { query, variables });
        return {
          status: res.status,
          body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] },
        };
      };
      const added = await graphql(
        '/graphql',
        'mutation($input: AddOrderInput!) { addOrder(input: $input) { id number statuses { status } totals { total { value currencyCode } } } }',
        {
          input: {
            context: { storeId, channelId },
            currencyCode: 'USD',
            lineItems: [
              {
                name: 'Mug',
                quantity: 2,
                unitAmount: { value: 1250, currencyCode: 'USD' },
                skuId: 'sku-mug',
              },
            ],
          },
        },
      );
      expect(added.body.errors).toBeUndefined();
      const order = added.body.data?.addOrder as { id: string };
      expect(order).toMatchObject({
        number: 1,
        statuses: { status: 'OPEN' },
        totals: { total: { value: 2500, currencyCode: 'USD' } },
      });

      const direct = await graphql(
        '/v1/commerce/order-subgraph',
        'query($id: ID!) { orderById(id: $id) { id number statuses { status } } }',
        {
          id: order.id,
        },
      );
      expect(direct).toEqual({
        status: 200,
        body: { data: { orderById: { id: order.id, number: 1, statuses: { status: 'OPEN' } } } },
      });

      const completed = await graphql(
        '/graphql',
        'mutation($id: ID!) { completeOrder(id: $id) { statuses { status paymentStatus } } }',
        {
          id: order.id,
        },
      );
      expect(completed.body.data?.completeOrder).toEqual({
        statuses: { status: 'COMPLETED', paymentStatus: 'PAID' },
      });
      const recorded = await waitFor(
        async () => {
          const res = await call(`/v2/commerce/stores/${storeId}/transactions`, orders.headers);
          const body = (await res.json()) as { items: { orderId: string; type: string; amount: unknown }[] };
          return body.items.find((t) => t.orderId === order.id);
        },
        { timeoutMs: 15_000, intervalMs: 200, what: "the worker to record the completed order's payment" },
      );
      expect(recorded).toMatchObject({ type: 'SALE', amount: { amount: 2500, currency: 'USD' } });

      const missingStore = await send('POST', '/graphql', orders.headers, {
        query: '{ orders { nodes { id } } }',
      });
      expect(missingStore.status).toBe(200);
      expect(await missingStore.json()).toMatchObject({
        errors: [{ extensions: { code: 'UNAUTHENTICATED' } }],
      });
    });
  });

  it('serves the tax subgraph on its store path and one federated query spanning order and tax', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'tax');
    const { storeId } = await admin('store', 'create', '--account', accountId);
    const { token } = await issueToken(
      accountId,
      'commerce.tax:read,commerce.tax:create,commerce.order:read,commerce.order:create',
    );
    const headers = { ...bearer(token), 'x-store-id': storeId, 'content-type': 'application/json' };
    const post = async (path: string, query: string, variables: Record<string, unknown> = {}) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] },
      };
    };
    const rate = await post(
      `/v2/commerce/stores/${storeId}/tax-subgraph`,
      'mutation($input: MutationCreateRateInput!) { createRate(input: $input) { id label value { percentage } } }',
      { input: { label: 'VAT', value: { percentage: '20.5' } } },
    );
    expect(rate).toEqual({
      status: 200,
      body: { data: { createRate: { id: expect.any(String), label: 'VAT', value: { percentage: '20.5' } } } },
    });
    const badPercentage = await post(
      `/v2/commerce/stores/${storeId}/tax-subgraph`,
      'mutation($input: MutationCreateRateInput!) { createRate(input: $input) { id } }',
      { input: { label: 'Bad', value: { percentage: '100.5' } } },
    );
    expect(badPercentage.body.errors).toBeDefined();
    const order = await post(
      '/graphql',
      'mutation($input: AddOrderInput!) { addOrder(input: $input) { id } }',
      {
        input: {
          context: { storeId },
          currencyCode: 'USD',
          lineItems: [{ name: 'Tea', quantity: 1, unitAmount: { value: 400, currencyCode: 'USD' } }],
        },
      },
    );
    const orderId = (order.body.data?.addOrder as { id: string }).id;
    // One request, two subgraphs: the gateway plans fetches to order and to tax (its path built from x-store-id).
    const federated = await post(
      '/graphql',
      'query($id: ID!) { orderById(id: $id) { id } rates(first: 5) { nodes { label value { percentage } } } }',
      { id: orderId },
    );
    expect(federated).toEqual({
      status: 200,
      body: {
        data: {
          orderById: { id: orderId },
          rates: { nodes: [{ label: 'VAT', value: { percentage: '20.5' } }] },
        },
      },
    });
  });

  it('serves the catalog subgraph on its store path and resolves the SKUs of order lines and tax classifications in one batched _entities fetch', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'catalog');
    const { storeId } = await admin('store', 'create', '--account', accountId);
    const { token } = await issueToken(accountId, [
      'commerce.product:read',
      'commerce.product:write',
      'commerce.order:read',
      'commerce.order:create',
      'commerce.tax:read',
      'commerce.tax:write',
    ]);
    const post = async (
      path: string,
      query: string,
      variables: Record<string, unknown> = {},
      requestId: string = randomUUID(),
    ) => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: {
          ...bearer(token),
          'x-store-id': storeId,
          'x-request-id': requestId,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ query, variables }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { data?: Record<string, unknown>; errors?: unknown[] },
      };
    };
    /** The catalog subgraph's request log lines of one request id (each request logs one line with `res`). */
    const catalogRequests = (requestId: string) =>
      componentLogLines(output(), 'catalog-subgraph').filter(
        (l) => l.includes(requestId) && l.includes('"res"'),
      );

    const teas = ['Green tea', 'Black tea', 'White tea'];
    const created = await post(
      '/graphql',
      `mutation($a: CreateSKUInput!, $b: CreateSKUInput!, $c: CreateSKUInput!) {
        a: createSku(input: $a) { id name }
        b: createSku(input: $b) { id name }
        c: createSku(input: $c) { id name }
      }`,
      Object.fromEntries(
        teas.map((name, i) => [
          'abc'[i],
          { name, code: `tea-${i}`, price: { value: 400 + i, currencyCode: 'USD' } },
        ]),
      ),
    );
    expect(created.body.errors).toBeUndefined();
    const skus = ['a', 'b', 'c'].map((k) => created.body.data?.[k] as { id: string; name: string });
    expect(skus.map((s) => s.name)).toEqual(teas);

    const direct = await post(
      `/v2/commerce/stores/${storeId}/catalog-subgraph`,
      'query($id: String!) { sku(id: $id) { id name status price { value currencyCode } } }',
      { id: skus[0].id },
    );
    expect(direct).toEqual({
      status: 200,
      body: {
        data: {
          sku: {
            id: skus[0].id,
            name: 'Green tea',
            status: 'ACTIVE',
            price: { value: 400, currencyCode: 'USD' },
          },
        },
      },
    });

    const order = await post(
      '/graphql',
      'mutation($input: AddOrderInput!) { addOrder(input: $input) { id } }',
      {
        input: {
          context: { storeId },
          currencyCode: 'USD',
          lineItems: [
            ...skus.map((sku, i) => ({
              name: sku.name,
              skuId: sku.id,
              quantity: 1,
              unitAmount: { value: 400 + i, currencyCode: 'USD' },
            })),
            { name: 'Gift wrap', quantity: 1, unitAmount: { value: 100, currencyCode: 'USD' } },
          ],
        },
      },
    );
    expect(order.body.errors).toBeUndefined();
    const orderId = (order.body.data?.addOrder as { id: string }).id;

    // One request: the gateway fetches the order, then every line's SKU from the catalog at once.
    const federatedId = randomUUID();
    const federated = await post(
      '/graphql',
      'query($id: ID!) { orderById(id: $id) { lineItems { name sku { id name } } } }',
      { id: orderId },
      federatedId,
    );
    expect(federated).toEqual({
      status: 200,
      body: {
        data: {
          orderById: {
            lineItems: [
              ...skus.map((sku) => ({ name: sku.name, sku: { id: sku.id, name: sku.name } })),
              { name: 'Gift wrap', sku: null },
            ],
          },
        },
      },
    });
    // A later request to the catalog: once its log line is out, every earlier one is too (one stdout).
    const markerId = randomUUID();
    await post(`/v2/commerce/stores/${storeId}/catalog-subgraph`, '{ __typename }', {}, markerId);
    await waitFor(() => catalogRequests(markerId).length === 1, {
      timeoutMs: 10_000,
      what: "the catalog subgraph's log line of the marker request",
    });
    expect(catalogRequests(federatedId)).toHaveLength(1);

    // The tax subgraph's classification members are SKU references the catalog resolves too.
    const classification = await post(
      '/graphql',
      'mutation($input: MutationCreateClassificationInput!) { createClassification(input: $input) { id } }',
      { input: { name: 'Teas' } },
    );
    const classificationId = (classification.body.data?.createClassification as { id: string }).id;
    const added = await post(
      '/graphql',
      'mutation($c: ID!, $ids: [String!]!) { addSkusToClassification(classificationId: $c, input: { skuIds: $ids }) { id } }',
      { c: classificationId, ids: skus.map((s) => s.id) },
    );
    expect(added.body.errors).toBeUndefined();
    const classified = await post(
      '/graphql',
      'query($id: ID!) { classification(id: $id) { name skus { id name } } }',
      { id: classificationId },
    );
    expect(classified).toEqual({
      status: 200,
      body: { data: { classification: { name: 'Teas', skus: skus.map(({ id, name }) => ({ id, name })) } } },
    });
  });

  it('runs a storefront written for the public graphs: the catalog through /graphql, a cart on /v1/commerce/order-storefront-subgraph, totals from catalog prices, a code and tax rates', async () => {
    const { storeId, channelId, token } = await createStorefrontShop(childEnv, {
      account: 'storefront',
      channel: 'Shop',
    });
    /** One GraphQL request; any error fails the test with the errors printed. */
    const post = async <T = Record<string, unknown>>(
      path: string,
      query: string,
      variables: Record<string, unknown> = {},
    ): Promise<T> => {
      const res = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...bearer(token), 'x-store-id': storeId, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as { data?: T; errors?: unknown[] };
      expect({ status: res.status, errors: body.errors }).toEqual({ status: 200, errors: undefined });
      return body.data as T;
    };
    const merchant = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown> = {}) =>
      post<T>('/graphql', query, variables);
    const storefront = <T = Record<string, unknown>>(
      query: string,
      variables: Record<string, unknown> = {},
    ) => post<T>('/v1/commerce/order-storefront-subgraph', query, variables);

    // The merchant: a group of two teas, each with a price record and a photo; a 8.25 % rate in
    // California for their tax class; a 10 % code.
    const { group } = await merchant<{ group: { id: string } }>(
      'mutation($input: MutationCreateSkuGroupInput!) { group: createSkuGroup(input: $input) { id } }',
      { input: { name: 'Teas' } },
    );
    const teas = [
      { name: 'Sencha', code: 'TEA-SENCHA', price: 1250 },
      { name: 'Assam', code: 'TEA-ASSAM', price: 990 },
    ];
    const skuIds: string[] = [];
    for (const tea of teas) {
      const { sku } = await merchant<{ sku: { id: string } }>(
        'mutation($input: CreateSKUInput!) { sku: createSku(input: $input) { id } }',
        { input: { name: tea.name, code: tea.code } },
      );
      skuIds.push(sku.id);
      await merchant(
        'mutation($input: MutationCreateSkuPriceInput!) { createSkuPrice(input: $input) { id } }',
        {
          input: { name: 'base', skuId: sku.id, amount: { value: tea.price, currencyCode: 'USD' } },
        },
      );
      const { media } = await merchant<{ media: { id: string } }>(
        'mutation($input: MutationCreateMediaObjectInput!) { media: createMediaObject(input: $input) { id } }',
        { input: { name: `${tea.name} photo`, url: `https://cdn.example.com/${tea.code}.png` } },
      );
      await merchant(
        'mutation($id: String!, $input: MutationAddMediaObjectsToSkuInput!) { addMediaObjectsToSku(id: $id, input: $input) { id } }',
        { id: sku.id, input: { mediaObjectIds: [media.id] } },
      );
    }
    await merchant(
      'mutation($id: String!, $input: MutationAddSkusToSkuGroupInput!) { addSkusToSkuGroup(id: $id, input: $input) { id } }',
      { id: group.id, input: { skuIds } },
    );
    const { jurisdiction } = await merchant<{ jurisdiction: { id: string } }>(
      'mutation($input: MutationCreateJurisdictionInput!) { jurisdiction: createJurisdiction(input: $input) { id } }',
      { input: { name: 'California', countryCode: 'US', regionCode: 'CA' } },
    );
    const { rate } = await merchant<{ rate: { id: string } }>(
      'mutation($input: MutationCreateRateInput!) { rate: createRate(input: $input) { id } }',
      { input: { label: 'CA sales tax', value: { percentage: '8.25' }, jurisdictionId: jurisdiction.id } },
    );
    const { taxClass } = await merchant<{ taxClass: { id: string } }>(
      'mutation($input: MutationCreateClassificationInput!) { taxClass: createClassification(input: $input) { id } }',
      { input: { name: 'Teas' } },
    );
    await merchant(
      `mutation($c: ID!, $rates: MutationAddRatesToClassificationInput!, $skus: MutationAddSkusToClassificationInput!) {
        addRatesToClassification(classificationId: $c, input: $rates) { id }
        addSkusToClassification(classificationId: $c, input: $skus) { id }
      }`,
      { c: taxClass.id, rates: { rateIds: [rate.id] }, skus: { skuIds } },
    );
    await merchant(
      'mutation($input: CreateDiscountCodeInput!) { createDiscountCode(input: $input) { id } }',
      {
        input: { context: { storeId }, code: 'TEA10', name: 'Tea time', ratePercentage: '10' },
      },
    );

    // The shopper's storefront lists the group with its SKUs, prices and media (public shapes).
    const listed = await merchant<{
      skuGroups: {
        edges: {
          node: {
            id: string;
            name: string;
            skus: {
              edges: {
                node: {
                  id: string;
                  name: string;
                  prices: { edges: { node: { value: { value: number; currencyCode: string } } }[] };
                  mediaObjects: { edges: { node: { url: string } }[] };
                };
              }[];
            };
          };
        }[];
      };
    }>(
      `query Storefront {
        skuGroups(first: 10) { edges { cursor node { id name
          skus(first: 10) { totalCount pageInfo { hasNextPage } edges { cursor node { id name code
            prices(first: 5) { edges { node { value { value currencyCode } } } }
            mediaObjects(first: 5) { edges { node { url } } }
          } } }
        } } }
      }`,
    );
    expect(listed.skuGroups.edges.map((e) => e.node.name)).toEqual(['Teas']);
    const shelf = listed.skuGroups.edges[0].node.skus.edges.map(({ node }) => ({
      id: node.id,
      name: node.name,
      prices: node.prices.edges.map((p) => p.node.value),
      media: node.mediaObjects.edges.map((m) => m.node.url),
    }));
    expect(shelf).toEqual(
      teas.map((tea, i) => ({
        id: skuIds[i],
        name: tea.name,
        prices: [{ value: tea.price, currencyCode: 'USD' }],
        media: [`https://cdn.example.com/${tea.code}.png`],
      })),
    );

    // The cart: open it, add both teas by id, three of the first, the code, then drop the second.
    const { addDraftOrder: cart } = await storefront<{ addDraftOrder: { id: string } }>(
      'mutation AddDraftOrder($input: AddDraftOrderInput!) { addDraftOrder(input: $input) { id } }',
      {
        input: {
          context: { storeId, channelId },
          shipping: {
            firstName: 'Ada',
            address: { countryCode: 'US', adminArea1: 'CA', postalCode: '94105' },
          },
        },
      },
    );
    const lines: string[] = [];
    for (const [i, skuId] of skuIds.entries()) {
      const { addLineItemBySkuId: line } = await storefront<{
        addLineItemBySkuId: { id: string; unitAmount: { value: number; currencyCode: string } };
      }>(
        'mutation AddLineItem($input: AddLineItemInput!) { addLineItemBySkuId(input: $input) { id unitAmount { value currencyCode } } }',
        { input: { orderId: cart.id, skuId, quantity: 1, fulfillmentMode: 'SHIP', status: 'DRAFT' } },
      );
      expect(line.unitAmount).toEqual({ value: teas[i].price, currencyCode: 'USD' });
      lines.push(line.id);
    }
    const { updateLineItemById: changed } = await storefront<{ updateLineItemById: { quantity: number } }>(
      'mutation UpdateLineItem($input: UpdateLineItemByIdInput!) { updateLineItemById(input: $input) { quantity } }',
      { input: { id: lines[0], orderId: cart.id, quantity: 3 } },
    );
    expect(changed.quantity).toBe(3);
    const { applyDiscountCodes: discounted } = await storefront<{
      applyDiscountCodes: { discounts: { code: string }[] };
    }>(
      'mutation ApplyDiscountCodes($input: ApplyDiscountCodesInput!) { applyDiscountCodes(input: $input) { discounts { code } } }',
      { input: { orderId: cart.id, discountCodes: ['tea10'] } },
    );
    expect(discounted.discounts.map((d) => d.code)).toEqual(['TEA10']);
    const removed = await storefront<{ deleteLineItemById: boolean }>(
      'mutation DeleteLineItem($id: ID!, $orderId: ID!) { deleteLineItemById(id: $id, orderId: $orderId) }',
      { id: lines[1], orderId: cart.id },
    );
    expect(removed.deleteLineItemById).toBe(true);

    // The cart as the storefront reads it: 3 × 12.50 = 37.50; 10 % off = 3.75; 8.25 % of 37.50 =
    // 3.09375 → 3.09 (tax on the line price, before order discounts); 37.50 − 3.75 + 3.09 = 36.84.
    const { orderById: read } = await storefront<{ orderById: Record<string, unknown> }>(
      `query OrderById($id: ID!) { orderById(id: $id) {
        id context { storeId channelId }
        lineItems { skuId quantity unitAmount { value currencyCode } details { sku productAssetUrl }
          taxes { name ratePercentage amount { value } } totals { subTotal { value } taxTotal { value } } }
        discounts { code ratePercentage amount { value currencyCode } }
        taxes { name ratePercentage amount { value } }
        totals { subTotal { value } discountTotal { value } taxTotal { value } shippingTotal { value } feeTotal { value } total { value currencyCode } }
      } }`,
      { id: cart.id },
    );
    const subTotal = 3 * teas[0].price;
    const discount = Math.round(subTotal * 0.1);
    const tax = Math.round((subTotal * 825) / 10_000);
    expect({ subTotal, discount, tax }).toEqual({ subTotal: 3750, discount: 375, tax: 309 });
    expect(read).toEqual({
      id: cart.id,
      context: { storeId, channelId },
      lineItems: [
        {
          skuId: skuIds[0],
          quantity: 3,
          unitAmount: { value: teas[0].price, currencyCode: 'USD' },
          details: { sku: teas[0].code, productAssetUrl: `https://cdn.example.com/${teas[0].code}.png` },
          taxes: [{ name: 'CA sales tax', ratePercentage: '8.25', amount: { value: tax } }],
          totals: { subTotal: { value: subTotal }, taxTotal: { value: tax } },
        },
      ],
      discounts: [{ code: 'TEA10', ratePercentage: '10', amount: { value: discount, currencyCode: 'USD' } }],
      taxes: [{ name: 'CA sales tax', ratePercentage: '8.25', amount: { value: tax } }],
      totals: {
        subTotal: { value: subTotal },
        discountTotal: { value: discount },
        taxTotal: { value: tax },
        shippingTotal: { value: 0 },
        feeTotal: { value: 0 },
        total: { value: subTotal - discount + tax, currencyCode: 'USD' },
      },
    });

    // The merchant turns the cart into an order through the admin flow (the composed graph).
    const opened = await merchant<{
      openDraftOrder: { statuses: { status: string }; totals: { total: { value: number } } };
    }>('mutation($id: ID!) { openDraftOrder(id: $id) { statuses { status } totals { total { value } } } }', {
      id: cart.id,
    });
    expect(opened.openDraftOrder).toEqual({
      statuses: { status: 'OPEN' },
      totals: { total: { value: 3684 } },
    });

    // A listing past the catalog's complexity limit (300 000, docs/graphql.md "Limits"): the
    // catalog's own refusal reaches the client through /graphql with its code and message, not as
    // an INTERNAL_SERVER_ERROR.
    const tooMuch = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...bearer(token), 'x-store-id': storeId, 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ skuGroups(first: 100) { edges { node { skus(first: 100) { edges { node { id name prices(first: 100) { edges { node { id } } } } } } } } } }',
      }),
    });
    const refused = (await tooMuch.json()) as { errors: { message: string; extensions: { code: string } }[] };
    expect(refused.errors).toEqual([
      expect.objectContaining({
        message: expect.stringMatching(/the limit is 300000 /),
        extensions: expect.objectContaining({ code: 'GRAPHQL_QUERY_TOO_COMPLEX' }),
      }),
    ]);
  });

  it('registers an agent with the admin CLI, reads, revokes it and pages the feed through the gateway', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'agents-e2e');
    const { token } = await issueToken(accountId, 'agents.agent:read,agents.agent:revoke,agents.event:read');
    const host = `e2e-${randomUUID().slice(0, 8)}.example.com`;
    const provider = `e2e-${randomUUID().slice(0, 8)}`;
    const registered = await admin(
      'agent',
      'register',
      '--account',
      accountId,
      '--provider',
      provider,
      '--host',
      host,
      '--version',
      '1.0.0',
    );
    expect(registered).toEqual({ agentId: expect.any(String), ansName: `ans://v1.0.0.${host}` });

    const record = await call(`/v1/agents/${registered.agentId}`, bearer(token));
    expect(record.status).toBe(200);
    expect(await record.json()).toMatchObject({ agentStatus: 'ACTIVE', ansName: registered.ansName });

    const revoked = await fetch(`${baseUrl}/v1/agents/${registered.agentId}/revoke`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'KEY_COMPROMISE' }),
    });
    expect(revoked.status).toBe(200);
    expect(await revoked.json()).toMatchObject({ status: 'REVOKED', reason: 'KEY_COMPROMISE' });

    const feed = await call(`/v1/agents/events?providerId=${provider}&limit=1`, bearer(token));
    const page = (await feed.json()) as { items: { eventType: string }[]; lastLogId: string };
    expect(page.items.map((e) => e.eventType)).toEqual(['AGENT_REGISTERED']);
    const next = await call(
      `/v1/agents/events?providerId=${provider}&limit=1&lastLogId=${page.lastLogId}`,
      bearer(token),
    );
    expect(((await next.json()) as typeof page).items.map((e) => e.eventType)).toEqual(['AGENT_REVOKED']);

    const crl = await call('/v1/agents/crl');
    expect(crl.status).toBe(200);
    expect(crl.headers.get('content-type')).toContain('application/pkix-crl');
  });

  /** JSON calls with `token`, and polling a path until `done` (90 s). */
  function clientOf(token: string) {
    const send = (method: string, path: string, body?: unknown, contentType = 'application/json') =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...bearer(token), ...(body === undefined ? {} : { 'content-type': contentType }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const until = <T>(path: string, done: (body: T) => boolean, what: string) =>
      waitFor(
        async () => {
          const body = (await (await call(path, bearer(token))).json()) as T;
          return done(body) ? body : undefined;
        },
        { what, timeoutMs: 90_000, intervalMs: 100 },
      );
    return { send, until };
  }

  /** Buys a fresh `.com` through /v1/domains (the account has a payment profile) and waits for it. */
  async function buyDomain(token: string): Promise<string> {
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const domain = `e2e-${randomUUID().slice(0, 8)}.com`;

    const check = await call(`/v3/domains/check-availability?domain=${domain}`, bearer(token));
    expect(await check.json()).toMatchObject({ domain, available: true, definitive: true });
    const contact = {
      nameFirst: 'Ada',
      nameLast: 'Lovelace',
      email: 'ada@example.net',
      phone: '+1.4805058800',
      addressMailing: {
        address1: '1 Main St',
        city: 'Tempe',
        state: 'AZ',
        postalCode: '85281',
        country: 'US',
      },
    };
    const purchase = await send('POST', '/v1/domains/purchase', {
      domain,
      consent: { agreementKeys: ['DNRA'], agreedBy: '203.0.113.7', agreedAt: new Date().toISOString() },
      contactRegistrant: contact,
    });
    expect(purchase.status).toBe(202);
    const { orderId } = (await purchase.json()) as { orderId: string };
    const order = await waitFor(
      async () => {
        const body = (await (await call(`/v1/domains/orders/${orderId}`, bearer(token))).json()) as {
          status: string;
        };
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: 'the purchase to complete', timeoutMs: 30_000 },
    );
    expect(order).toMatchObject({ status: 'COMPLETED', type: 'PURCHASE', domain });
    return domain;
  }

  it('buys a domain; a mailbox on it completes; an agent on it publishes into its zone and revocation removes exactly those records', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'domains-e2e');
    await admin('payment-profile', 'add', '--account', accountId);
    const { token } = await issueToken(
      accountId,
      'domains.domain:create,domains.domain:read,domains.dns:read,domains.dns:write,' +
        'email.mailbox:create,email.mailbox:read,agents.agent:revoke',
    );
    const json = { ...bearer(token), 'content-type': 'application/json' };
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, { method, headers: json, body: JSON.stringify(body) });
    const domain = await buyDomain(token);
    const listed = (await (await call('/v1/domains?limit=10', bearer(token))).json()) as { domain: string }[];
    expect(listed.map((d) => d.domain)).toEqual([domain]);

    // Mailboxes ask the domains service who holds the domain.
    const mailbox = await send('POST', '/mailboxes', {
      emailAddress: `ada@${domain}`,
      accountId,
      firstName: 'Ada',
      lastName: 'Lovelace',
      consents: [{ type: 'FREETRIAL_AUTORENEW' }],
    });
    expect(mailbox.status).toBe(202);
    const { mailboxId } = (await mailbox.json()) as { mailboxId: string };
    const provisioned = await waitFor(
      async () => {
        const body = (await (await call(`/mailboxes/${mailboxId}`, bearer(token))).json()) as {
          status: string;
        };
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: 'the mailbox to be provisioned', timeoutMs: 30_000 },
    );
    expect(provisioned).toMatchObject({ status: 'COMPLETED' });

    // The owner's own record, then an agent on a host of the domain: its records join the zone.
    expect(
      (
        await send('PATCH', `/v1/domains/${domain}/records`, [
          { type: 'A', name: 'www', data: '203.0.113.10' },
        ])
      ).status,
    ).toBe(204);
    const zone = async () =>
      (
        (await (await call(`/v1/domains/${domain}/records`, bearer(token))).json()) as {
          type: string;
          name: string;
        }[]
      ).map((r) => `${r.type} ${r.name}`);
    const before = await zone();
    const agent = await admin(
      'agent',
      'register',
      '--account',
      accountId,
      '--provider',
      `e2e-${randomUUID().slice(0, 8)}`,
      '--host',
      `agent.${domain}`,
      '--version',
      '1.0.0',
    );
    const published = await waitFor(
      async () => {
        const records = await zone();
        return records.includes('TXT _ans-badge.agent') ? records : undefined;
      },
      { what: "the agent's records to reach the zone", timeoutMs: 30_000 },
    );
    expect(published).toEqual(
      expect.arrayContaining([
        ...before,
        'TXT _ans.agent',
        'HTTPS agent',
        'TXT _ans-badge.agent',
        'TLSA _443._tcp.agent',
      ]),
    );
    expect(published).toHaveLength(before.length + 4);

    const revoked = await send('POST', `/v1/agents/${agent.agentId}/revoke`, {
      reason: 'CESSATION_OF_OPERATION',
    });
    expect(revoked.status).toBe(200);
    const { dnsRecordsToRemove } = (await revoked.json()) as { dnsRecordsToRemove: unknown[] };
    expect(dnsRecordsToRemove).toHaveLength(4);
    const after = await waitFor(
      async () => {
        const records = await zone();
        return records.length === before.length ? records : undefined;
      },
      { what: "the agent's records to leave the zone", timeoutMs: 30_000 },
    );
    expect(after).toEqual(before);
    expect(after).toContain('A www');
    // Three waits of up to 30 s each: more than Jest's default on a busy machine.
  }, 120_000);

  it('hosts a Node.js app: create, attach, secrets, upload, preview and publish answer at their gateway URLs', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'hosting-e2e');
    const scopes = [
      'hosting.application:create',
      'hosting.application:read',
      'hosting.application:update',
      'hosting.source:write',
      'hosting.secret:write',
      'hosting.deployment:execute',
      'hosting.paas.apps:read',
    ];
    const { token } = await issueToken(accountId, scopes);
    const { send, until } = clientOf(token);

    const created = await send('POST', '/v1/hosting/apps?appType=NODEJS', { name: 'through the gateway' });
    expect(created.status).toBe(202);
    const operation = await until<{ status: string; appId: string }>(
      created.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the app to be created',
    );
    expect(operation.status).toBe('COMPLETED');
    const { appId } = operation;
    expect((await send('PUT', `/v1/hosting/apps/${appId}/subscription`, {})).status).toBe(200);
    for (const variant of ['PREVIEW', 'PUBLISH']) {
      const patched = await send(
        'PATCH',
        `/v1/hosting/apps/${appId}/secrets?variant=${variant}`,
        [{ op: 'add', path: '/GREETING', value: `hello from ${variant.toLowerCase()}` }],
        'application/json-patch+json',
      );
      expect(patched.status).toBe(200);
    }
    const secrets = await call(`/v1/hosting/apps/${appId}/secrets`, bearer(token));
    expect(secrets.status).toBe(200);
    const secretsText = await secrets.text();
    expect(JSON.parse(secretsText)).toMatchObject({
      variants: {
        preview: { secrets: [{ name: 'GREETING' }] },
        publish: { secrets: [{ name: 'GREETING' }] },
      },
    });
    expect(secretsText).not.toContain('hello from');

    const form = new FormData();
    form.append('file', new Blob([await fixtureZip()]), 'app.zip');
    const uploaded = await fetch(`${baseUrl}/v1/hosting/apps/${appId}/imports`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(uploaded.status).toBe(202);
    const imported = await until<{ status: string }>(
      uploaded.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the import to finish',
    );
    expect(imported.status).toBe('COMPLETED');

    const status = async () =>
      (
        (await (await call(`/v1/hosting/apps/${appId}/status`, bearer(token))).json()) as {
          variants: {
            variant: string;
            url: string | null;
            isolation: string | null;
            egress: string | null;
          }[];
        }
      ).variants;
    const urls = async () => (await status()).map((v) => v.url);
    const [previewUrl] = await urls();
    // PUBLIC_BASE_URL unset: the hosted URL names the gateway's real port, not the apps' default 8080.
    expect(previewUrl).toBe(`http://127.0.0.1:${childEnv.PORT}/hosted/${appId}/preview/`);
    const preview = await fetch(`${previewUrl}log?x=1`); // no token: the app's own traffic
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ greeting: 'hello from preview', url: '/log?x=1' });
    // No `nft` on the worker's sandbox path: sandboxed all the same, without internet egress.
    expect((await status()).find((v) => v.variant === 'PREVIEW')).toMatchObject({
      isolation: 'NETNS',
      egress: 'NONE',
    });

    const deployed = await send('POST', `/v1/hosting/apps/${appId}/deployments`);
    expect(deployed.status).toBe(202);
    const deployment = await until<{ status: string }>(
      deployed.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the deployment to finish',
    );
    expect(deployment.status).toBe('COMPLETED');
    const publishUrl = (await urls())[1];
    expect(publishUrl).toBe(`${baseUrl}/hosted/${appId}/publish/`);
    const published = await fetch(publishUrl ?? '');
    expect(await published.json()).toMatchObject({ greeting: 'hello from publish', url: '/' });

    const earlier = await call(`/v1/hosting/nodejs/apps/${appId}/deployments`, bearer(token));
    expect(((await earlier.json()) as { deployments: { status: string }[] }).deployments[0].status).toBe(
      'deployed',
    );
  }, 180_000);

  it('serves a hosted app at a custom domain bought through /v1/domains (records in its zone, by Host); a foreign one stays PENDING with its records', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'custom-domains-e2e');
    await admin('payment-profile', 'add', '--account', accountId);
    const { token } = await issueToken(accountId, [
      'domains.domain:create',
      'domains.domain:read',
      'domains.dns:read',
      'hosting.application:create',
      'hosting.application:read',
      'hosting.application:update',
      'hosting.source:write',
    ]);
    const domain = await buyDomain(token);
    const { send, until } = clientOf(token);
    /** A request to the gateway with its own Host header (fetch does not send one). */
    const byHost = (host: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${baseUrl}${path}`, { headers: { host } }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });

    const created = await send('POST', '/v1/hosting/apps?appType=NODEJS', { name: 'custom domain' });
    const { appId } = await until<{ status: string; appId: string }>(
      created.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the app to be created',
    );
    const form = new FormData();
    form.append('file', new Blob([await fixtureZip()]), 'app.zip');
    const uploaded = await fetch(`${baseUrl}/v1/hosting/apps/${appId}/imports`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    const imported = await until<{ status: string }>(
      uploaded.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the import to finish',
    );
    expect(imported.status).toBe('COMPLETED');

    const hostname = `www.${domain}`;
    const attached = await send('POST', `/v1/hosting/apps/${appId}/domains`, {
      hostname,
      variant: 'PREVIEW',
    });
    expect(attached.status).toBe(202);
    const active = await until<{ status: string; verifiedBy?: string; records: { value: string }[] }>(
      attached.headers.get('location') ?? '',
      (b) => b.status !== 'PENDING',
      'the owned domain to be checked',
    );
    expect(active).toMatchObject({ status: 'ACTIVE', verifiedBy: 'PLATFORM_ZONE' });
    const zone = (await (await call(`/v1/domains/${domain}/records`, bearer(token))).json()) as {
      type: string;
      name: string;
      data: string;
    }[];
    expect(zone).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'CNAME', name: 'www', data: active.records[0].value }),
        expect.objectContaining({ type: 'TXT', name: '_platform-verify.www', data: active.records[1].value }),
      ]),
    );

    // Through the gateway, by Host: the app at its root; an unknown Host is 404 in the commerce shape.
    const served = await waitFor(
      async () => {
        const res = await byHost(hostname.toUpperCase(), '/log?x=1');
        return res.status === 200 ? res : undefined;
      },
      { what: 'the custom domain to serve', timeoutMs: 30_000 },
    );
    expect(JSON.parse(served.body)).toMatchObject({ url: '/log?x=1', forwardedPrefix: null });
    const unknown = await byHost(`nobody.${domain}`, '/');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toMatchObject({ name: 'DOMAIN_NOT_FOUND' });
    // The platform's own host routes by path as before.
    expect((await call(`/v1/hosting/apps/${appId}/domains`, bearer(token))).status).toBe(200);

    // Nobody here holds this one: PENDING with exactly the records still missing.
    const foreign = await send('POST', `/v1/hosting/apps/${appId}/domains`, {
      hostname: `shop.foreign-${randomUUID().slice(0, 8)}.org`,
      variant: 'PREVIEW',
    });
    expect(foreign.status).toBe(202);
    const pending = await until<{ status: string; lastCheckedAt?: string; records: { status: string }[] }>(
      foreign.headers.get('location') ?? '',
      (b) => b.lastCheckedAt !== undefined,
      'the foreign domain to be checked',
    );
    expect(pending.status).toBe('PENDING');
    expect(pending.records.map((r) => r.status)).toEqual(['MISSING', 'MISSING']);

    expect((await send('DELETE', `/v1/hosting/apps/${appId}/domains/${hostname}`)).status).toBe(204);
    await waitFor(async () => ((await byHost(hostname, '/')).status === 404 ? true : undefined), {
      what: 'the Host to stop routing',
      timeoutMs: 30_000,
    });
  }, 180_000);

  it('a hosted app (the isolation probe), sandboxed without nft, answers through the gateway and reaches nothing of the platform', async () => {
    const { accountId } = await admin('account', 'create', '--name', 'hosting-probe');
    const { token } = await issueToken(accountId, [
      'hosting.application:create',
      'hosting.application:read',
      'hosting.source:write',
      'hosting.paas.apps:read',
    ]);
    const until = <T>(path: string, done: (body: T) => boolean, what: string) =>
      waitFor(
        async () => {
          const body = (await (await call(path, bearer(token))).json()) as T;
          return done(body) ? body : undefined;
        },
        { what, timeoutMs: 90_000, intervalMs: 100 },
      );
    const created = await fetch(`${baseUrl}/v1/hosting/apps?appType=NODEJS`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'probe' }),
    });
    expect(created.status).toBe(202);
    const { appId } = await until<{ status: string; appId: string }>(
      created.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the probe app to be created',
    );
    const form = new FormData();
    form.append('file', new Blob([await fixtureZip('runtime-probe')]), 'app.zip');
    const uploaded = await fetch(`${baseUrl}/v1/hosting/apps/${appId}/imports`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(uploaded.status).toBe(202);
    const imported = await until<{ status: string }>(
      uploaded.headers.get('location') ?? '',
      (b) => b.status !== 'EXECUTING',
      'the probe import to finish',
    );
    expect(imported.status).toBe('COMPLETED');
    const preview = await until<{
      variants: { variant: string; url: string | null; state: string; isolation: string; egress: string }[];
    }>(
      `/v1/hosting/apps/${appId}/status`,
      (b) => b.variants.some((v) => v.variant === 'PREVIEW' && v.state === 'RUNNING'),
      'the probe to run',
    ).then((b) => b.variants.find((v) => v.variant === 'PREVIEW'));
    expect(preview).toMatchObject({ isolation: 'NETNS', egress: 'NONE' });
    const previewUrl = preview?.url ?? '';
    expect(previewUrl).toBe(`${baseUrl}/hosted/${appId}/preview/`);

    // Its own traffic through the gateway's /hosted path: it runs as the sandbox's user, loopback only.
    const whoami = await fetch(`${previewUrl}whoami`);
    expect(whoami.status).toBe(200);
    expect(await whoami.json()).toMatchObject({ uid: 10001 });

    // Every port listening on this host (the gateway, each service and worker, PostgreSQL, Redis)
    // on every address of the host; inside the sandbox, loopback 8080 is the probe itself.
    const SANDBOX_APP_PORT = 8080;
    const targets = hostAddresses().flatMap((host) =>
      listeningPorts()
        .filter((port) => !((host === '::1' || host.startsWith('127.')) && port === SANDBOX_APP_PORT))
        .map((port) => ({ host, port })),
    );
    expect(targets).toEqual(
      expect.arrayContaining([
        { host: '127.0.0.1', port: Number(childEnv.PORT) },
        { host: '127.0.0.1', port: Number(childEnv.COUNTRIES_PORT) },
        { host: '127.0.0.1', port: Number(childEnv.HOSTING_PORT) },
        { host: '127.0.0.1', port: 5432 },
        { host: '127.0.0.1', port: 6379 },
      ]),
    );
    const connect = await fetch(`${previewUrl}connect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ targets, timeoutMs: 1500 }),
    });
    const connectText = await connect.text();
    // The answer's body too when it is not the probe's (an error of the way there).
    expect({ status: connect.status, body: connect.status === 200 ? '' : connectText }).toEqual({
      status: 200,
      body: '',
    });
    const attempts = JSON.parse(connectText) as { target: unknown; ok: boolean }[];
    expect(attempts).toHaveLength(targets.length);
    expect(attempts.filter((a) => a.ok)).toEqual([]);
  }, 180_000);

  describe('early answers to large bodies (lingering close, proxied as they are)', () => {
    const MiB = 1024 * 1024;
    const UNKNOWN = 'NODEJS-noSuchApp';
    const UNKNOWN_STORE = '00000000-0000-4000-8000-000000000000';
    // A raw socket also sends each case with `Expect: 100-continue` (holding the body back for the
    // interim answer, as curl does); fetch cannot send that header.
    type Client = 'fetch' | 'socket' | 'socket with Expect';
    type Framing = BodySend['framing'];
    const COMBINATIONS = (['fetch', 'socket', 'socket with Expect'] as Client[]).flatMap((client) =>
      (['content-length', 'chunked'] as Framing[]).flatMap((framing) =>
        [3, 30].map((mb) => ({ client, framing, mb })),
      ),
    );

    /**
     * Sends one request per combination (fetch, a raw socket, or one sending `Expect: 100-continue`;
     * Content-Length or chunked; 3 or 30 MB) to `path` on the gateway and on the service itself,
     * and returns every outcome that is not `status` with a body in the commerce error object
     * naming `code`.
     */
    async function misses(
      path: string,
      servicePort: string | undefined,
      send: Omit<BodySend, 'url' | 'bytes' | 'framing'>,
      expected: { status: number; code: string },
    ): Promise<string[]> {
      const found: string[] = [];
      for (const base of [baseUrl, `http://127.0.0.1:${servicePort}`])
        for (const { client, framing, mb } of COMBINATIONS) {
          const request: BodySend = {
            ...send,
            url: `${base}${path}`,
            bytes: mb * MiB,
            framing,
            expectContinue: client === 'socket with Expect',
          };
          const result = client === 'fetch' ? await sendWithFetch(request) : await sendWithSocket(request);
          let code: unknown;
          try {
            code = (JSON.parse(result.body) as { name?: unknown }).name;
          } catch {
            code = undefined;
          }
          if (result.status !== expected.status || code !== expected.code || result.error)
            found.push(
              `${base === baseUrl ? 'gateway' : 'service'} ${client} ${framing} ${mb} MB: ` +
                `${result.status} ${String(code)} ${result.error ?? ''} (${result.ms} ms)`,
            );
        }
      return found;
    }

    let appId: string;
    let writer: string;
    let reader: string;

    beforeAll(async () => {
      const { accountId } = await admin('account', 'create', '--name', 'early-answers');
      const token = (scopes: string) => issueToken(accountId, scopes).then((t) => t.token);
      writer = await token('hosting.application:create,hosting.application:read,hosting.paas.code:write');
      reader = await token('hosting.paas.apps:read');
      const created = await fetch(`${baseUrl}/v1/hosting/apps?appType=NODEJS`, {
        method: 'POST',
        headers: { ...bearer(writer), 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'early answers' }),
      });
      expect(created.status).toBe(202);
      const operation = await waitFor(
        async () => {
          const res = await call(created.headers.get('location') ?? '', bearer(writer));
          const body = (await res.json()) as { status: string; appId: string };
          return body.status === 'EXECUTING' ? undefined : body;
        },
        { what: 'the app to be created', timeoutMs: 60_000, intervalMs: 100 },
      );
      expect(operation.status).toBe('COMPLETED');
      appId = operation.appId;
    }, 90_000);

    const source = (app: string) => `/v1/hosting/nodejs/apps/${app}/source`;

    it.each([
      ['401 without a token', () => ({ app: UNKNOWN, headers: {} }), 401, 'UNAUTHORIZED'],
      ['403 for a read-only token', () => ({ app: UNKNOWN, headers: bearer(reader) }), 403, 'FORBIDDEN'],
      ['404 for an unknown app', () => ({ app: UNKNOWN, headers: bearer(writer) }), 404, 'APP_NOT_FOUND'],
      [
        '413 past the upload limit',
        () => ({ app: appId, headers: bearer(writer) }),
        413,
        'PAYLOAD_TOO_LARGE',
      ],
    ] as const)(
      'an upload answered %s reaches every client, through the gateway and directly',
      async (_what, target, status, code) => {
        const { app, headers } = target();
        const found = await misses(
          source(app),
          childEnv.HOSTING_PORT,
          { headers, multipart: true },
          { status, code },
        );
        expect(found).toEqual([]);
      },
      120_000,
    );

    it('an upload that is not multipart is a 415 every client reads', async () => {
      const found = await misses(
        source(appId),
        childEnv.HOSTING_PORT,
        { headers: { ...bearer(writer), 'content-type': 'application/octet-stream' } },
        { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      );
      expect(found).toEqual([]);
    }, 120_000);

    it('a JSON body over 1 MiB is a 413 every client reads (the gateway refuses it before proxying)', async () => {
      const found = await misses(
        `/v1/commerce/stores/${UNKNOWN_STORE}/customers`,
        childEnv.COMMERCE_REST_PORT,
        { headers: { ...bearer(writer), 'content-type': 'application/json' } },
        { status: 413, code: 'PAYLOAD_TOO_LARGE' },
      );
      expect(found).toEqual([]);
    }, 120_000);
  });

  it('restarts the platform process when it crashed, after a backoff, and serves again through the gateway', async () => {
    // Single mode: one child of npm start runs every component; a crash of one takes the process.
    const before = platformProcessOf(platform);
    expect(before).toBeDefined();
    const { token } = await newToken();
    process.kill(before?.pid as number, 'SIGKILL');
    await waitFor(
      () =>
        output().includes('platform exited unexpectedly (SIGKILL); restarting in 1000 ms (1 in a row)') ||
        undefined,
      { what: 'npm start to say it restarts the platform' },
    );
    const back = await waitFor(
      async () => {
        const res = await call('/v1/countries?marketId=fr-FR', bearer(token)).catch(() => undefined);
        return res?.status === 200 ? res : undefined;
      },
      { what: 'the platform to answer again through the gateway', timeoutMs: 90_000, intervalMs: 250 },
    );
    expect(back.status).toBe(200);
    // Every component is back, the workers too, on the ports they had: the components start side
    // by side, so the gateway (and countries) may answer before the slowest of them is ready.
    const healthz = await waitFor(
      async () => {
        const res = await call('/healthz').catch(() => undefined);
        return res?.status === 200 ? res : undefined;
      },
      { what: 'every component to be ready again (/healthz 200)', timeoutMs: 90_000, intervalMs: 250 },
    );
    expect({ status: healthz.status, body: await healthz.json() }).toMatchObject({
      status: 200,
      body: { status: 'ok', notReady: [] },
    });
    const after = platformProcessOf(platform);
    expect(after).toBeDefined();
    expect(after?.pid).not.toBe(before?.pid);
    expect(platform.exitCode).toBeNull();
  }, 240_000);

  it('stops every process cleanly on SIGTERM (as on Ctrl-C) under load: requests in flight answered, exit 0, nothing left', async () => {
    // 20 connections through the gateway to two services (a public route, and one refusing the
    // missing token), none counted by the rate limit.
    const expected = { '/v1/agents/crl': 200, '/v1/countries?marketId=fr-FR': 401 };
    const run = await signalUnderLoad(started as StartedPlatform, {
      signal: 'SIGTERM',
      paths: Object.keys(expected),
    });
    expect(shutdownProblems(run, expected)).toEqual([]);
    expect(run.processesAtSignal.map((p) => p.cmdline)).toContainEqual(
      expect.stringContaining('dist/platform/apps/platform/src/main.js'),
    );
    expect(output()).toContain('[platform] stopping…');
    await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${childEnv.COUNTRIES_PORT}/health/live`)).rejects.toThrow();
  }, 90_000);
});
