import { randomUUID } from 'node:crypto';
import { ORDER_PAYMENT_RECORDED, orderPaymentRecordedJobId } from '@platform/contracts';
import type { OrderPaymentRecorded } from '@platform/contracts';
import { SCOPES } from '@platform/scopes';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { assertForgedCursorsRefused, waitFor } from '@platform/testing';
import type { Response } from 'light-my-request';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';
import { CommerceWorkerHarness, paymentEvent, settled, startCommerceWorker } from './support/commerce-worker';

interface Transaction {
  transactionId: string;
  storeId: string;
  type: string;
  orderId: string;
  createdAt: string;
  updatedAt: string;
}
interface TransactionList {
  items: Transaction[];
  links?: { rel: string; href: string }[];
}
interface ErrorBody {
  name: string;
  correlationId: string;
  message: string;
  details: { issue: string; field?: string; value?: string; location: string; description?: string }[];
}

const CAP = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('GET /v2/commerce/stores/{storeId}/transactions (real Postgres, Redis and worker)', () => {
  let commerce: CommerceTestApp;
  let worker: CommerceWorkerHarness;
  let reader: TestCredential;
  let outsider: TestCredential;
  /** The reader's store with three transactions, its second store with one, an empty one. */
  let storeA: string;
  let storeB: string;
  let emptyStore: string;
  /** Another account's store, with one transaction. */
  let foreignStore: string;
  let a: Transaction[];
  let b: Transaction;
  let foreign: Transaction;

  const get = (url: string, headers: Record<string, string> = reader.headers): Promise<Response> =>
    commerce.inject({ method: 'GET', url, headers });
  const listOf = async (storeId: string, query = '', cred = reader): Promise<TransactionList> => {
    const res = await get(`/v2/commerce/stores/${storeId}/transactions${query}`, cred.headers);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  /** Publishes each event as the order subgraph does and waits until the worker settled it. */
  async function record(events: OrderPaymentRecorded[]): Promise<void> {
    for (const event of events) expect(await settled(await worker.publish(event))).toBe('completed');
  }

  beforeAll(async () => {
    commerce = await startCommerceTestApp('transactions');
    worker = await startCommerceWorker(commerce.env);
    reader = await commerce.newCredential(['commerce.transaction:read']);
    outsider = await commerce.newCredential(['commerce.transaction:read']);
    storeA = (await commerce.newStore(reader.accountId, { processor: 'STRIPE' })).storeId;
    storeB = (await commerce.newStore(reader.accountId)).storeId;
    emptyStore = (await commerce.newStore(reader.accountId)).storeId;
    foreignStore = (await commerce.newStore(outsider.accountId)).storeId;
    // Published out of createdAt order: the list orders by when the payment happened.
    await record([
      paymentEvent(storeA, { occurredAt: '2026-11-02T00:00:00.000Z' }),
      paymentEvent(storeA, { occurredAt: '2026-11-03T00:00:00.000Z', type: 'AUTHORIZE' }),
      paymentEvent(storeA, { occurredAt: '2026-11-01T00:00:00.000Z' }),
      paymentEvent(storeB),
      paymentEvent(foreignStore),
    ]);
    a = (await listOf(storeA)).items;
    b = (await listOf(storeB)).items[0];
    foreign = (await listOf(foreignStore, '', outsider)).items[0];
  });

  afterAll(async () => {
    await worker?.close();
    await commerce?.close();
  });

  describe('list', () => {
    it("returns the store's transactions, oldest first, as {items}", async () => {
      const res = await get(`/v2/commerce/stores/${storeA}/transactions`);

      expect(res.statusCode).toBe(200);
      expect(res.headers.link).toBeUndefined();
      const body: TransactionList = res.json();
      expect(Object.keys(body)).toEqual(['items']);
      expect(body.items.map((t) => t.createdAt)).toEqual([
        '2026-11-01T00:00:00.000Z',
        '2026-11-02T00:00:00.000Z',
        '2026-11-03T00:00:00.000Z',
      ]);
      expect(body.items.every((t) => t.storeId === storeA && UUID.test(t.transactionId))).toBe(true);
    });

    it('orders newest first with sortOrder=DESC', async () => {
      expect((await listOf(storeA, '?sortOrder=DESC')).items).toEqual([...a].reverse());
    });

    it('answers an empty list for a store without transactions', async () => {
      expect(await listOf(emptyStore)).toEqual({ items: [] });
    });

    it('filters by transactionIds, repeated or comma-separated, within the store only', async () => {
      const [first, , third] = a;
      const repeated = await listOf(
        storeA,
        `?transactionIds=${third.transactionId}&transactionIds=${first.transactionId}`,
      );
      expect(repeated.items).toEqual([first, third]);
      const commas = await listOf(storeA, `?transactionIds=${first.transactionId},${b.transactionId}`);
      expect(commas.items).toEqual([first]);
    });

    it('filters on updatedAt with exclusive updatedAtAfter and updatedAtBefore bounds', async () => {
      const byUpdate = [...a].sort((x, y) => x.updatedAt.localeCompare(y.updatedAt));
      const pivot = byUpdate[1].updatedAt;

      const after = await listOf(storeA, `?updatedAtAfter=${encodeURIComponent(pivot)}`);
      const before = await listOf(storeA, `?updatedAtBefore=${encodeURIComponent(pivot)}`);

      expect(after.items).toEqual(a.filter((t) => t.updatedAt > pivot));
      expect(before.items).toEqual(a.filter((t) => t.updatedAt < pivot));
      expect(after.items).not.toContainEqual(byUpdate[1]);
    });
  });

  describe('get one', () => {
    it('returns the transaction as the list shows it', async () => {
      const res = await get(`/v2/commerce/stores/${storeA}/transactions/${a[1].transactionId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(a[1]);
    });
  });

  describe('not found (404, never 403)', () => {
    it.each([
      ['list of another account’s store', () => `/v2/commerce/stores/${foreignStore}/transactions`],
      [
        'transaction of another account’s store',
        () => `/v2/commerce/stores/${foreignStore}/transactions/${foreign.transactionId}`,
      ],
      ['list of a store that does not exist', () => `/v2/commerce/stores/${randomUUID()}/transactions`],
    ])('answers STORE_NOT_FOUND for the %s', async (_case, url) => {
      const res = await get(url());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ name: 'STORE_NOT_FOUND', details: [{ issue: 'STORE_NOT_FOUND' }] });
    });

    it.each([
      ['a transaction of another store of the caller', () => b.transactionId],
      ['an unknown transaction id', () => randomUUID()],
    ])('answers TRANSACTION_NOT_FOUND for %s', async (_case, transactionId) => {
      const res = await get(`/v2/commerce/stores/${storeA}/transactions/${transactionId()}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        name: 'TRANSACTION_NOT_FOUND',
        details: [{ issue: 'TRANSACTION_NOT_FOUND', location: 'body' }],
      });
    });

    it('echoes the caller’s X-Request-Id as the correlationId', async () => {
      const requestId = randomUUID();
      const res = await get(`/v2/commerce/stores/${storeA}/transactions/${randomUUID()}`, {
        ...reader.headers,
        'x-request-id': requestId,
      });
      expect(res.headers['x-request-id']).toBe(requestId);
      expect(res.json()).toMatchObject({ correlationId: requestId });
    });
  });

  describe('invalid requests (400 INVALID_REQUEST with details[])', () => {
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    it.each([
      [
        'storeId not a uuid',
        () => '/v2/commerce/stores/abc/transactions',
        'path',
        'storeId',
        'INVALID_FORMAT',
      ],
      [
        'transactionId not a uuid',
        () => `/v2/commerce/stores/${storeA}/transactions/123`,
        'path',
        'transactionId',
        'INVALID_FORMAT',
      ],
      [
        'unknown sortOrder',
        () => `/v2/commerce/stores/${storeA}/transactions?sortOrder=NEWEST`,
        'query',
        'sortOrder',
        'INVALID_VALUE',
      ],
      [
        'updatedAtAfter not a date-time',
        () => `/v2/commerce/stores/${storeA}/transactions?updatedAtAfter=yesterday`,
        'query',
        'updatedAtAfter',
        'INVALID_FORMAT',
      ],
      [
        'updatedAtBefore not a date-time',
        () => `/v2/commerce/stores/${storeA}/transactions?updatedAtBefore=2026-02-30T00:00:00Z`,
        'query',
        'updatedAtBefore',
        'INVALID_FORMAT',
      ],
      [
        'transactionIds not uuids',
        () => `/v2/commerce/stores/${storeA}/transactions?transactionIds=abc`,
        'query',
        'transactionIds',
        'INVALID_FORMAT',
      ],
      [
        'more than 100 transactionIds',
        () => `/v2/commerce/stores/${storeA}/transactions?transactionIds=${tooMany}`,
        'query',
        'transactionIds',
        'OUT_OF_RANGE',
      ],
      [
        'an unknown query parameter',
        () => `/v2/commerce/stores/${storeA}/transactions?pageSize=10`,
        'query',
        'pageSize',
        'UNKNOWN_FIELD',
      ],
      [
        'a malformed pageToken',
        () => `/v2/commerce/stores/${storeA}/transactions?pageToken=not*a*token`,
        'query',
        'pageToken',
        'INVALID_FORMAT',
      ],
      [
        'a pageToken this service never handed out',
        () =>
          `/v2/commerce/stores/${storeA}/transactions?pageToken=${Buffer.from(`t1.${randomUUID()}`).toString('base64url')}`,
        'query',
        'pageToken',
        'INVALID_VALUE',
      ],
    ])('rejects %s', async (_case, url, location, field, issue) => {
      const requestId = randomUUID();
      const res = await get(url(), { ...reader.headers, 'x-request-id': requestId });

      expect(res.statusCode).toBe(400);
      const body: ErrorBody = res.json();
      expect(body).toEqual({
        name: 'INVALID_REQUEST',
        correlationId: requestId,
        message: expect.any(String),
        details: [expect.objectContaining({ issue, field, location, description: expect.any(String) })],
      });
    });
  });

  describe('scopes: commerce.transaction:read allows GET, and only GET', () => {
    const otherScopes = SCOPES.filter((s) => s !== 'commerce.transaction:read') as Scope[];
    const urls = (): string[] => [
      `/v2/commerce/stores/${storeA}/transactions`,
      `/v2/commerce/stores/${storeA}/transactions/${a[0].transactionId}`,
    ];

    it('answers 401 UNAUTHORIZED without a token, in the commerce error shape', async () => {
      for (const url of urls()) {
        const res = await get(url, {});
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ name: 'UNAUTHORIZED', details: [{ issue: 'UNAUTHORIZED' }] });
      }
    });

    it('answers 403 FORBIDDEN to a token holding every scope but commerce.transaction:read', async () => {
      const everythingElse = await commerce.newCredential(otherScopes, reader.accountId);
      for (const url of urls()) {
        const res = await get(url, everythingElse.headers);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ name: 'FORBIDDEN', details: [{ issue: 'FORBIDDEN' }] });
      }
    });

    it('answers 200 to a token holding only commerce.transaction:read', async () => {
      for (const url of urls()) expect((await get(url)).statusCode).toBe(200);
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
      'has no %s route (404) even with the scope',
      async (method) => {
        for (const url of urls()) {
          const res = await commerce.inject({ method, url, headers: reader.headers, payload: {} });
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ name: 'NOT_FOUND', details: [expect.any(Object)] });
        }
      },
    );
  });

  describe(`bounded list: at most ${CAP} per response, continued by links[rel=next]`, () => {
    const TOTAL = CAP + 3;
    let bigStore: string;

    beforeAll(async () => {
      bigStore = (await commerce.newStore(reader.accountId)).storeId;
      // Through the worker as in production; pairs of payments share a createdAt, so the
      // transactionId tiebreak is what keeps pages apart.
      const base = Date.parse('2026-10-01T00:00:00.000Z');
      const events = Array.from({ length: TOTAL }, (_, i) =>
        paymentEvent(bigStore, { occurredAt: new Date(base + Math.floor(i / 2) * 1000).toISOString() }),
      );
      await worker.queue.addBulk(
        events.map((data) => ({
          name: ORDER_PAYMENT_RECORDED,
          data,
          opts: { jobId: orderPaymentRecordedJobId(data.eventId) },
        })),
      );
      // BullMQ keeps only the last 1000 completed jobs, so count the recorded rows instead.
      const recorded = async (): Promise<number> => {
        const rows: { n: string }[] = await commerce.dataSource.query(
          'SELECT count(*) AS n FROM commerce.transactions WHERE store_id = $1',
          [bigStore],
        );
        return Number(rows[0].n);
      };
      await waitFor(async () => (await recorded()) >= TOTAL, {
        what: `${TOTAL} recorded payments`,
        timeoutMs: 60_000,
      });
      expect(await recorded()).toBe(TOTAL);
    }, 90_000);

    /** Follows links[rel=next] from `first` to the end; returns every page. */
    async function walk(first: string): Promise<{ res: Response; body: TransactionList }[]> {
      const pages: { res: Response; body: TransactionList }[] = [];
      let url: string | undefined = first;
      while (url) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        const body: TransactionList = res.json();
        pages.push({ res, body });
        url = body.links?.find((l) => l.rel === 'next')?.href;
        expect(pages.length).toBeLessThan(5);
      }
      return pages;
    }

    it(`caps a response at ${CAP} items and says so in links[rel=next], Link and X-List-Cap`, async () => {
      const res = await get(`/v2/commerce/stores/${bigStore}/transactions`);

      const body: TransactionList = res.json();
      expect(body.items).toHaveLength(CAP);
      expect(body.links).toEqual([
        {
          rel: 'next',
          href: expect.stringMatching(`^/v2/commerce/stores/${bigStore}/transactions\\?pageToken=`),
        },
      ]);
      expect(res.headers.link).toBe(`<${body.links?.[0].href}>; rel="next"`);
      expect(res.headers['x-list-cap']).toBe(String(CAP));
    });

    it.each(['ASC', 'DESC'])(
      'returns the whole collection once, in order, across the pages (sortOrder %s)',
      async (sortOrder) => {
        const pages = await walk(`/v2/commerce/stores/${bigStore}/transactions?sortOrder=${sortOrder}`);

        expect(pages.map((p) => p.body.items.length)).toEqual([CAP, TOTAL - CAP]);
        expect(pages[0].body.links?.[0].href).toContain(`sortOrder=${sortOrder}`);
        expect(pages[1].body.links).toBeUndefined();
        expect(pages[1].res.headers['x-list-cap']).toBeUndefined();
        const items = pages.flatMap((p) => p.body.items);
        expect(new Set(items.map((t) => t.transactionId)).size).toBe(TOTAL);
        const key = (t: Transaction): string => `${t.createdAt}|${t.transactionId}`;
        const sorted = [...items].sort((x, y) => key(x).localeCompare(key(y)));
        expect(items).toEqual(sortOrder === 'ASC' ? sorted : sorted.reverse());
      },
    );

    it('keeps the filters in the next link', async () => {
      const pivot = '2020-01-01T00:00:00.000Z';
      const pages = await walk(
        `/v2/commerce/stores/${bigStore}/transactions?updatedAtAfter=${encodeURIComponent(pivot)}`,
      );
      expect(pages[0].body.links?.[0].href).toContain(`updatedAtAfter=${encodeURIComponent(pivot)}`);
      expect(pages.flatMap((p) => p.body.items)).toHaveLength(TOTAL);
    });

    it('refuses every forged pageToken (fast-check) with 400 INVALID_REQUEST at query pageToken', async () => {
      const tokenOf = async (query: string): Promise<string> => {
        const next = (await listOf(bigStore, query)).links?.[0].href ?? '';
        return new URL(next, 'http://x').searchParams.get('pageToken') ?? '';
      };
      const real = await tokenOf('');
      expect((await get(`/v2/commerce/stores/${bigStore}/transactions?pageToken=${real}`)).statusCode).toBe(
        200,
      );
      // The same store's list with another sort order or filter hands out tokens of another query.
      const foreign = [
        await tokenOf('?sortOrder=DESC'),
        await tokenOf('?updatedAtAfter=2020-01-01T00:00:00.000Z'),
      ];
      await assertForgedCursorsRefused([real], foreign, async ({ token }) => {
        const res = await get(
          `/v2/commerce/stores/${bigStore}/transactions?pageToken=${encodeURIComponent(token)}`,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          name: 'INVALID_REQUEST',
          details: [expect.objectContaining({ field: 'pageToken', location: 'query' })],
        });
      });
    });

    it("refuses a pageToken of another store's list", async () => {
      const next = (await listOf(bigStore)).links?.[0].href ?? '';
      const token = new URL(next, 'http://x').searchParams.get('pageToken');

      const res = await get(`/v2/commerce/stores/${storeA}/transactions?pageToken=${token}`);

      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        name: 'INVALID_REQUEST',
        details: [{ issue: 'INVALID_VALUE', field: 'pageToken', location: 'query' }],
      });
    });
  });
});
