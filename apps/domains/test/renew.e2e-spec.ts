import { randomUUID } from 'node:crypto';
import type { OperationJobData } from '@platform/queue';
import type { TestCredential, WorkerHarness } from '@platform/testing';
import type { Job } from 'bullmq';
import { yearsAfter } from '../src/modules/domains/domain-registrations';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import { OrderRunner } from '../src/modules/orders/order.runner';
import type { OrderAcceptedResponse } from '../src/modules/orders/orders.response';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { startDomainsWorker, withOrdersPaused } from './support/domains-worker';
import { buyer, freshName, settledOrder } from './support/orders-requests';

const DAY_MS = 86_400_000;

describe('POST /v1/domains/{domain}/renew (real Postgres, Redis, BullMQ)', () => {
  let t: DomainsTestApp;
  let worker: WorkerHarness;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-renew');
    worker = await startDomainsWorker(t.env);
    cred = await buyer(t);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const renew = (domain: string, body?: unknown, c: TestCredential = cred) =>
    t.inject({
      method: 'POST',
      url: `/v1/domains/${domain}/renew`,
      headers: c.headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });

  const row = (domain: string) => t.dataSource.getRepository(DomainEntity).findOneByOrFail({ domain });

  const owned = async (c: TestCredential = cred): Promise<DomainEntity> =>
    t.addDomain(c.accountId, freshName());

  /** Runs `fn` with the worker taking no jobs, so orders stay EXECUTING meanwhile. */
  const withWorkerPaused = <T>(fn: () => Promise<T>): Promise<T> => withOrdersPaused(worker, fn);

  it('extends an ACTIVE domain from its current expiry by the period', async () => {
    const domain = await owned();
    const res = await renew(domain.domain, { period: 3 });
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as OrderAcceptedResponse;
    expect(accepted).toMatchObject({
      itemCount: 1,
      total: 3 * 11_990_000,
      currency: 'USD',
      status: 'EXECUTING',
    });
    expect(await settledOrder(t, accepted.orderId, cred)).toMatchObject({
      type: 'RENEW',
      period: 3,
      status: 'COMPLETED',
    });
    expect((await row(domain.domain)).expires).toEqual(yearsAfter(domain.expires as Date, 3));
  });

  it('renews for one year without a body, and an EXPIRED domain from now', async () => {
    const domain = await owned();
    await t.dataSource
      .getRepository(DomainEntity)
      .update(
        { domainId: domain.domainId },
        { status: 'EXPIRED', expires: new Date(Date.now() - 10 * DAY_MS) },
      );
    const res = await renew(domain.domain);
    expect(res.statusCode).toBe(202);
    await settledOrder(t, (res.json() as OrderAcceptedResponse).orderId, cred);
    const renewed = await row(domain.domain);
    expect(renewed.status).toBe('ACTIVE');
    expect(Math.abs((renewed.expires as Date).getTime() - yearsAfter(new Date(), 1).getTime())).toBeLessThan(
      60_000,
    );
  });

  it("answers 404 DOMAIN_NOT_FOUND for another account's domain and for an unregistered one", async () => {
    const other = await buyer(t);
    const theirs = await owned(other);
    for (const domain of [theirs.domain, freshName()]) {
      const res = await renew(domain, { period: 1 });
      expect([res.statusCode, res.json().code]).toEqual([404, 'DOMAIN_NOT_FOUND']);
    }
  });

  it('answers 409 DOMAIN_NOT_RENEWABLE while the domain is still PENDING', async () => {
    const domain = await owned();
    await t.dataSource
      .getRepository(DomainEntity)
      .update({ domainId: domain.domainId }, { status: 'PENDING' });
    const res = await renew(domain.domain, { period: 1 });
    expect([res.statusCode, res.json().code]).toEqual([409, 'DOMAIN_NOT_RENEWABLE']);
  });

  it('answers 422 PERIOD_TOO_LONG when the expiry would pass 10 years from now', async () => {
    const domain = await owned();
    const res = await renew(domain.domain, { period: 10 });
    expect([res.statusCode, res.json().code]).toEqual([422, 'PERIOD_TOO_LONG']);
    expect(res.json().fields).toEqual([expect.objectContaining({ path: '$.period' })]);
    expect((await renew(domain.domain, { period: 9 })).statusCode).toBe(202);
  });

  it('answers 422 NO_PAYMENT_PROFILE and BILLING_DECLINED', async () => {
    const poor = await t.newCredential(['domains.domain:create', 'domains.domain:read']);
    const domain = await owned(poor);
    const none = await renew(domain.domain, {}, poor);
    expect([none.statusCode, none.json().code]).toEqual([422, 'NO_PAYMENT_PROFILE']);
    await t.setPaymentProfile(poor.accountId, 'DECLINED');
    const declined = await renew(domain.domain, {}, poor);
    expect([declined.statusCode, declined.json().code]).toEqual([422, 'BILLING_DECLINED']);
  });

  it('answers 422 UNSUPPORTED_TLD for a domain of a TLD the registry does not sell', async () => {
    const added = await t.addDomain(cred.accountId, `x-${randomUUID().slice(0, 8)}.test`);
    const res = await renew(added.domain, {});
    expect([res.statusCode, res.json().code]).toEqual([422, 'UNSUPPORTED_TLD']);
  });

  it('answers 400 for a bad period and for a path that is not a domain name', async () => {
    const domain = await owned();
    for (const period of [0, 11, 'two']) {
      const res = await renew(domain.domain, { period });
      expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_BODY']);
    }
    const path = await renew('not_a_domain', {});
    expect([path.statusCode, path.json().code]).toEqual([400, 'INVALID_FORMAT']);
  });

  it('accepts one of two concurrent renewals; the other answers 409 ORDER_IN_PROGRESS', async () => {
    const domain = await owned();
    const answers = await withWorkerPaused(() =>
      Promise.all([renew(domain.domain, { period: 1 }), renew(domain.domain, { period: 2 })]),
    );
    const [first, second] = [...answers].sort((a, b) => a.statusCode - b.statusCode);
    expect([first.statusCode, second.statusCode, second.json().code]).toEqual([
      202,
      409,
      'ORDER_IN_PROGRESS',
    ]);
    const accepted = first.json() as OrderAcceptedResponse;
    await settledOrder(t, accepted.orderId, cred);
    expect((await renew(domain.domain, { period: 1 })).statusCode).toBe(202);
  });

  it('extends once when the job of the order runs twice, concurrently and again later', async () => {
    const domain = await owned();
    const runner = worker.app.get(OrderRunner);
    const orderId = await withWorkerPaused(async () => {
      const res = await renew(domain.domain, { period: 1 });
      const { orderId: id } = res.json() as OrderAcceptedResponse;
      const job = {
        id,
        name: 'order.renew',
        data: { operationId: id },
        attemptsMade: 0,
        opts: { attempts: 5 },
      } as unknown as Job<OperationJobData>;
      const outcomes = await Promise.all([runner.run(job), runner.run(job)]);
      expect(outcomes.sort()).toEqual(['completed', 'skipped']);
      expect(await runner.run(job)).toBe('skipped');
      return id;
    });
    expect(await settledOrder(t, orderId, cred)).toMatchObject({ status: 'COMPLETED' });
    expect((await row(domain.domain)).expires).toEqual(yearsAfter(domain.expires as Date, 1));
  });
});
