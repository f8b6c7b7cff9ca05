import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { deriveInternalCredential } from '@platform/crypto';
import {
  OutboundErrorCode,
  createOutboundFetcher,
  isOutboundError,
  parseOutboundTargets,
} from '@platform/outbound';
import { TEST_ENCRYPTION_KEY, describeWithVendorData, type TestCredential } from '@platform/testing';
import { AgentProfilesService } from '../src/modules/ucp/agent-profiles.service';
import { ALL_CAPABILITIES } from './support/fake-agent';
import { fakeStoreOverrides, startFakeStore, type FakeStore } from './support/fake-store';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { describeRecordedResponsesValid, recordResponse, type UcpJson } from './support/ucp-responses';

type Json = UcpJson;

const INTERNAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

/** A TCP listener that counts the connections made to it (and answers none). */
async function startCountingListener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The reason the outbound policy gives for refusing `url`, or 'allowed'. */
async function verdict(check: (url: string) => Promise<unknown>, url: string): Promise<string> {
  try {
    await check(url);
    return 'allowed';
  } catch (e) {
    if (isOutboundError(e, OutboundErrorCode.OUTBOUND_REFUSED)) return String(e.details.reason);
    throw e;
  }
}

/**
 * UCP's negotiation (overview.md "Negotiation Protocol", "Negotiation Errors"): the `UCP-Agent`
 * header, the agent profile fetched through the outbound policy and cached, the version check, the
 * capability intersection, and each failure with its status and code.
 */
