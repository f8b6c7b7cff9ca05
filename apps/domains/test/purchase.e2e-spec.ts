import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { ORPHAN_SCAN_EVERY_MS, orphanScanQueue, orphanScanSchedulerId } from '@platform/queue';
import type { TestCredential, WorkerHarness } from '@platform/testing';
import type { Queue } from 'bullmq';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import { DomainsOrdersQueue } from '../src/modules/orders/orders.jobs';
import type { OrderAcceptedResponse, OrderResponse } from '../src/modules/orders/orders.response';
import { DnsRecordEntity } from '../src/modules/records/dns-record.entity';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { startDomainsWorker, withOrdersPaused } from './support/domains-worker';
import { CONTACT, buyer, freshName, purchaseBody, settledOrder } from './support/orders-requests';

const YEAR_MS = 365 * 86_400_000;

describe('POST /v1/domains/purchase and GET /v1/domains/orders/{orderId} (real Postgres, Redis, BullMQ)', () => {
  let t: DomainsTestApp;
  let worker: WorkerHarness;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-purchase');
    worker = await startDomainsWorker(t.env);
    cred = await buyer(t);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  it('has the worker declare the orphan scan of `domains-orders` at boot, every minute (one scheduler for all replicas)', async () => {
    const scans = worker.app.get<Queue>(getQueueToken(orphanScanQueue(DomainsOrdersQueue).name));
    expect(await scans.getJobScheduler(orphanScanSchedulerId(DomainsOrdersQueue))).toMatchObject({
      every: ORPHAN_SCAN_EVERY_MS,
    });
  });

  const purchase = (body: unknown, c: TestCredential = cred, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: '/v1/domains/purchase',
      headers: { ...c.headers, ...headers },
      payload: body as object,
    });

  const count = async (table: 'domains' | 'orders', domain: string): Promise<number> => {
    const rows: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM domains.${table} WHERE domain = $1`,
      [domain],
    );
    return Number(rows[0].n);
  };

  const check = async (domain: string, checkType = 'FAST') =>
    (
      await t.inject({
        method: 'GET',
        url: `/v3/domains/check-availability?domain=${domain}&checkType=${checkType}`,
        headers: cred.headers,
      })
    ).json() as { available: boolean; definitive: boolean };

  it('accepts with 202 and an EXECUTING order, which the worker completes: ACTIVE with its zone', async () => {
    const domain = freshName('io');
    const res = await purchase(purchaseBody(domain, { period: 2, privacy: true }));
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as OrderAcceptedResponse;
    expect(accepted).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      itemCount: 1,
      total: 2 * 39_990_000,
      currency: 'USD',
      status: 'EXECUTING',
      domain,
      links: [
        { rel: 'order', href: `/v1/domains/orders/${accepted.orderId}` },
        { rel: 'domain', href: `/v1/domains/${domain}` },
      ],
    });

    const done = await settledOrder(t, accepted.orderId, cred);
    expect(done).toEqual({
      orderId: accepted.orderId,
      type: 'PURCHASE',
      domain,
      period: 2,
      total: 2 * 39_990_000,
      currency: 'USD',
      status: 'COMPLETED',
      createdAt: expect.any(String),
      completedAt: expect.any(String),
    });
    const row = await t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain });
    expect(row).toMatchObject({
      accountId: cred.accountId,
      status: 'ACTIVE',
      renewAuto: true,
      privacy: true,
    });
    expect(Math.abs((row.expires as Date).getTime() - Date.now() - 2 * YEAR_MS)).toBeLessThan(2 * 86_400_000);
    expect(row.contacts).toEqual({ registrant: CONTACT, admin: CONTACT, tech: CONTACT, billing: CONTACT });
    const zone = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: row.domainId });
    expect(zone.map((r) => [r.type, r.name, r.data])).toEqual([
      ['NS', '@', 'ns1.sandbox.invalid'],
      ['NS', '@', 'ns2.sandbox.invalid'],
    ]);
  });

  it('registers with the name servers and contacts given, normalizing the name', async () => {
    const domain = freshName('shop');
    const admin = { ...CONTACT, nameFirst: 'Ada' };
    const res = await purchase(
      purchaseBody(`${domain.toUpperCase()}.`, {
        nameServers: ['NS1.Example.NET', 'ns2.example.net'],
        contactAdmin: admin,
        renewAuto: false,
      }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ domain, total: 2_990_000 });
    await settledOrder(t, (res.json() as OrderAcceptedResponse).orderId, cred);
    const row = await t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain });
    expect(row).toMatchObject({
      renewAuto: false,
      privacy: false,
      nameServers: ['ns1.example.net', 'ns2.example.net'],
    });
    expect(row.contacts).toMatchObject({ registrant: CONTACT, admin, tech: CONTACT });
    const zone = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: row.domainId });
    expect(zone.map((r) => r.data)).toEqual(['ns1.example.net', 'ns2.example.net']);
  });

  it('forgets the cached availability of the name it takes', async () => {
    const domain = freshName();
    expect(await check(domain)).toEqual(expect.objectContaining({ available: true, definitive: true }));
    expect(await check(domain)).toEqual(expect.objectContaining({ available: true, definitive: false }));
    expect((await purchase(purchaseBody(domain))).statusCode).toBe(202);
    expect(await check(domain)).toEqual(expect.objectContaining({ available: false, definitive: true }));
  });

  it.each([
    ['no consent', { consent: undefined }, '$.consent', 'REQUIRED'],
    ['a period of 11', { period: 11 }, '$.period', 'OUT_OF_RANGE'],
    ['a period of 0', { period: 0 }, '$.period', 'OUT_OF_RANGE'],
    ['a bad name', { domain: 'not a name' }, '$.domain', 'INVALID_FORMAT'],
    [
      'a bad agreedBy',
      { consent: { agreementKeys: ['DNRA'], agreedBy: 'me', agreedAt: '2026-11-27T10:00:00Z' } },
      '$.consent.agreedBy',
      'INVALID_FORMAT',
    ],
    [
      'a bad country',
      { contactRegistrant: { ...CONTACT, addressMailing: { ...CONTACT.addressMailing, country: 'USA' } } },
      '$.contactRegistrant.addressMailing.country',
      'INVALID_FORMAT',
    ],
    [
      '14 name servers',
      { nameServers: Array.from({ length: 14 }, (_, i) => `ns${i}.example.net`) },
      '$.nameServers',
      'OUT_OF_RANGE',
    ],
    ['a bad name server', { nameServers: ['ns1'] }, '$.nameServers', 'INVALID_FORMAT'],
    ['no registrant', { contactRegistrant: undefined }, '$.contactRegistrant', 'REQUIRED'],
    ['an unknown field', { color: 'blue' }, '$.color', 'UNKNOWN_FIELD'],
  ])('answers 400 INVALID_BODY for %s', async (_, overrides, path, code) => {
    const res = await purchase(purchaseBody(freshName(), overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_BODY',
      fields: expect.arrayContaining([expect.objectContaining({ path, code })]),
    });
  });

  it('answers 422 UNSUPPORTED_TLD, then INVALID_AGREEMENT_KEYS, before looking at the account', async () => {
    const noProfile = await t.newCredential(['domains.domain:create']);
    const tld = await purchase(purchaseBody(freshName('de')), noProfile);
    expect([tld.statusCode, tld.json().code]).toEqual([422, 'UNSUPPORTED_TLD']);
    const keys = await purchase(
      purchaseBody(freshName(), {
        consent: { ...(purchaseBody('').consent as object), agreementKeys: ['OTHER'] },
      }),
      noProfile,
    );
    expect([keys.statusCode, keys.json().code]).toEqual([422, 'INVALID_AGREEMENT_KEYS']);
    expect(keys.json().fields).toEqual([expect.objectContaining({ path: '$.consent.agreementKeys' })]);
  });

  it('answers 422 NO_PAYMENT_PROFILE without a profile and BILLING_DECLINED with a declined one', async () => {
    const noProfile = await t.newCredential(['domains.domain:create']);
    const none = await purchase(purchaseBody(freshName()), noProfile);
    expect([none.statusCode, none.json().code]).toEqual([422, 'NO_PAYMENT_PROFILE']);
    await t.setPaymentProfile(noProfile.accountId, 'DECLINED');
    const declined = await purchase(purchaseBody(freshName()), noProfile);
    expect([declined.statusCode, declined.json().code]).toEqual([422, 'BILLING_DECLINED']);
  });

  it('answers 409 DOMAIN_NOT_AVAILABLE for a reserved, a taken-elsewhere and a registered name', async () => {
    const registered = freshName();
    await t.addDomain(randomUUID(), registered);
    for (const domain of ['example.com', 'abc.com', 'taken-thing.net', registered]) {
      const res = await purchase(purchaseBody(domain));
      expect([domain, res.statusCode, res.json().code]).toEqual([domain, 409, 'DOMAIN_NOT_AVAILABLE']);
    }
    expect(await count('orders', registered)).toBe(0);
  });

  it('answers 401 without a token and 403 without domains.domain:create', async () => {
    const anonymous = await t.inject({
      method: 'POST',
      url: '/v1/domains/purchase',
      payload: purchaseBody(freshName()),
    });
    expect(anonymous.statusCode).toBe(401);
    const reader = await t.newCredential(['domains.domain:read']);
    expect((await purchase(purchaseBody(freshName()), reader)).statusCode).toBe(403);
  });

  it('registers a name once when 20 accounts purchase it at the same moment', async () => {
    const domain = freshName();
    const buyers = await Promise.all(Array.from({ length: 20 }, () => buyer(t)));
    const answers = await Promise.all(buyers.map((b) => purchase(purchaseBody(domain), b)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([202, ...Array(19).fill(409)]);
    expect(new Set(answers.filter((r) => r.statusCode === 409).map((r) => r.json().code))).toEqual(
      new Set(['DOMAIN_NOT_AVAILABLE']),
    );
    expect(await count('domains', domain)).toBe(1);
    expect(await count('orders', domain)).toBe(1);
    const winner = buyers[answers.findIndex((r) => r.statusCode === 202)];
    const row = await t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain });
    expect(row.accountId).toBe(winner.accountId);
  });

  it('registers a name once when one purchase is sent 20 times with one Idempotency-Key', async () => {
    const domain = freshName();
    const key = `purchase-${randomUUID()}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => purchase(purchaseBody(domain), cred, { 'idempotency-key': key })),
    );
    for (const r of answers) {
      expect([202, 409]).toContain(r.statusCode);
      if (r.statusCode === 409) expect(r.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    }
    const orderIds = new Set(answers.filter((r) => r.statusCode === 202).map((r) => r.json().orderId));
    expect(orderIds.size).toBe(1);
    expect(await count('domains', domain)).toBe(1);
    const orders: { status: string }[] = await t.dataSource.query(
      'SELECT status FROM domains.orders WHERE domain = $1',
      [domain],
    );
    expect(orders).toHaveLength(1);
    expect(['EXECUTING', 'COMPLETED']).toContain(orders[0].status);

    const replay = await purchase(purchaseBody(domain), cred, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().orderId).toBe([...orderIds][0]);
    const other = await purchase(purchaseBody(freshName()), cred, { 'idempotency-key': key });
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_MISMATCH']);
    const short = await purchase(purchaseBody(freshName()), cred, { 'idempotency-key': 'short' });
    expect(short.statusCode).toBe(400);
  });

  it('fails the order with BILLING_DECLINED and frees the name when the profile is declined before it runs', async () => {
    const late = await buyer(t);
    const domain = freshName();
    const accepted = await withOrdersPaused(worker, async () => {
      const res = await purchase(purchaseBody(domain), late);
      expect(res.statusCode).toBe(202);
      await t.setPaymentProfile(late.accountId, 'DECLINED');
      return res.json() as OrderAcceptedResponse;
    });
    const done = await settledOrder(t, accepted.orderId, late);
    expect(done).toMatchObject({
      status: 'FAILED',
      failure: { code: 'BILLING_DECLINED', message: expect.any(String) },
    });
    expect(await count('domains', domain)).toBe(0);
    expect(await check(domain)).toEqual(expect.objectContaining({ available: true }));
    expect((await purchase(purchaseBody(domain))).statusCode).toBe(202);
  });

  it("answers 404 ORDER_NOT_FOUND for another account's order and 400 for an id that is not a uuid", async () => {
    const res = await purchase(purchaseBody(freshName()));
    const { orderId } = res.json() as OrderAcceptedResponse;
    const mine = await t.inject({
      method: 'GET',
      url: `/v1/domains/orders/${orderId}`,
      headers: cred.headers,
    });
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as OrderResponse).type).toBe('PURCHASE');
    const stranger = await t.newCredential(['domains.domain:read']);
    const theirs = await t.inject({
      method: 'GET',
      url: `/v1/domains/orders/${orderId}`,
      headers: stranger.headers,
    });
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, 'ORDER_NOT_FOUND']);
    const bad = await t.inject({ method: 'GET', url: '/v1/domains/orders/nope', headers: cred.headers });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'INVALID_FORMAT']);
  });
});
