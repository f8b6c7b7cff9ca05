import { randomUUID } from 'node:crypto';
import type { DomainPurchase } from '@platform/contracts';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { DomainsClient, DomainsRejectedError } from '@platform/domains-client';
import type { TestCredential, WorkerHarness } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { Response } from 'light-my-request';
import type { DomainListItemResponse } from '../src/modules/domains/domains.response';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import { PLACEHOLDER_CONTACTS } from '../src/modules/orders/internal-purchase-terms';
import type { OrderAcceptedResponse } from '../src/modules/orders/orders.response';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { startDomainsWorker, withOrdersPaused } from './support/domains-worker';
import { CONTACT, buyer, freshName, purchaseBody, settledOrder } from './support/orders-requests';

/**
 * POST /internal/v1/accounts/{accountId}/domain-purchases and GET …/{reference}: the Shopping
 * API's domain purchases, through the public purchase's orders, queue and worker.
 */
describe('internal domain purchases (real Postgres, Redis, BullMQ)', () => {
  let t: DomainsTestApp;
  let worker: WorkerHarness;
  let credential: Record<string, string>;

  beforeAll(async () => {
    t = await startDomainsTestApp('internal-purchases');
    worker = await startDomainsWorker(t.env);
    credential = {
      [INTERNAL_CREDENTIAL_HEADER]: deriveInternalCredential(t.env.config('domains').secretsEncryptionKey),
    };
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const place = (accountId: string, payload: unknown, headers = credential): Promise<Response> =>
    t.inject({
      method: 'POST',
      url: `/internal/v1/accounts/${accountId}/domain-purchases`,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });

  const read = (accountId: string, reference: string, headers = credential): Promise<Response> =>
    t.inject({
      method: 'GET',
      url: `/internal/v1/accounts/${accountId}/domain-purchases/${reference}`,
      headers,
    });

  const settled = (accountId: string, reference: string): Promise<DomainPurchase> =>
    waitFor(
      async () => {
        const body = (await read(accountId, reference)).json() as DomainPurchase;
        return body.status === 'PENDING' ? undefined : body;
      },
      { what: `purchase ${reference} to settle`, timeoutMs: 20_000 },
    );

  const rows = async (table: 'domains' | 'orders', domain: string): Promise<number> => {
    const found: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM domains.${table} WHERE domain = $1`,
      [domain],
    );
    return Number(found[0].n);
  };

  const accountWith = async (status: 'ACTIVE' | 'DECLINED' | undefined): Promise<string> => {
    const accountId = randomUUID();
    if (status) await t.setPaymentProfile(accountId, status);
    return accountId;
  };

  const reference = (): string => `checkout:${randomUUID()}:line-1`;

  it('accepts with 202 PENDING; an ACTIVE profile completes it and the domain is ACTIVE under GET /v1/domains', async () => {
    const cred = await buyer(t);
    const domain = freshName('io');
    const ref = reference();
    const res = await place(cred.accountId, { reference: ref, domain, periodYears: 2 });
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as DomainPurchase;
    expect(accepted).toEqual({
      reference: ref,
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      domain,
      status: 'PENDING',
      failureCode: null,
    });

    expect(await settled(cred.accountId, ref)).toEqual({ ...accepted, status: 'COMPLETED' });
    const order = await settledOrder(t, accepted.orderId, cred);
    expect(order).toMatchObject({
      type: 'PURCHASE',
      domain,
      period: 2,
      total: 2 * 39_990_000,
      status: 'COMPLETED',
    });
    const listed = await t.inject({ method: 'GET', url: '/v1/domains', headers: cred.headers });
    expect((listed.json() as DomainListItemResponse[]).map((d) => [d.domain, d.status])).toEqual([
      [domain, 'ACTIVE'],
    ]);
    const row = await t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain });
    expect(row).toMatchObject({
      renewAuto: true,
      privacy: false,
      nameServers: ['ns1.sandbox.invalid', 'ns2.sandbox.invalid'],
    });
  });

  it('registers with the placeholder contacts when the account has none, else with those of its newest registration', async () => {
    const cred = await buyer(t);
    const first = freshName();
    await place(cred.accountId, { reference: reference(), domain: first, periodYears: 1 });
    await waitFor(async () => (await rows('domains', first)) === 1 || undefined, {
      what: 'the registration',
    });
    const placeholder = await t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain: first });
    expect(placeholder.contacts).toEqual(PLACEHOLDER_CONTACTS);

    const own = await t.inject({
      method: 'POST',
      url: '/v1/domains/purchase',
      headers: cred.headers,
      payload: purchaseBody(freshName()),
    });
    await settledOrder(t, (own.json() as OrderAcceptedResponse).orderId, cred);
    const second = freshName();
    const ref = reference();
    await place(cred.accountId, { reference: ref, domain: second, periodYears: 1 });
    expect(await settled(cred.accountId, ref)).toMatchObject({ status: 'COMPLETED' });
    const row = await t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain: second });
    expect(row.contacts).toEqual({ registrant: CONTACT, admin: CONTACT, tech: CONTACT, billing: CONTACT });
  });

  it('fails a purchase of an account whose profile declines: FAILED BILLING_DECLINED, nothing registered, the name free again', async () => {
    const accountId = await accountWith('DECLINED');
    const domain = freshName();
    const ref = reference();
    const res = await place(accountId, { reference: ref, domain, periodYears: 1 });
    expect([res.statusCode, res.json().status]).toEqual([202, 'PENDING']);
    expect(await settled(accountId, ref)).toEqual({
      reference: ref,
      orderId: res.json().orderId,
      domain,
      status: 'FAILED',
      failureCode: 'BILLING_DECLINED',
    });
    expect(await rows('domains', domain)).toBe(0);
    const again = await t.inject({
      method: 'POST',
      url: '/internal/v1/domains/availability',
      headers: credential,
      payload: { domains: [domain] },
    });
    expect(again.json()).toEqual({ results: [{ domain, available: true, error: null }] });
  });

  it('fails a purchase of an account without a profile with NO_PAYMENT_PROFILE', async () => {
    const accountId = await accountWith(undefined);
    const ref = reference();
    const domain = freshName();
    expect((await place(accountId, { reference: ref, domain, periodYears: 1 })).statusCode).toBe(202);
    expect(await settled(accountId, ref)).toMatchObject({
      status: 'FAILED',
      failureCode: 'NO_PAYMENT_PROFILE',
    });
    expect(await rows('domains', domain)).toBe(0);
  });

  it('answers a replay with the same reference with the same order, pending and settled', async () => {
    const accountId = await accountWith('ACTIVE');
    const domain = freshName();
    const ref = reference();
    const body = { reference: ref, domain, periodYears: 1 };
    const [first, pending] = await withOrdersPaused(worker, async () => [
      await place(accountId, body),
      await place(accountId, { ...body, domain: domain.toUpperCase() }),
    ]);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual(first.json());
    await settled(accountId, ref);
    const late = await place(accountId, body);
    expect([late.statusCode, late.json()]).toEqual([202, { ...first.json(), status: 'COMPLETED' }]);
    expect(await rows('orders', domain)).toBe(1);
  });

  it('answers 422 REFERENCE_MISMATCH when the reference names a purchase of another domain or period', async () => {
    const accountId = await accountWith('ACTIVE');
    const ref = reference();
    const domain = freshName();
    expect((await place(accountId, { reference: ref, domain, periodYears: 1 })).statusCode).toBe(202);
    for (const other of [
      { reference: ref, domain: freshName(), periodYears: 1 },
      { reference: ref, domain, periodYears: 3 },
    ]) {
      const res = await place(accountId, other);
      expect([res.statusCode, res.json().code]).toEqual([422, 'REFERENCE_MISMATCH']);
    }
  });

  it('places one order when 10 calls with one reference arrive at once', async () => {
    const accountId = await accountWith('ACTIVE');
    const domain = freshName();
    const ref = reference();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => place(accountId, { reference: ref, domain, periodYears: 1 })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(202));
    expect(new Set(answers.map((r) => (r.json() as DomainPurchase).orderId)).size).toBe(1);
    expect(await rows('orders', domain)).toBe(1);
    expect(await rows('domains', domain)).toBe(1);
    expect(await settled(accountId, ref)).toMatchObject({ status: 'COMPLETED' });
  });

  it('keeps references per account: the same reference of two accounts is two purchases, and one cannot read the other', async () => {
    const [a, b] = [await accountWith('ACTIVE'), await accountWith('ACTIVE')];
    const ref = reference();
    const [ra, rb] = await Promise.all([
      place(a, { reference: ref, domain: freshName(), periodYears: 1 }),
      place(b, { reference: ref, domain: freshName(), periodYears: 1 }),
    ]);
    expect([ra.statusCode, rb.statusCode]).toEqual([202, 202]);
    expect(ra.json().orderId).not.toBe(rb.json().orderId);
    const unknown = await read(randomUUID(), ref);
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PURCHASE_NOT_FOUND']);
  });

  it('answers 404 PURCHASE_NOT_FOUND for a reference the account never used', async () => {
    const res = await read(randomUUID(), reference());
    expect([res.statusCode, res.json().code]).toEqual([404, 'PURCHASE_NOT_FOUND']);
  });

  it('answers 409 DOMAIN_NOT_AVAILABLE for a reserved, a taken-elsewhere and a registered name, placing nothing', async () => {
    const accountId = await accountWith('ACTIVE');
    const registered = freshName();
    await t.addDomain(randomUUID(), registered);
    for (const domain of ['example.com', 'taken-thing.net', registered]) {
      const res = await place(accountId, { reference: reference(), domain, periodYears: 1 });
      expect([domain, res.statusCode, res.json().code]).toEqual([domain, 409, 'DOMAIN_NOT_AVAILABLE']);
    }
    expect(await rows('orders', registered)).toBe(0);
  });

  it('answers 422 UNSUPPORTED_TLD for a TLD the registry does not sell', async () => {
    const res = await place(randomUUID(), {
      reference: reference(),
      domain: 'fresh-thing.de',
      periodYears: 1,
    });
    expect([res.statusCode, res.json().code]).toEqual([422, 'UNSUPPORTED_TLD']);
  });

  it.each([
    ['no reference', { domain: 'a-fresh-one.com', periodYears: 1 }, '$.reference'],
    ['an empty reference', { reference: '', domain: 'a-fresh-one.com', periodYears: 1 }, '$.reference'],
    [
      'a reference with a slash',
      { reference: 'a/b', domain: 'a-fresh-one.com', periodYears: 1 },
      '$.reference',
    ],
    [
      'a reference of 201 characters',
      { reference: 'r'.repeat(201), domain: 'a-fresh-one.com', periodYears: 1 },
      '$.reference',
    ],
    ['a numeric reference', { reference: 7, domain: 'a-fresh-one.com', periodYears: 1 }, '$.reference'],
    ['no domain', { reference: 'r-1', periodYears: 1 }, '$.domain'],
    ['a malformed domain', { reference: 'r-1', domain: 'not a name', periodYears: 1 }, '$.domain'],
    ['no periodYears', { reference: 'r-1', domain: 'a-fresh-one.com' }, '$.periodYears'],
    ['periodYears 0', { reference: 'r-1', domain: 'a-fresh-one.com', periodYears: 0 }, '$.periodYears'],
    ['periodYears 11', { reference: 'r-1', domain: 'a-fresh-one.com', periodYears: 11 }, '$.periodYears'],
    ['periodYears 1.5', { reference: 'r-1', domain: 'a-fresh-one.com', periodYears: 1.5 }, '$.periodYears'],
    ['periodYears "2"', { reference: 'r-1', domain: 'a-fresh-one.com', periodYears: '2' }, '$.periodYears'],
    [
      'an unknown field',
      { reference: 'r-1', domain: 'a-fresh-one.com', periodYears: 1, privacy: true },
      '$.privacy',
    ],
  ])('answers 400 INVALID_BODY for %s', async (_, payload, path) => {
    const res = await place(randomUUID(), payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_BODY',
      fields: expect.arrayContaining([expect.objectContaining({ path })]),
    });
  });

  it.each([
    ['a bare list', [{ reference: 'r-1', domain: 'a-fresh-one.com', periodYears: 1 }]],
    ['a bare string', 'r-1'],
    ['null', null],
  ])('answers 400 (never 500) for %s as the body', async (_, payload) => {
    const res = await place(randomUUID(), payload);
    expect(res.statusCode).toBe(400);
  });

  it('answers 400 INVALID_FORMAT for an account id that is not a uuid and a malformed reference in the path', async () => {
    const badAccount = await place('nope', { reference: 'r-1', domain: 'a-fresh-one.com', periodYears: 1 });
    expect([badAccount.statusCode, badAccount.json().code]).toEqual([400, 'INVALID_FORMAT']);
    const badReference = await read(randomUUID(), 'has%20space');
    expect([badReference.statusCode, badReference.json().code]).toEqual([400, 'INVALID_FORMAT']);
  });

  it('answers 401 without the internal credential, with a wrong one, or with a caller token', async () => {
    const cred: TestCredential = await buyer(t);
    const wrong = { [INTERNAL_CREDENTIAL_HEADER]: 'f'.repeat(64) };
    const body = { reference: reference(), domain: freshName(), periodYears: 1 };
    const answers = await Promise.all(
      [{}, wrong, cred.headers].flatMap((headers) => [
        place(cred.accountId, body, headers),
        read(cred.accountId, body.reference, headers),
      ]),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(401));
    expect(await rows('orders', body.domain)).toBe(0);
  });

  it('answers DomainsClient over HTTP as the client expects', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.getHttpServer().address() as { port: number };
    const client = new DomainsClient({
      baseUrl: `http://127.0.0.1:${address.port}`,
      internalCredential: credential[INTERNAL_CREDENTIAL_HEADER],
    });
    const accountId = await accountWith('ACTIVE');
    const domain = freshName();
    await expect(client.paymentProfile(accountId)).resolves.toEqual({ accountId, status: 'ACTIVE' });
    await expect(client.availability([domain, 'bad name'])).resolves.toEqual([
      { domain, available: true, error: null },
      {
        domain: 'bad name',
        available: false,
        error: { code: 'INVALID_FORMAT', message: expect.any(String) },
      },
    ]);
    const ref = reference();
    const placed = await client.purchase(accountId, { reference: ref, domain, periodYears: 1 });
    expect(placed).toMatchObject({ reference: ref, domain, status: 'PENDING' });
    await expect(
      client.purchase(accountId, { reference: ref, domain, periodYears: 1 }),
    ).resolves.toMatchObject({
      orderId: placed.orderId,
    });
    await waitFor(
      async () => (await client.purchaseStatus(accountId, ref))?.status === 'COMPLETED' || undefined,
      {
        what: 'the purchase to complete',
      },
    );
    await expect(client.purchaseStatus(accountId, 'never-used')).resolves.toBeUndefined();
    await expect(
      client.purchase(accountId, { reference: reference(), domain: 'example.com', periodYears: 1 }),
    ).rejects.toMatchObject({
      status: 409,
      code: 'DOMAIN_NOT_AVAILABLE',
    });
    await expect(
      client.purchase(accountId, { reference: reference(), domain, periodYears: 0 }),
    ).rejects.toBeInstanceOf(DomainsRejectedError);
  });
});
