import { SCOPES, type Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { PostgresQueryRunner } from 'typeorm/driver/postgres/PostgresQueryRunner';
import { ChannelProvisioningService } from '../src/modules/channels/channel-provisioning.service';
import { ChannelsRepository } from '../src/modules/channels/channels.repository';
import { ChannelStoreEntity } from '../src/modules/channels/channel-store.entity';
import { StoreEntity } from '../src/modules/stores/store.entity';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';
import { expectQueryRefused } from './support/commerce-errors';

const READ: Scope[] = ['commerce.channel:read'];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Link {
  rel: string;
  href: string;
}
interface Channel {
  channelId: string;
  name: string;
  type: string;
  status: string;
  externalChannelId: string | null;
  subType: string | null;
  registeredStores: { storeId: string; status: string; default: boolean; links: Link[] }[];
  links: Link[];
  createdAt: string;
  updatedAt: string;
}
interface ChannelList {
  items: Channel[];
  links: Link[];
  totalItems?: number;
  totalPages?: number;
}

describe('channels: GET /v1/commerce/channels and /{channelId}', () => {
  let t: CommerceTestApp;
  let provisioning: ChannelProvisioningService;
  let alice: TestCredential;
  let bob: TestCredential;
  let aliceStoreA: string;
  let aliceStoreB: string;
  let bobStore: string;
  /** Alice's channels in list order (createdAt, then id). */
  let aliceChannels: string[] = [];
  let storeADefault: string;
  let storeBChannel: string;
  let bobChannel: string;
  let sharedChannel: string;

  const get = (url: string, cred: TestCredential = alice) =>
    t.inject({ method: 'GET', url, headers: cred.headers });

  beforeAll(async () => {
    t = await startCommerceTestApp('channels');
    provisioning = new ChannelProvisioningService(new ChannelsRepository(t.dataSource.manager));
    alice = await t.newCredential(READ);
    bob = await t.newCredential(READ);
    aliceStoreA = (await t.newStore(alice.accountId, { displayName: 'Alice A' })).storeId;
    aliceStoreB = (await t.newStore(alice.accountId, { displayName: 'Alice B' })).storeId;
    bobStore = (await t.newStore(bob.accountId, { displayName: 'Bob' })).storeId;
    // Store A: 11 channels (the last is its default); store B: one channel with an external id.
    for (let i = 0; i < 11; i++) {
      aliceChannels.push(
        (await provisioning.createChannel({ storeId: aliceStoreA, name: `A${i}` })).channelId,
      );
    }
    storeADefault = aliceChannels[10];
    storeBChannel = (
      await provisioning.createChannel({
        storeId: aliceStoreB,
        name: 'B online',
        type: 'ONLINE',
        externalChannelId: 'ext-b',
      })
    ).channelId;
    aliceChannels.push(storeBChannel);
    bobChannel = (await provisioning.createChannel({ storeId: bobStore, name: 'Bob default' })).channelId;
    // A channel of Bob's also registered (not as default) to Alice's store B: both see it, each only
    // with their own registration.
    sharedChannel = (await provisioning.createChannel({ storeId: bobStore, name: 'Shared' })).channelId;
    await t.dataSource
      .getRepository(ChannelStoreEntity)
      .insert({ channelId: sharedChannel, storeId: aliceStoreB, status: 'DISABLED', isDefault: false });
    aliceChannels.push(sharedChannel);
    // Channels made within the same millisecond are ordered by id: ask the database for the order.
    const rows: { id: string }[] = await t.dataSource.query(
      'SELECT id FROM commerce.channels WHERE id = ANY($1) ORDER BY created_at, id',
      [aliceChannels],
    );
    aliceChannels = rows.map((r) => r.id);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('list', () => {
    it('answers 200 with the first 10 visible channels, oldest first, links and no totals by default', async () => {
      const res = await get('/v1/commerce/channels');
      expect(res.statusCode).toBe(200);
      const body = res.json<ChannelList>();
      expect(body.items.map((c) => c.channelId)).toEqual(aliceChannels.slice(0, 10));
      expect(body).not.toHaveProperty('totalItems');
      expect(body).not.toHaveProperty('totalPages');
      const rels = body.links.map((l) => l.rel);
      expect(rels).toEqual(['self', 'first', 'next']);
      expect(body.links[0].href).toBe('/v1/commerce/channels?page=1&pageSize=10');
    });

    it('carries totals and a last link only with totalRequired=true', async () => {
      const body = (await get('/v1/commerce/channels?totalRequired=true&pageSize=5')).json<ChannelList>();
      expect(body.totalItems).toBe(aliceChannels.length);
      expect(body.totalPages).toBe(Math.ceil(aliceChannels.length / 5));
      expect(body.links.find((l) => l.rel === 'last')?.href).toBe(
        '/v1/commerce/channels?page=3&pageSize=5&totalRequired=true',
      );
      const without = (await get('/v1/commerce/channels?totalRequired=false')).json<ChannelList>();
      expect(without).not.toHaveProperty('totalItems');
    });

    it('walks every page by number and by next links alike, without gaps or repeats', async () => {
      const byNumber: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const body = (await get(`/v1/commerce/channels?pageSize=4&page=${page}`)).json<ChannelList>();
        byNumber.push(...body.items.map((c) => c.channelId));
      }
      expect(byNumber).toEqual(aliceChannels);
      const byLinks: string[] = [];
      let next: string | undefined = '/v1/commerce/channels?pageSize=4';
      while (next) {
        const body: ChannelList = (await get(next)).json<ChannelList>();
        byLinks.push(...body.items.map((c) => c.channelId));
        next = body.links.find((l) => l.rel === 'next')?.href;
      }
      expect(byLinks).toEqual(aliceChannels);
    });

    it('answers a page beyond the end with no items', async () => {
      const res = await get('/v1/commerce/channels?page=9&pageSize=10&totalRequired=true');
      expect(res.statusCode).toBe(200);
      const body = res.json<ChannelList>();
      expect(body.items).toEqual([]);
      expect(body.totalItems).toBe(aliceChannels.length);
      expect(body.links.map((l) => l.rel)).toEqual(['self', 'first', 'prev', 'last']);
    });

    it('filters by registeredStores.storeId', async () => {
      const body = (
        await get(`/v1/commerce/channels?registeredStores.storeId=${aliceStoreB}`)
      ).json<ChannelList>();
      expect(body.items.map((c) => c.channelId)).toEqual(
        aliceChannels.filter((id) => id === storeBChannel || id === sharedChannel),
      );
      expect(body.links[0].href).toContain(`registeredStores.storeId=${aliceStoreB}`);
    });

    it('filters by registeredStores.default, on the same registration as the store filter', async () => {
      const defaults = (await get('/v1/commerce/channels?registeredStores.default=true')).json<ChannelList>();
      // Store A's default is its last channel; store B's is its own channel (the shared one is not).
      expect(defaults.items.map((c) => c.channelId)).toEqual(
        aliceChannels.filter((id) => id === storeADefault || id === storeBChannel),
      );
      const notDefaultOfB = (
        await get(
          `/v1/commerce/channels?registeredStores.storeId=${aliceStoreB}&registeredStores.default=false`,
        )
      ).json<ChannelList>();
      expect(notDefaultOfB.items.map((c) => c.channelId)).toEqual([sharedChannel]);
    });

    it('filters by externalChannelId', async () => {
      const body = (await get('/v1/commerce/channels?externalChannelId=ext-b')).json<ChannelList>();
      expect(body.items).toHaveLength(1);
      expect(body.items[0]).toMatchObject({
        channelId: storeBChannel,
        externalChannelId: 'ext-b',
        type: 'ONLINE',
      });
      expect((await get('/v1/commerce/channels?externalChannelId=nope')).json<ChannelList>().items).toEqual(
        [],
      );
    });

    it("answers another account's store in the filter with an empty list, not its channels", async () => {
      const res = await get(`/v1/commerce/channels?registeredStores.storeId=${bobStore}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<ChannelList>().items).toEqual([]);
    });

    it('shows each account only its own registrations of a shared channel', async () => {
      const forAlice = (await get(`/v1/commerce/channels/${sharedChannel}`)).json<Channel>();
      expect(forAlice.registeredStores).toEqual([
        {
          storeId: aliceStoreB,
          status: 'DISABLED',
          default: false,
          links: [{ rel: 'store', href: `/v1/commerce/stores/${aliceStoreB}`, method: 'GET' }],
        },
      ]);
      const forBob = (await get(`/v1/commerce/channels/${sharedChannel}`, bob)).json<Channel>();
      expect(forBob.registeredStores.map((r) => r.storeId)).toEqual([bobStore]);
      const bobList = (await get('/v1/commerce/channels', bob)).json<ChannelList>();
      expect(bobList.items.map((c) => c.channelId)).toEqual([bobChannel, sharedChannel]);
    });

    it.each([
      ['registeredStores.storeId=not-a-uuid', 'registeredStores.storeId', 'INVALID_FORMAT'],
      ['registeredStores.default=yes', 'registeredStores.default', 'INVALID_VALUE'],
      ['pageSize=0', 'pageSize', 'OUT_OF_RANGE'],
      ['pageSize=101', 'pageSize', 'OUT_OF_RANGE'],
      ['pageSize=ten', 'pageSize', 'INVALID_FORMAT'],
      ['page=0', 'page', 'OUT_OF_RANGE'],
      ['page=1.5', 'page', 'INVALID_FORMAT'],
      ['totalRequired=1', 'totalRequired', 'INVALID_VALUE'],
      ['externalChannelId=', 'externalChannelId', 'OUT_OF_RANGE'],
      ['pageToken=garbage!', 'pageToken', 'INVALID_VALUE'],
      ['sort=name', 'sort', 'UNKNOWN_FIELD'],
    ])('answers ?%s with 400 naming query %s (%s)', async (qs, field, issue) => {
      const res = await get(`/v1/commerce/channels?${qs}`);
      expectQueryRefused(res, field, issue);
    });

    it('reads a page in the same number of queries whatever its size (no N+1)', async () => {
      const spy = jest.spyOn(PostgresQueryRunner.prototype, 'query');
      const queriesFor = async (url: string): Promise<number> => {
        spy.mockClear();
        expect((await get(url)).statusCode).toBe(200);
        return spy.mock.calls.length;
      };
      try {
        const small = await queriesFor('/v1/commerce/channels?pageSize=1');
        const large = await queriesFor('/v1/commerce/channels?pageSize=100');
        expect(large).toBe(small);
        // The token lookup, the page of channels, their registrations.
        expect(small).toBeLessThanOrEqual(3);
        expect(await queriesFor('/v1/commerce/channels?pageSize=100&totalRequired=true')).toBe(small + 1);
      } finally {
        spy.mockRestore();
      }
    });

    it('refuses a page token used with another page', async () => {
      const first = (await get('/v1/commerce/channels?pageSize=2')).json<ChannelList>();
      const next = new URL(first.links.find((l) => l.rel === 'next')?.href ?? '', 'http://x');
      const token = next.searchParams.get('pageToken');
      const res = await get(`/v1/commerce/channels?pageSize=2&page=3&pageToken=${token}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'pageToken', location: 'query' });
    });
  });

  describe('one channel', () => {
    it('answers 200 with the channel, its registrations and a self link', async () => {
      const res = await get(`/v1/commerce/channels/${storeBChannel}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        channelId: storeBChannel,
        name: 'B online',
        type: 'ONLINE',
        status: 'ACTIVE',
        externalChannelId: 'ext-b',
        subType: null,
        registeredStores: [
          {
            storeId: aliceStoreB,
            status: 'ENABLED',
            default: true,
            links: [{ rel: 'store', href: `/v1/commerce/stores/${aliceStoreB}`, method: 'GET' }],
          },
        ],
        links: [{ rel: 'self', href: `/v1/commerce/channels/${storeBChannel}`, method: 'GET' }],
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        updatedAt: expect.stringMatching(/Z$/),
      });
    });

    it('reads every channel the list returns, with the same representation (list ⇔ read)', async () => {
      for (const cred of [alice, bob]) {
        let next: string | undefined = '/v1/commerce/channels?pageSize=3';
        let seen = 0;
        while (next) {
          const page: ChannelList = (await get(next, cred)).json<ChannelList>();
          for (const item of page.items) {
            const one = await get(item.links[0].href, cred);
            expect(one.statusCode).toBe(200);
            expect(one.json()).toEqual(item);
            seen++;
          }
          next = page.links.find((l) => l.rel === 'next')?.href;
        }
        expect(seen).toBeGreaterThan(0);
      }
    });

    it("answers another account's channel with 404 CHANNEL_NOT_FOUND, never 401 or 403", async () => {
      const res = await get(`/v1/commerce/channels/${bobChannel}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        name: 'CHANNEL_NOT_FOUND',
        correlationId: expect.any(String),
        message: expect.any(String),
        details: [expect.objectContaining({ issue: 'CHANNEL_NOT_FOUND' })],
      });
    });

    it('answers an unknown channel with 404 CHANNEL_NOT_FOUND', async () => {
      const res = await get(`/v1/commerce/channels/${UNKNOWN_ID}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().name).toBe('CHANNEL_NOT_FOUND');
    });

    it('answers a channel whose only store left the account with 404', async () => {
      const store = (await t.newStore(alice.accountId)).storeId;
      const { channelId } = await provisioning.createChannel({ storeId: store });
      expect((await get(`/v1/commerce/channels/${channelId}`)).statusCode).toBe(200);
      // The store moves to Bob's business: the channel is now Bob's to see.
      const bobBusiness = (await t.dataSource.getRepository(StoreEntity).findOneByOrFail({ id: bobStore }))
        .businessId;
      await t.dataSource.getRepository(StoreEntity).update({ id: store }, { businessId: bobBusiness });
      expect((await get(`/v1/commerce/channels/${channelId}`)).statusCode).toBe(404);
      expect((await get(`/v1/commerce/channels/${channelId}`, bob)).statusCode).toBe(200);
    });

    it('answers a channelId that is not a uuid with 400 at location path', async () => {
      const res = await get('/v1/commerce/channels/not-a-uuid');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [{ issue: 'INVALID_FORMAT', field: 'channelId', value: 'not-a-uuid', location: 'path' }],
      });
    });
  });

  describe('provisioning (what the admin CLI runs)', () => {
    it("moves the store's default to the newest channel: one default registration per store", async () => {
      const store = (await t.newStore(alice.accountId)).storeId;
      const first = (await provisioning.createChannel({ storeId: store })).channelId;
      const second = (await provisioning.createChannel({ storeId: store, type: 'RETAIL', name: 'Till' }))
        .channelId;
      const rows: { channel_id: string; is_default: boolean }[] = await t.dataSource.query(
        'SELECT channel_id, is_default FROM commerce.channel_stores WHERE store_id = $1 ORDER BY is_default',
        [store],
      );
      expect(rows).toEqual([
        { channel_id: first, is_default: false },
        { channel_id: second, is_default: true },
      ]);
      const saved = await t.dataSource.getRepository(StoreEntity).findOneByOrFail({ id: store });
      expect(saved).toMatchObject({ defaultChannelId: second, defaultRetailChannelId: second });
      const one = (await get(`/v1/commerce/channels/${first}`)).json<Channel>();
      expect(one).toMatchObject({
        name: 'My store default channel',
        type: 'DEFAULT',
      });
    });

    it('refuses a second default registration for a store at the database too', async () => {
      const store = (await t.newStore(alice.accountId)).storeId;
      await provisioning.createChannel({ storeId: store });
      const other = (await provisioning.createChannel({ storeId: aliceStoreA })).channelId;
      await expect(
        t.dataSource
          .getRepository(ChannelStoreEntity)
          .insert({ channelId: other, storeId: store, status: 'ENABLED', isDefault: true }),
      ).rejects.toThrow(/channel_stores_store_default_uidx/);
    });

    it.each([
      [{ storeId: UNKNOWN_ID }, 'STORE_NOT_FOUND'],
      [{ name: '' }, 'INVALID_NAME'],
      [{ name: 'n'.repeat(129) }, 'INVALID_NAME'],
      [{ type: 'TV' }, 'INVALID_CHANNEL_TYPE'],
      [{ externalChannelId: 'e'.repeat(65) }, 'INVALID_EXTERNAL_CHANNEL_ID'],
    ])('refuses %j with %s', async (input, code) => {
      await expect(
        provisioning.createChannel({ storeId: aliceStoreA, ...(input as object) } as never),
      ).rejects.toMatchObject({ code });
    });
  });

  describe('credentials and scopes', () => {
    it.each(['/v1/commerce/channels', `/v1/commerce/channels/${UNKNOWN_ID}`])(
      'answers %s with 401 without a token',
      async (url) => {
        const res = await t.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ name: 'UNAUTHORIZED', details: [{ issue: 'UNAUTHORIZED' }] });
      },
    );

    it.each([
      ['the list', () => '/v1/commerce/channels'],
      ['one channel', () => `/v1/commerce/channels/${aliceChannels[0]}`],
    ])(
      'answers %s with 403 for a token with every other commerce scope but commerce.channel:read',
      async (_label, url) => {
        const other = await t.newCredential(
          SCOPES.filter((s) => s !== 'commerce.channel:read'),
          alice.accountId,
        );
        const res = await get(url(), other);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ name: 'FORBIDDEN', details: [{ issue: 'FORBIDDEN' }] });
      },
    );

    it('rate-limits the routes per credential (RateLimit headers)', async () => {
      const res = await get('/v1/commerce/channels');
      expect(res.headers['ratelimit-limit']).toBeDefined();
      expect(res.headers['ratelimit-remaining']).toBeDefined();
    });

    it.each(['POST', 'PATCH', 'PUT', 'DELETE'] as const)(
      'has no %s on the collection (404)',
      async (method) => {
        const res = await t.inject({
          method,
          url: '/v1/commerce/channels',
          headers: alice.headers,
          payload: {},
        });
        expect(res.statusCode).toBe(404);
      },
    );
  });
});
