import type { TestCredential } from '@platform/testing';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';
import { expectQueryRefused } from './support/commerce-errors';

interface Link {
  rel: string;
  href: string;
}
interface CustomerList {
  customers: { customerId: string; firstName: string; createdAt: string; updatedAt: string }[];
  links: Link[];
  totalItems?: number;
  totalPages?: number;
}

const TOTAL = 23;

describe('customers: GET …/customers (paging, If-Modified-Since)', () => {
  let t: CommerceTestApp;
  let alice: TestCredential;
  let storeId: string;
  /** Customer ids in creation order. */
  const ids: string[] = [];

  const path = (store = storeId) => `/v1/commerce/stores/${store}/customers`;
  const list = (qs = '', headers: Record<string, string> = {}, store = storeId) =>
    t.inject({
      method: 'GET',
      url: `${path(store)}${qs ? `?${qs}` : ''}`,
      headers: { ...alice.headers, ...headers },
    });
  const create = async (n: number, store = storeId): Promise<string> => {
    const res = await t.inject({
      method: 'POST',
      url: path(store),
      headers: alice.headers,
      payload: {
        firstName: `Customer`,
        lastName: `Number`,
        nickname: `n${n}`,
        emails: [{ email: `c${n}@example.com` }],
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json().customerId;
  };
  /** Moves the store's list version back, so the next write is certainly in a later second. */
  const ageListVersion = (store = storeId) =>
    t.dataSource.query(
      `UPDATE commerce.customer_list_versions SET changed_at = changed_at - interval '1 hour' WHERE store_id = $1`,
      [store],
    );

  beforeAll(async () => {
    t = await startCommerceTestApp('customers-list');
    alice = await t.newCredential([
      'commerce.customer:read',
      'commerce.customer:create',
      'commerce.customer:update',
    ]);
    storeId = (await t.newStore(alice.accountId)).storeId;
    for (let i = 0; i < TOTAL; i++) ids.push(await create(i));
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  describe('paging', () => {
    it('answers 200 with the first 10 customers, oldest first, and no totals by default', async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const body = res.json<CustomerList>();
      expect(body.customers.map((c) => c.customerId)).toEqual(ids.slice(0, 10));
      expect(body).not.toHaveProperty('totalItems');
      expect(body).not.toHaveProperty('totalPages');
      expect(body.links.map((l) => l.rel)).toEqual(['self', 'first', 'next']);
      expect(body.links[0].href).toBe(`${path()}?page=1&pageSize=10`);
    });

    it('answers totalItems and totalPages only with totalRequired=true', async () => {
      const body = (await list('totalRequired=true')).json<CustomerList>();
      expect(body).toMatchObject({ totalItems: TOTAL, totalPages: 3 });
      expect(body.links.find((l) => l.rel === 'last')?.href).toBe(
        `${path()}?page=3&pageSize=10&totalRequired=true`,
      );
      expect((await list('totalRequired=false')).json()).not.toHaveProperty('totalItems');
    });

    it('answers page 3 with the remainder, a prev link and no next link', async () => {
      const body = (await list('page=3')).json<CustomerList>();
      expect(body.customers.map((c) => c.customerId)).toEqual(ids.slice(20));
      expect(body.links.map((l) => l.rel)).toEqual(['self', 'first', 'prev']);
    });

    it('answers a page beyond the end with no customers', async () => {
      const res = await list('page=50&pageSize=100&totalRequired=true');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ customers: [], totalItems: TOTAL, totalPages: 1 });
    });

    it('honours pageSize from 1 to 100', async () => {
      expect((await list('pageSize=1')).json<CustomerList>().customers.map((c) => c.customerId)).toEqual([
        ids[0],
      ]);
      expect((await list('pageSize=100')).json<CustomerList>().customers).toHaveLength(TOTAL);
    });

    it('walks the same sequence by page numbers and by next links (page tokens)', async () => {
      const byLinks: string[] = [];
      let next: string | undefined = `${path()}?pageSize=7`;
      let pages = 0;
      while (next) {
        const body: CustomerList = (
          await t.inject({ method: 'GET', url: next, headers: alice.headers })
        ).json<CustomerList>();
        byLinks.push(...body.customers.map((c) => c.customerId));
        next = body.links.find((l) => l.rel === 'next')?.href;
        if (next) expect(next).toContain('pageToken=');
        pages++;
      }
      expect(pages).toBe(4);
      expect(byLinks).toEqual(ids);
    });

    it('keeps a next link stable when customers are added at the end meanwhile', async () => {
      const store = (await t.newStore(alice.accountId)).storeId;
      const own: string[] = [];
      for (let i = 0; i < 4; i++) own.push(await create(1000 + i, store));
      const first = (await list('pageSize=2', {}, store)).json<CustomerList>();
      own.push(await create(1004, store));
      const next = first.links.find((l) => l.rel === 'next')?.href ?? '';
      const second = (
        await t.inject({ method: 'GET', url: next, headers: alice.headers })
      ).json<CustomerList>();
      expect(second.customers.map((c) => c.customerId)).toEqual(own.slice(2, 4));
    });

    it.each([
      ['page=0', 'page', 'OUT_OF_RANGE'],
      ['page=-1', 'page', 'OUT_OF_RANGE'],
      ['page=x', 'page', 'INVALID_FORMAT'],
      ['pageSize=0', 'pageSize', 'OUT_OF_RANGE'],
      ['pageSize=101', 'pageSize', 'OUT_OF_RANGE'],
      ['pageSize=', 'pageSize', 'INVALID_FORMAT'],
      ['totalRequired=yes', 'totalRequired', 'INVALID_VALUE'],
      ['pageToken=%2F%2F', 'pageToken', 'INVALID_VALUE'],
      ['q=ada', 'q', 'UNKNOWN_FIELD'],
    ])('answers ?%s with 400 naming query %s', async (qs, field, issue) => {
      const res = await list(qs);
      expectQueryRefused(res, field, issue);
    });

    it('refuses a page token whose key is not a (createdAt, id) pair', async () => {
      const token = Buffer.from(JSON.stringify({ p: 2, k: ['yesterday', 'x'] })).toString('base64url');
      const res = await list(`page=2&pageToken=${token}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().details[0]).toMatchObject({ field: 'pageToken', issue: 'INVALID_VALUE' });
    });
  });

  describe('If-Modified-Since and Last-Modified', () => {
    let store: string;

    beforeEach(async () => {
      store = (await t.newStore(alice.accountId)).storeId;
    });

    const fresh = async (n: number) => {
      const res = await t.inject({
        method: 'POST',
        url: path(store),
        headers: alice.headers,
        payload: {
          firstName: 'Ims',
          lastName: 'Test',
          emails: [{ email: `ims${n}-${Date.now()}@example.com` }],
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json<{ customerId: string; updatedAt: string }>();
    };

    it('sends Last-Modified (an HTTP-date) and answers 304 with no body when sent back unchanged', async () => {
      await fresh(1);
      const first = await list('', {}, store);
      expect(first.statusCode).toBe(200);
      const lastModified = first.headers['last-modified'] as string;
      expect(lastModified).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      const again = await list('', { 'if-modified-since': lastModified }, store);
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['last-modified']).toBe(lastModified);
    });

    it('answers 200 again once a customer was created after the date', async () => {
      await fresh(1);
      await ageListVersion(store);
      const lastModified = (await list('', {}, store)).headers['last-modified'] as string;
      expect((await list('', { 'if-modified-since': lastModified }, store)).statusCode).toBe(304);
      await fresh(2);
      const after = await list('', { 'if-modified-since': lastModified }, store);
      expect(after.statusCode).toBe(200);
      expect(after.json<CustomerList>().customers).toHaveLength(2);
      expect(Date.parse(after.headers['last-modified'] as string)).toBeGreaterThan(Date.parse(lastModified));
    });

    it('answers 200 again once a customer was updated, and stays 304 after a patch that changed nothing', async () => {
      const customer = await fresh(1);
      await ageListVersion(store);
      const lastModified = (await list('', {}, store)).headers['last-modified'] as string;
      const noop = await t.inject({
        method: 'PATCH',
        url: `${path(store)}/${customer.customerId}`,
        headers: alice.headers,
        payload: { firstName: 'Ims' },
      });
      expect(noop.statusCode).toBe(200);
      expect((await list('', { 'if-modified-since': lastModified }, store)).statusCode).toBe(304);
      await t.inject({
        method: 'PATCH',
        url: `${path(store)}/${customer.customerId}`,
        headers: alice.headers,
        payload: { firstName: 'Changed' },
      });
      expect((await list('', { 'if-modified-since': lastModified }, store)).statusCode).toBe(200);
    });

    it('compares an RFC 3339 date-time with milliseconds exactly (a change 1 ms later is seen)', async () => {
      const first = await fresh(1);
      // The newest updatedAt is the list's version: nothing changed since.
      expect((await list('', { 'if-modified-since': first.updatedAt }, store)).statusCode).toBe(304);
      const second = await fresh(2);
      expect(Date.parse(second.updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
      expect((await list('', { 'if-modified-since': first.updatedAt }, store)).statusCode).toBe(200);
      expect((await list('', { 'if-modified-since': second.updatedAt }, store)).statusCode).toBe(304);
    });

    it("is per store: another store's writes do not make this list modified", async () => {
      await fresh(1);
      const lastModified = (await list('', {}, store)).headers['last-modified'] as string;
      await create(2000);
      expect((await list('', { 'if-modified-since': lastModified }, store)).statusCode).toBe(304);
    });

    it('answers an empty store: Last-Modified is the store creation, 304 for a later date', async () => {
      const empty = (await t.newStore(alice.accountId)).storeId;
      const res = await list('', {}, empty);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ customers: [] });
      const lastModified = res.headers['last-modified'] as string;
      expect((await list('', { 'if-modified-since': lastModified }, empty)).statusCode).toBe(304);
    });

    it('accepts the obsolete RFC 850 and asctime forms of an HTTP-date', async () => {
      await fresh(1);
      await ageListVersion(store);
      const lm = new Date((await list('', {}, store)).headers['last-modified'] as string);
      const later = new Date(lm.getTime() + 60_000);
      const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
      const [, dd, mon, yyyy, time] = later.toUTCString().split(' ');
      const rfc850 = `${days[later.getUTCDay()]}, ${dd}-${mon}-${yyyy.slice(2)} ${time} GMT`;
      const asctime = `${days[later.getUTCDay()].slice(0, 3)} ${mon} ${String(later.getUTCDate()).padStart(2, ' ')} ${time} ${yyyy}`;
      for (const value of [rfc850, asctime]) {
        expect({ value, status: (await list('', { 'if-modified-since': value }, store)).statusCode }).toEqual(
          {
            value,
            status: 304,
          },
        );
      }
    });

    it('ignores a date in the future (RFC 9110) and answers 200', async () => {
      const future = new Date(Date.now() + 86_400_000).toUTCString();
      expect((await list('', { 'if-modified-since': future }, store)).statusCode).toBe(200);
    });

    it.each(['yesterday', '2026-13-01T00:00:00Z', 'Sun, 31 Feb 2026 00:00:00 GMT', '1700000000'])(
      'answers If-Modified-Since %j with 400 at location header',
      async (value) => {
        const res = await list('', { 'if-modified-since': value }, store);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          name: 'INVALID_REQUEST',
          details: [{ issue: 'INVALID_FORMAT', field: 'If-Modified-Since', value, location: 'header' }],
        });
      },
    );
  });
});
