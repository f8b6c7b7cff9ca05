import type { TestCredential } from '@platform/testing';
import type { AgentEventResponse, AgentEventsResponse } from '../src/modules/events/events.response';
import type { EventsTestApp } from './support/events-test-app';
import { SAMPLE_ENDPOINTS, agentSnapshot, startEventsTestApp } from './support/events-test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const PROVIDERS = ['provider-a', 'provider-b', 'provider-c'];

/** Page sizes of a walk over `n` events: full pages, the remainder, then the empty page. */
function expectedSizes(n: number, limit: number): number[] {
  const sizes = Array.from({ length: Math.floor(n / limit) }, () => limit);
  if (n % limit) sizes.push(n % limit);
  return [...sizes, 0];
}

describe('GET /v1/agents/events', () => {
  let t: EventsTestApp;
  let reader: TestCredential;
  /** Served events in stream order, with their provider. */
  const live: { logId: string; providerId: string }[] = [];
  /** Events appended 31 days ago: already expired, never served. */
  const expired: string[] = [];
  let registered: { logId: string; at: Date };
  let revoked: { logId: string; at: Date };

  const get = async (query: Record<string, string | number> = {}, cred: TestCredential = reader) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    return t.inject({ method: 'GET', url: `/v1/agents/events${qs ? `?${qs}` : ''}`, headers: cred.headers });
  };

  const page = async (query: Record<string, string | number> = {}): Promise<AgentEventsResponse> => {
    const res = await get(query);
    expect(res.statusCode).toBe(200);
    return res.json() as AgentEventsResponse;
  };

  /** Follows lastLogId from the start until an empty page; every id, and each page's size. */
  const walk = async (limit: number, providerId?: string) => {
    const ids: string[] = [];
    const sizes: number[] = [];
    let lastLogId: string | undefined;
    for (;;) {
      const body = await page({
        limit,
        ...(lastLogId === undefined ? {} : { lastLogId }),
        ...(providerId === undefined ? {} : { providerId }),
      });
      sizes.push(body.items.length);
      if (body.items.length === 0) {
        expect(body.lastLogId).toBe(lastLogId ?? '0');
        return { ids, sizes };
      }
      ids.push(...body.items.map((i) => i.logId));
      expect(body.lastLogId).toBe(body.items[body.items.length - 1].logId);
      lastLogId = body.lastLogId;
    }
  };

  beforeAll(async () => {
    t = await startEventsTestApp('agent-events');
    reader = await t.newCredential(['agents.event:read']);
    const at = new Date(Date.now() - 3_600_000);
    registered = { logId: await t.append('AGENT_REGISTERED', agentSnapshot(1), at), at };
    live.push({ logId: registered.logId, providerId: 'provider-a' });
    const revokedAt = new Date(at.getTime() + 1234);
    revoked = {
      logId: await t.append(
        'AGENT_REVOKED',
        agentSnapshot(2, { description: null, providerId: 'provider-b' }),
        revokedAt,
      ),
      at: revokedAt,
    };
    live.push({ logId: revoked.logId, providerId: 'provider-b' });
    // 120 more (more than the default limit), with expired ones interleaved.
    for (let n = 3; n < 123; n += 1) {
      if (n % 40 === 0) {
        expired.push(
          await t.append('AGENT_REGISTERED', agentSnapshot(n), new Date(Date.now() - 31 * DAY_MS)),
        );
      }
      const providerId = PROVIDERS[n % PROVIDERS.length];
      live.push({ logId: await t.append('AGENT_REGISTERED', agentSnapshot(n, { providerId })), providerId });
    }
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('item', () => {
    it('carries every field of the Agent event; expiresAt is createdAt + 30 days', async () => {
      const body = await page({ lastLogId: (BigInt(registered.logId) - 1n).toString(), limit: 1 });
      expect(body).toEqual({
        items: [
          {
            logId: registered.logId,
            eventType: 'AGENT_REGISTERED',
            createdAt: registered.at.toISOString(),
            expiresAt: new Date(registered.at.getTime() + 30 * DAY_MS).toISOString(),
            agentId: '00000000-0000-4000-8000-000000000001',
            ansName: 'ans://v1.0.1.agent1.example.com',
            agentHost: 'agent1.example.com',
            agentDisplayName: 'Agent 1',
            agentDescription: 'Agent number 1',
            version: '1.0.1',
            providerId: 'provider-a',
            endpoints: SAMPLE_ENDPOINTS,
          },
        ],
        lastLogId: registered.logId,
      });
      expect(body.items[0].createdAt).toMatch(ISO_MS);
      expect(body.items[0].expiresAt).toMatch(ISO_MS);
    });

    it('omits agentDescription when the agent has none (null-free)', async () => {
      const body = await page({ lastLogId: registered.logId, limit: 1 });
      const item: AgentEventResponse = body.items[0];
      expect(item.logId).toBe(revoked.logId);
      expect(item.eventType).toBe('AGENT_REVOKED');
      expect(item.createdAt).toBe(revoked.at.toISOString());
      expect(Object.keys(item)).not.toContain('agentDescription');
      expect(Object.values(item)).not.toContain(null);
    });
  });

  describe('paging', () => {
    it.each([1, 3, 200])('walks every event exactly once, in order, with limit %i', async (limit) => {
      const { ids, sizes } = await walk(limit);
      expect(ids).toEqual(live.map((e) => e.logId));
      expect(sizes).toEqual(expectedSizes(live.length, limit));
    });

    it('serves 100 events when limit is omitted', async () => {
      const body = await page();
      expect(body.items.map((i) => i.logId)).toEqual(live.slice(0, 100).map((e) => e.logId));
      expect(body.lastLogId).toBe(live[99].logId);
    });

    it('starts after lastLogId, exclusive', async () => {
      const body = await page({ lastLogId: live[10].logId, limit: 5 });
      expect(body.items.map((i) => i.logId)).toEqual(live.slice(11, 16).map((e) => e.logId));
    });

    it('answers an empty page with the request lastLogId echoed past the end', async () => {
      const past = (BigInt(live[live.length - 1].logId) + 1000n).toString();
      expect(await page({ lastLogId: past })).toEqual({ items: [], lastLogId: past });
      // Leading zeros are accepted; the cursor comes back as a plain decimal.
      expect(await page({ lastLogId: `000${past}` })).toEqual({ items: [], lastLogId: past });
      expect(await page({ lastLogId: '9223372036854775807' })).toEqual({
        items: [],
        lastLogId: '9223372036854775807',
      });
    });

    it('answers lastLogId "0" for an empty page requested without one', async () => {
      expect(await page({ providerId: 'nobody' })).toEqual({ items: [], lastLogId: '0' });
    });

    it('accepts lastLogId "0" as the start of the stream', async () => {
      const body = await page({ lastLogId: '0', limit: 2 });
      expect(body.items.map((i) => i.logId)).toEqual(live.slice(0, 2).map((e) => e.logId));
    });
  });

  describe('providerId', () => {
    it.each(PROVIDERS)('serves only %s, paging within it', async (providerId) => {
      const { ids, sizes } = await walk(7, providerId);
      expect(ids).toEqual(live.filter((e) => e.providerId === providerId).map((e) => e.logId));
      expect(ids.length).toBeGreaterThan(7);
      expect(sizes).toEqual(expectedSizes(ids.length, 7));
    });

    it('serves each item of the filtered feed with that providerId', async () => {
      const body = await page({ providerId: 'provider-b', limit: 200 });
      expect(new Set(body.items.map((i) => i.providerId))).toEqual(new Set(['provider-b']));
    });

    it('serves the global stream of every provider without it', async () => {
      const body = await page({ limit: 200 });
      expect(new Set(body.items.map((i) => i.providerId))).toEqual(new Set(PROVIDERS));
    });
  });

  describe('expiry', () => {
    it('never serves an expired event, even right after the cursor', async () => {
      expect(expired.length).toBeGreaterThan(0);
      for (const id of expired) {
        const body = await page({ lastLogId: (BigInt(id) - 1n).toString(), limit: 1 });
        expect(body.items).toHaveLength(1);
        expect(body.items[0].logId).not.toBe(id);
        expect(BigInt(body.items[0].logId)).toBeGreaterThan(BigInt(id));
      }
    });
  });

  describe('validation (400, domains error shape)', () => {
    it.each([
      ['0', 'OUT_OF_RANGE'],
      ['201', 'OUT_OF_RANGE'],
      ['-1', 'OUT_OF_RANGE'],
      ['abc', 'INVALID_FORMAT'],
      ['1.5', 'INVALID_FORMAT'],
      ['', 'INVALID_FORMAT'],
    ])('refuses limit=%j (%s)', async (limit, code) => {
      const res = await t.inject({
        method: 'GET',
        url: `/v1/agents/events?limit=${encodeURIComponent(limit)}`,
        headers: reader.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_FORMAT',
        message: expect.any(String),
        fields: [{ path: 'limit', code, message: expect.any(String) }],
      });
    });

    it('refuses a repeated limit', async () => {
      const res = await t.inject({
        method: 'GET',
        url: '/v1/agents/events?limit=1&limit=2',
        headers: reader.headers,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FORMAT', fields: [{ path: 'limit' }] });
    });

    it.each([
      ['abc', 'INVALID_FORMAT'],
      ['-1', 'INVALID_FORMAT'],
      ['1.5', 'INVALID_FORMAT'],
      ['', 'INVALID_FORMAT'],
      ['12345678901234567890', 'INVALID_FORMAT'],
      ['9223372036854775808', 'OUT_OF_RANGE'],
    ])('refuses lastLogId=%j (%s)', async (lastLogId, code) => {
      const res = await get({ lastLogId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_FORMAT',
        message: expect.any(String),
        fields: [{ path: 'lastLogId', code, message: expect.any(String) }],
      });
    });

    it.each([
      ['empty', ''],
      ['of 129 characters', 'p'.repeat(129)],
    ])('refuses a providerId %s (OUT_OF_RANGE)', async (_label, providerId) => {
      const res = await get({ providerId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [{ path: 'providerId', code: 'OUT_OF_RANGE' }],
      });
    });

    it('accepts a providerId of 128 characters', async () => {
      expect(await page({ providerId: 'p'.repeat(128) })).toEqual({ items: [], lastLogId: '0' });
    });

    it('refuses an unknown query parameter', async () => {
      const res = await get({ cursor: '5' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [{ path: 'cursor', code: 'UNKNOWN_FIELD' }],
      });
    });
  });

  describe('credentials', () => {
    it('answers 401 without a token', async () => {
      const res = await t.inject({ method: 'GET', url: '/v1/agents/events' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    });

    it('answers 403 to a token without agents.event:read', async () => {
      const other = await t.newCredential(['agents.agent:read', 'agents.agent:revoke']);
      const res = await get({}, other);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('counts calls against the credential (RateLimit-* headers) and echoes X-Request-Id', async () => {
      const requestId = '7f2c1a52-5b0e-4c57-9d0e-2b7f7a3c9e11';
      const res = await t.inject({
        method: 'GET',
        url: '/v1/agents/events?limit=1',
        headers: { ...reader.headers, 'x-request-id': requestId },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['ratelimit-limit']).toBe('1000000');
      expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(1000000);
      expect(res.headers['ratelimit-reset']).toBeDefined();
      expect(res.headers['x-request-id']).toBe(requestId);
    });
  });
});
