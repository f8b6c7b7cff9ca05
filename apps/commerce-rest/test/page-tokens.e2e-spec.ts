import type { ForgedCursor, TestCredential } from '@platform/testing';
import { assertForgedCursorsRefused } from '@platform/testing';
import { ChannelProvisioningService } from '../src/modules/channels/channel-provisioning.service';
import { ChannelsRepository } from '../src/modules/channels/channels.repository';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

interface Listed {
  links: { rel: string; href: string }[];
}

const LEAK =
  /\n\s+at |\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b|syntax error at|violates|relation "/i;

/**
 * Forged page tokens on the commerce lists (channels, customers): random bytes, JSON of the wrong
 * shape, real tokens cut short or with one character changed, huge ones, characters outside
 * base64url, and real tokens of another list, account, store, filter or page size. Each is a 400
 * INVALID_REQUEST naming query `pageToken`, never a 500 and never a page.
 * (The transaction list's tokens are checked in transactions.e2e-spec.ts, which builds a list
 * long enough to have one.)
 */
describe('commerce page tokens: every forgery is a 400 at query pageToken', () => {
  let t: CommerceTestApp;
  let alice: TestCredential;
  let bob: TestCredential;
  let storeA: string;
  let storeB: string;
  let bobStore: string;

  const get = (url: string, cred: TestCredential = alice) =>
    t.inject({ method: 'GET', url, headers: cred.headers });
  /** The pageToken of the next link of `url`'s answer. */
  const nextToken = async (url: string, cred: TestCredential = alice): Promise<string> => {
    const res = await get(url, cred);
    expect(res.statusCode).toBe(200);
    const href = res.json<Listed>().links.find((l) => l.rel === 'next')?.href;
    const token = href ? new URL(href, 'http://x').searchParams.get('pageToken') : null;
    if (!token) throw new Error(`${url} has no next token`);
    return token;
  };
  const createCustomer = async (store: string, n: number, cred: TestCredential) => {
    const res = await t.inject({
      method: 'POST',
      url: `/v1/commerce/stores/${store}/customers`,
      headers: cred.headers,
      payload: { firstName: 'C', lastName: 'N', emails: [{ email: `c${n}@example.com` }] },
    });
    expect(res.statusCode).toBe(201);
  };

  /** The answer to a forged token: 400 in the commerce shape, about pageToken, nothing leaked. */
  const refuses =
    (url: (token: string) => string, cred: () => TestCredential = () => alice) =>
    async ({ token }: ForgedCursor): Promise<void> => {
      const res = await get(url(encodeURIComponent(token)), cred());
      expect(res.statusCode).toBe(400);
      const body = res.json<{ name: string; correlationId: string; details: { field: string }[] }>();
      expect(body).toMatchObject({ name: 'INVALID_REQUEST', correlationId: expect.any(String) });
      expect(body.details.map((d) => d.field)).toContain('pageToken');
      expect(res.body).not.toMatch(LEAK);
    };

  beforeAll(async () => {
    t = await startCommerceTestApp('page-tokens');
    const scopes = ['commerce.channel:read', 'commerce.customer:read', 'commerce.customer:create'] as const;
    alice = await t.newCredential([...scopes]);
    bob = await t.newCredential([...scopes]);
    storeA = (await t.newStore(alice.accountId)).storeId;
    storeB = (await t.newStore(alice.accountId)).storeId;
    bobStore = (await t.newStore(bob.accountId)).storeId;
    const provisioning = new ChannelProvisioningService(new ChannelsRepository(t.dataSource.manager));
    for (let i = 0; i < 3; i++) await provisioning.createChannel({ storeId: storeA, name: `A${i}` });
    for (let i = 0; i < 3; i++) await provisioning.createChannel({ storeId: bobStore, name: `B${i}` });
    for (let i = 0; i < 3; i++) await createCustomer(storeA, i, alice);
    for (let i = 0; i < 3; i++) await createCustomer(storeB, 10 + i, alice);
    for (let i = 0; i < 3; i++) await createCustomer(bobStore, 20 + i, bob);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it('channels: a real token pages; forged ones and tokens of other lists are refused', async () => {
    const real = await nextToken('/v1/commerce/channels?pageSize=1');
    expect((await get(`/v1/commerce/channels?pageSize=1&page=2&pageToken=${real}`)).statusCode).toBe(200);
    const foreign = [
      await nextToken('/v1/commerce/channels?pageSize=1', bob), // another account
      await nextToken(`/v1/commerce/channels?pageSize=1&registeredStores.storeId=${storeA}`), // another filter
      await nextToken('/v1/commerce/channels?pageSize=2'), // another page size
      await nextToken(`/v1/commerce/stores/${storeA}/customers?pageSize=1`), // another list
    ];
    const checked = await assertForgedCursorsRefused(
      [real, await nextToken('/v1/commerce/channels?pageSize=1&page=2')],
      foreign,
      refuses((token) => `/v1/commerce/channels?pageSize=1&page=2&pageToken=${token}`),
    );
    expect(checked).toBeGreaterThan(80);
  });

  it('customers: a real token pages; forged ones and tokens of other stores or lists are refused', async () => {
    const list = `/v1/commerce/stores/${storeA}/customers`;
    const real = await nextToken(`${list}?pageSize=1`);
    expect((await get(`${list}?pageSize=1&page=2&pageToken=${real}`)).statusCode).toBe(200);
    const foreign = [
      await nextToken(`/v1/commerce/stores/${storeB}/customers?pageSize=1`), // another store
      await nextToken(`/v1/commerce/stores/${bobStore}/customers?pageSize=1`, bob), // another account
      await nextToken(`${list}?pageSize=2`), // another page size
      await nextToken('/v1/commerce/channels?pageSize=1'), // another list
    ];
    await assertForgedCursorsRefused(
      [real],
      foreign,
      refuses((token) => `${list}?pageSize=1&page=2&pageToken=${token}`),
    );
  });

  it('a real token on another page number is refused too (it opens one page only)', async () => {
    const real = await nextToken('/v1/commerce/channels?pageSize=1');
    const res = await get(`/v1/commerce/channels?pageSize=1&page=3&pageToken=${real}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: 'INVALID_REQUEST',
      details: [{ issue: 'INVALID_VALUE', field: 'pageToken', location: 'query' }],
    });
  });
});
