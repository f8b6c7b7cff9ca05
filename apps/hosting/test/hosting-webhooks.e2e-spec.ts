import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import { WEBHOOK_EVENT_TYPES } from '../src/modules/webhooks/webhook-event-types';
import type {
  CreatedWebhookResponse,
  WebhookDeliveryPageResponse,
  WebhookPageResponse,
  WebhookResponse,
} from '../src/modules/webhooks/webhooks.response';
import type { HostingTestApp } from './support/hosting-test-app';
import { startHostingTestApp } from './support/hosting-test-app';

interface CommerceError {
  name: string;
  details: { issue: string; field?: string; value?: string; location: string }[];
}

const MANAGE = ['hosting.application:update', 'hosting.application:read'] as const;

describe('hosting webhooks: create, read, list, delete, refused URLs (real Postgres)', () => {
  let t: HostingTestApp;
  let cred: TestCredential;

  beforeAll(async () => {
    // Receivers on this machine are allowed, as in development; the platform's own ports never are.
    t = await startHostingTestApp('hosting-webhooks', { HOSTING_WEBHOOK_ALLOW: '127.0.0.1' });
  });

  afterAll(() => t?.close());

  beforeEach(async () => {
    cred = await t.newCredential([...MANAGE]);
  });

  const post = (payload: unknown, c = cred) =>
    t.inject({ method: 'POST', url: '/v1/hosting/webhooks', headers: c.headers, payload: payload as object });
  const get = (url: string, c = cred) => t.inject({ method: 'GET', url, headers: c.headers });
  const del = (webhookId: string, c = cred) =>
    t.inject({ method: 'DELETE', url: `/v1/hosting/webhooks/${webhookId}`, headers: c.headers });

  async function create(url = 'http://127.0.0.1:9/hook', events = ['deployment.succeeded']) {
    const res = await post({ url, events });
    expect(res.statusCode).toBe(201);
    return res.json() as CreatedWebhookResponse;
  }

  const refusal = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as CommerceError;
    expect(body.name).toBe('INVALID_REQUEST');
    return body.details[0];
  };

  it('creates a webhook: 201 with its signing secret once, Location, then reads it without the secret', async () => {
    const res = await post({
      url: 'http://127.0.0.1:9/hook',
      events: ['deployment.started', 'deployment.failed'],
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as CreatedWebhookResponse;
    expect(created).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      events: ['deployment.started', 'deployment.failed'],
      links: [
        { rel: 'self', href: `/v1/hosting/webhooks/${created.webhookId}` },
        { rel: 'deliveries', href: `/v1/hosting/webhooks/${created.webhookId}/deliveries` },
      ],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(res.headers.location).toBe(`/v1/hosting/webhooks/${created.webhookId}`);

    const read = await get(`/v1/hosting/webhooks/${created.webhookId}`);
    expect(read.statusCode).toBe(200);
    const { secret: _secret, ...withoutSecret } = created;
    expect(read.json()).toEqual(withoutSecret);
    expect(read.body).not.toContain(created.secret.slice(6));
  });

  it('stores the signing secret sealed: the row holds neither the secret nor its key bytes', async () => {
    const created = await create();
    const rows: { sealed_secret: Buffer; key_id: string }[] = await t.dataSource.query(
      'SELECT sealed_secret, key_id FROM hosting.webhooks WHERE id = $1',
      [created.webhookId],
    );
    const key = Buffer.from(created.secret.slice(6), 'base64');
    expect(rows[0].sealed_secret.includes(key)).toBe(false);
    expect(rows[0].sealed_secret.toString('latin1')).not.toContain(created.secret);
    expect(rows[0].key_id).toMatch(/^[0-9a-f]{16}$/);
  });

  it('lists the caller’s webhooks newest first, keyset paged; a token of another list or query is refused', async () => {
    const ids = [(await create()).webhookId, (await create()).webhookId, (await create()).webhookId];
    const first = await get('/v1/hosting/webhooks?pageSize=2');
    expect(first.statusCode).toBe(200);
    const page1 = first.json() as WebhookPageResponse;
    expect(page1.items.map((w) => w.webhookId)).toEqual([ids[2], ids[1]]);
    const next = page1.links.find((l) => l.rel === 'next')?.href;
    expect(next).toBeDefined();
    const page2 = (await get(next as string)).json() as WebhookPageResponse;
    expect(page2.items.map((w) => w.webhookId)).toEqual([ids[0]]);
    expect(page2.links.find((l) => l.rel === 'next')).toBeUndefined();

    const token = new URL(next as string, 'http://x').searchParams.get('pageToken') as string;
    const otherSize = await get(`/v1/hosting/webhooks?pageSize=3&pageToken=${encodeURIComponent(token)}`);
    expect(refusal(otherSize)).toMatchObject({ issue: 'INVALID_FORMAT', field: 'pageToken' });
    const otherAccount = await get(
      `/v1/hosting/webhooks?pageSize=2&pageToken=${encodeURIComponent(token)}`,
      await t.newCredential([...MANAGE]),
    );
    expect(refusal(otherAccount).issue).toBe('INVALID_FORMAT');
    const otherList = await get(
      `/v1/hosting/webhooks/${ids[0]}/deliveries?pageSize=2&pageToken=${encodeURIComponent(token)}`,
    );
    expect(refusal(otherList).issue).toBe('INVALID_FORMAT');
  });

  it('deletes a webhook (204); it is gone from reads and lists, and a second delete is 404', async () => {
    const created = await create();
    const removed = await del(created.webhookId);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await get(`/v1/hosting/webhooks/${created.webhookId}`)).statusCode).toBe(404);
    expect(((await get('/v1/hosting/webhooks')).json() as WebhookPageResponse).items).toEqual([]);
    const again = await del(created.webhookId);
    expect(again.statusCode).toBe(404);
    expect((again.json() as CommerceError).name).toBe('WEBHOOK_NOT_FOUND');
  });

  it('answers another account’s webhook, and an unknown one, as 404 WEBHOOK_NOT_FOUND', async () => {
    const created = await create();
    const other = await t.newCredential([...MANAGE]);
    for (const res of [
      await get(`/v1/hosting/webhooks/${created.webhookId}`, other),
      await get(`/v1/hosting/webhooks/${created.webhookId}/deliveries`, other),
      await del(created.webhookId, other),
      await get(`/v1/hosting/webhooks/${randomUUID()}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect((res.json() as CommerceError).name).toBe('WEBHOOK_NOT_FOUND');
    }
    expect((await get(`/v1/hosting/webhooks/${created.webhookId}`)).statusCode).toBe(200);
    expect(refusal(await get('/v1/hosting/webhooks/not-a-uuid'))).toMatchObject({
      issue: 'INVALID_FORMAT',
      location: 'path',
    });
  });

  it('lists no deliveries for a webhook that has had no event', async () => {
    const created = await create();
    const res = await get(`/v1/hosting/webhooks/${created.webhookId}/deliveries`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [],
      links: [
        { rel: 'self', href: `/v1/hosting/webhooks/${created.webhookId}/deliveries?pageSize=25` },
        { rel: 'webhook', href: `/v1/hosting/webhooks/${created.webhookId}` },
      ],
    } satisfies WebhookDeliveryPageResponse);
  });

  it('needs hosting.application:update to create or delete and hosting.application:read to read', async () => {
    const readOnly = await t.newCredential(['hosting.application:read']);
    const updateOnly = await t.newCredential(['hosting.application:update']);
    const created = await create();
    const forbidden = [
      await post({ url: 'http://127.0.0.1:9/', events: ['deployment.failed'] }, readOnly),
      await del(created.webhookId, readOnly),
      await get('/v1/hosting/webhooks', updateOnly),
      await get(`/v1/hosting/webhooks/${created.webhookId}`, updateOnly),
    ];
    for (const res of forbidden) {
      expect(res.statusCode).toBe(403);
      expect((res.json() as CommerceError).name).toBe('FORBIDDEN');
    }
    const anonymous = await t.inject({ method: 'GET', url: '/v1/hosting/webhooks' });
    expect(anonymous.statusCode).toBe(401);
  });

  it.each([
    [
      'an unknown event type',
      { url: 'http://127.0.0.1:9/', events: ['deployment.exploded'] },
      'INVALID_VALUE',
      '/events',
    ],
    ['no event type', { url: 'http://127.0.0.1:9/', events: [] }, 'OUT_OF_RANGE', '/events'],
    [
      'a repeated event type',
      { url: 'http://127.0.0.1:9/', events: ['domain.verified', 'domain.verified'] },
      'INVALID_FORMAT',
      '/events',
    ],
    [
      'events that are not an array',
      { url: 'http://127.0.0.1:9/', events: 'deployment.failed' },
      'INVALID_FORMAT',
      '/events',
    ],
    ['no url', { events: ['deployment.failed'] }, 'REQUIRED', '/url'],
    [
      'an unknown field',
      { url: 'http://127.0.0.1:9/', events: ['deployment.failed'], secret: 'mine' },
      'UNKNOWN_FIELD',
      '/secret',
    ],
  ])('refuses %s with 400', async (_what, payload, issue, field) => {
    expect(refusal(await post(payload))).toMatchObject({ issue, field, location: 'body' });
  });

  it('accepts every declared event type, also those later features will emit', async () => {
    const all = [...WEBHOOK_EVENT_TYPES];
    expect((await create('http://127.0.0.1:9/', all)).events).toEqual(all);
  });

  describe('refuses URLs the platform must not call, with 400 and details[].issue at /url', () => {
    const redisPort = () => new URL(t.env.env.REDIS_URL).port || '6379';
    const postgresPort = () => new URL(t.env.env.DATABASE_URL).port || '5432';

    it('the platform’s PostgreSQL port, although 127.0.0.1 is allowed: PLATFORM_ENDPOINT', async () => {
      for (const url of [`http://127.0.0.1:${postgresPort()}/`, `http://localhost:${postgresPort()}/hook`]) {
        expect(refusal(await post({ url, events: ['deployment.failed'] }))).toMatchObject({
          issue: 'PLATFORM_ENDPOINT',
          field: '/url',
          value: url,
        });
      }
    });

    it('the platform’s Redis port, although 127.0.0.1 is allowed: PLATFORM_ENDPOINT', async () => {
      const url = `http://127.0.0.1:${redisPort()}/`;
      expect(refusal(await post({ url, events: ['deployment.failed'] })).issue).toBe('PLATFORM_ENDPOINT');
      // Other spellings of the same address are read as the URL parser reads them.
      const spelled = `http://2130706433:${redisPort()}/`;
      expect(refusal(await post({ url: spelled, events: ['deployment.failed'] })).issue).toBe(
        'PLATFORM_ENDPOINT',
      );
    });

    it('a service port of the platform on this host: PLATFORM_ENDPOINT', async () => {
      const url = 'http://127.0.0.1:3005/v1/hosting/apps';
      expect(refusal(await post({ url, events: ['deployment.failed'] })).issue).toBe('PLATFORM_ENDPOINT');
    });

    it.each([
      ['a private address', 'https://10.1.2.3/hook', 'FORBIDDEN_ADDRESS'],
      ['the link-local metadata address', 'https://169.254.169.254/latest/meta-data', 'FORBIDDEN_ADDRESS'],
      ['an IPv6 loopback not allowed', 'https://[::1]:8443/', 'FORBIDDEN_ADDRESS'],
      ['http to a host the allow list does not name', 'http://93.184.216.34/hook', 'HTTPS_REQUIRED'],
      ['credentials in the URL', 'https://user:pw@93.184.216.34/', 'CREDENTIALS_IN_URL'],
      ['another scheme', 'ftp://93.184.216.34/', 'UNSUPPORTED_SCHEME'],
      ['a relative URL', '/hook', 'INVALID_FORMAT'],
    ])('%s: %s', async (_what, url, issue) => {
      expect(refusal(await post({ url, events: ['deployment.failed'] }))).toMatchObject({
        issue,
        field: '/url',
      });
    });
  });

  it('keeps at most 20 webhooks per account: the 21st is 409 WEBHOOK_LIMIT_REACHED', async () => {
    await Promise.all(Array.from({ length: 20 }, () => create()));
    const over = await post({ url: 'http://127.0.0.1:9/', events: ['deployment.failed'] });
    expect(over.statusCode).toBe(409);
    expect((over.json() as CommerceError).name).toBe('WEBHOOK_LIMIT_REACHED');
    const listed = (await get('/v1/hosting/webhooks?pageSize=100')).json() as WebhookPageResponse;
    expect(listed.items).toHaveLength(20);
    expect(listed.items.every((w: WebhookResponse) => !('secret' in w))).toBe(true);
  });
});