describe('shopping: UCP negotiation (REST)', () => {
  let t: ShoppingTestApp;
  let store: FakeStore;
  let buyer: TestCredential;
  let cases = 0;

  /** A profile URL the cache has never seen (the fake agent serves /profile whatever the query). */
  const freshProfile = () => `${t.agent.profileUrl}?case=${++cases}`;

  /**
   * The buyer's token for an agent: a token acts for one agent profile (AgentBindingsService), so
   * each profile these cases claim gets a token of its own, as each agent platform would.
   */
  const tokens = new Map<string, Promise<TestCredential>>();
  function tokenFor(ucpAgent: string | undefined): Promise<TestCredential> {
    const key = ucpAgent ?? '';
    if (key === t.agent.header) return Promise.resolve(buyer);
    let token = tokens.get(key);
    if (!token) {
      token = t.buyer().then((cred) => {
        t.commerce.grant(cred.headers.authorization, store.storeId);
        return cred;
      });
      tokens.set(key, token);
    }
    return token;
  }

  /** A UCP call with `ucpAgent` as the header (absent when undefined), recorded for the schema check. */
  async function call(
    ucpAgent: string | undefined,
    url = '/v1/shopping/catalog/search',
    body: unknown = { query: 'hosting' },
  ) {
    const cred = await tokenFor(ucpAgent);
    const res = await t.inject({
      method: 'POST',
      url,
      headers: {
        ...cred.headers,
        'content-type': 'application/json',
        ...(url.includes('/checkout-sessions') ? { 'idempotency-key': randomUUID() } : {}),
        ...(ucpAgent !== undefined ? { 'ucp-agent': ucpAgent } : {}),
      },
      payload: JSON.stringify(body),
    });
    recordResponse(t.responses, 'POST', url, res);
    return res;
  }

  beforeAll(async () => {
    store = await startFakeStore(INTERNAL);
    t = await startShoppingTestApp('shopping-negotiation', fakeStoreOverrides(store));
    buyer = await t.buyer();
    t.commerce.grant(buyer.headers.authorization, store.storeId);
  });

  afterEach(() => t.agent.setOptions({}));

  afterAll(async () => {
    await t?.close();
    await store?.close();
  });

  describe('the UCP-Agent header', () => {
    it('missing: 400 invalid_profile_url naming the UCP-Agent header, no profile fetched', async () => {
      const fetches = t.agent.profileFetches;
      const res = await call(undefined);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [
          expect.objectContaining({
            type: 'error',
            code: 'invalid_profile_url',
            content: expect.stringContaining('UCP-Agent'),
          }),
        ],
      });
      expect(t.agent.profileFetches).toBe(fetches);
    });

    it.each([
      ['not a structured-field dictionary', 'profile=(((('],
      ['no profile member', 'agent="https://agent.example/profile"'],
      ['a relative profile URL', 'profile="/profile"'],
      ['a profile URL that is not http(s)', 'profile="ftp://agent.example/profile"'],
      ['a profile that is a token, not a string', 'profile=agent'],
    ])(
      'malformed (%s): 400 invalid_profile_url, no path (a header is not in the body)',
      async (_what, header) => {
        const res = await call(header);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          ucp: { status: 'error' },
          messages: [expect.objectContaining({ code: 'invalid_profile_url' })],
        });
        expect((res.json() as Json).messages[0].path).toBeUndefined();
      },
    );
  });

  describe('the agent profile', () => {
    it('a profile of version 2025-01-01: 422 version_unsupported', async () => {
      t.agent.setOptions({ version: '2025-01-01' });
      const res = await call(`profile="${freshProfile()}"`);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        ucp: { status: 'error' },
        messages: [expect.objectContaining({ code: 'version_unsupported' })],
      });
    });

    it('a UCP-Agent asking for version 2025-01-01: 422 version_unsupported', async () => {
      const res = await call(`profile="${freshProfile()}";version="2025-01-01"`);
      expect(res.statusCode).toBe(422);
      expect((res.json() as Json).messages[0].code).toBe('version_unsupported');
    });

    it('no capability in common: HTTP 200 with the capabilities_incompatible envelope', async () => {
      t.agent.setOptions({ capabilities: ['com.example.loyalty'] });
      const res = await call(`profile="${freshProfile()}"`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [expect.objectContaining({ type: 'error', code: 'capabilities_incompatible' })],
      });
    });

    it('a profile that cannot be fetched: 424 profile_unreachable with Retry-After', async () => {
      const res = await call(`profile="${t.agent.url}/no-such-profile"`);
      expect(res.statusCode).toBe(424);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect((res.json() as Json).messages[0].code).toBe('profile_unreachable');
    });

    it.each([
      ['not JSON', 'this is not json'],
      ['JSON without ucp.version', '{"ucp":{"capabilities":{}}}'],
      ['a version that is not a date', '{"ucp":{"version":"latest","capabilities":{}}}'],
      ['capabilities that are not a registry', '{"ucp":{"version":"2026-04-08","capabilities":[1]}}'],
    ])('a malformed profile (%s): 422 profile_malformed', async (_what, raw) => {
      t.agent.setOptions({ rawProfile: raw });
      const res = await call(`profile="${freshProfile()}"`);
      expect(res.statusCode).toBe(422);
      expect((res.json() as Json).messages[0].code).toBe('profile_malformed');
    });

    it('is fetched once and then read from the cache', async () => {
      const profile = freshProfile();
      const before = t.agent.profileFetches;
      for (let i = 0; i < 3; i++) expect((await call(`profile="${profile}"`)).statusCode).toBe(200);
      expect(t.agent.profileFetches - before).toBe(1);
    });
  });

  describe('profile URLs the outbound policy refuses', () => {
    let listener: Awaited<ReturnType<typeof startCountingListener>>;

    beforeAll(async () => {
      listener = await startCountingListener();
    });

    afterAll(() => listener?.close());

    const platformUrl = (raw: string, port: number) => {
      const u = new URL(raw);
      return `http://${u.hostname}:${u.port || port}/profile`;
    };

    it('the platform’s Redis, its PostgreSQL, a service port, the metadata address, loopback and localhost: 400 invalid_profile_url, no connection made', async () => {
      const urls = [
        platformUrl(t.config.platform.redisUrl, 6379),
        platformUrl(t.config.platform.databaseUrl, 5432),
        'http://127.0.0.1:3009/profile',
        'http://169.254.169.254/latest/meta-data/',
        `http://127.0.0.1:${listener.port}/profile`,
        `http://localhost:${listener.port}/profile`,
        `http://2130706433:${listener.port}/profile`,
        `http://[::ffff:127.0.0.1]:${listener.port}/profile`,
      ];
      for (const url of urls) {
        const res = await call(`profile="${url}"`);
        expect({ url, status: res.statusCode, code: (res.json() as Json).messages?.[0]?.code }).toEqual({
          url,
          status: 400,
          code: 'invalid_profile_url',
        });
      }
      expect(listener.connections()).toBe(0);
    });

    it('the platform’s own endpoints stay refused even where loopback is allowed (the deny list the config builds)', async () => {
      const { check } = createOutboundFetcher({
        allow: parseOutboundTargets('127.0.0.1,localhost'),
        deniedTargets: t.config.shopping.outbound.deniedTargets,
      });
      expect(await verdict(check, platformUrl(t.config.platform.redisUrl, 6379))).toBe('denied_target');
      expect(await verdict(check, platformUrl(t.config.platform.databaseUrl, 5432))).toBe('denied_target');
      expect(await verdict(check, 'http://127.0.0.1:3009/profile')).toBe('denied_target');
      expect(await verdict(check, 'http://localhost:3010/profile')).toBe('denied_target');
      // What is refused is the platform's, not loopback as such: the listener passes this policy.
      expect(await verdict(check, `http://127.0.0.1:${listener.port}/profile`)).toBe('allowed');
      // The service's own policy (only the fake agent's port allowed) refuses the listener as loopback.
      const own = t.app.get(AgentProfilesService).outbound;
      expect(await verdict(own.check, `http://127.0.0.1:${listener.port}/profile`)).toBe('forbidden_address');
      expect(await verdict(own.check, 'http://169.254.169.254/latest/meta-data/')).toBe('forbidden_address');
      expect(await verdict(own.check, t.agent.profileUrl)).toBe('allowed');
      expect(listener.connections()).toBe(0);
    });
  });

  describeWithVendorData('ucp', 'only negotiated capabilities in a response', (ucp) => {
    beforeAll(() => store.seedFlowerShop(ucp));

    const checkout = () => ({
      line_items: [{ item: { id: store.item('bouquet_roses').skuId }, quantity: 1 }],
      discounts: { codes: ['10OFF'] },
    });

    it('an agent that declares the discount extension: the discount capability and the discounts field', async () => {
      const res = await call(
        t.agent.header,
        `/v1/shopping/stores/${store.storeId}/checkout-sessions`,
        checkout(),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json() as Json;
      expect(Object.keys(body.ucp.capabilities).sort()).toEqual([
        'dev.ucp.shopping.checkout',
        'dev.ucp.shopping.discount',
      ]);
      expect(body.discounts).toMatchObject({ codes: ['10OFF'] });
    });

    it('an agent without it: no discount capability, no discounts field, its codes not applied', async () => {
      t.agent.setOptions({ capabilities: ALL_CAPABILITIES.filter((c) => c !== 'dev.ucp.shopping.discount') });
      const res = await call(
        `profile="${freshProfile()}"`,
        `/v1/shopping/stores/${store.storeId}/checkout-sessions`,
        checkout(),
      );
      expect(res.statusCode).toBe(201);
      const body = res.json() as Json;
      expect(Object.keys(body.ucp.capabilities)).toEqual(['dev.ucp.shopping.checkout']);
      expect(body.discounts).toBeUndefined();
      // The codes belong to the extension it did not negotiate: not applied, no discount unexplained.
      expect(body.totals.map((x: Json) => x.type)).toEqual(['subtotal', 'total']);
    });

    it('a search answers only the search capability of those negotiated', async () => {
      t.agent.setOptions({ capabilities: ['dev.ucp.shopping.catalog.search', 'dev.ucp.shopping.checkout'] });
      const res = await call(
        `profile="${freshProfile()}"`,
        `/v1/shopping/stores/${store.storeId}/catalog/search`,
      );
      expect(res.statusCode).toBe(200);
      expect((res.json() as Json).ucp.capabilities).toEqual({
        'dev.ucp.shopping.catalog.search': [{ version: '2026-04-08' }],
      });
    });
  });

  describe('a token acts for one agent profile (OVR-006)', () => {
    it('the token of one agent claiming another agent’s profile is 403 profile_not_trusted; its own still works', async () => {
      const agentToken = await t.buyer();
      const own = `profile="${freshProfile()}"`;
      const other = `profile="${freshProfile()}"`;
      const ask = (ucpAgent: string) =>
        t.inject({
          method: 'POST',
          url: '/v1/shopping/catalog/search',
          headers: { ...agentToken.headers, 'content-type': 'application/json', 'ucp-agent': ucpAgent },
          payload: JSON.stringify({ query: 'hosting' }),
        });
      expect((await ask(own)).statusCode).toBe(200);
      const refused = await ask(other);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [{ type: 'error', code: 'profile_not_trusted', severity: 'unrecoverable' }],
      });
      recordResponse(t.responses, 'POST', '/v1/shopping/catalog/search', refused);
      expect((await ask(own)).statusCode).toBe(200);
    });

    it('concurrent first uses of one token with two profiles bind it once: one profile wins, the other is refused', async () => {
      const agentToken = await t.buyer();
      const profiles = [`profile="${freshProfile()}"`, `profile="${freshProfile()}"`];
      const answers = await Promise.all(
        [...profiles, ...profiles].map((ucpAgent) =>
          t.inject({
            method: 'POST',
            url: '/v1/shopping/catalog/search',
            headers: { ...agentToken.headers, 'content-type': 'application/json', 'ucp-agent': ucpAgent },
            payload: JSON.stringify({ query: 'hosting' }),
          }),
        ),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([200, 200, 403, 403]);
      const [row] = (await t.dataSource.query(
        `SELECT profile_url FROM shopping.agent_bindings WHERE token_id = $1`,
        [agentToken.tokenId],
      )) as { profile_url: string }[];
      expect(profiles.map((p) => p.slice(9, -1))).toContain(row.profile_url);
    });
  });

  describeRecordedResponsesValid(() => t.responses, 15);
});
