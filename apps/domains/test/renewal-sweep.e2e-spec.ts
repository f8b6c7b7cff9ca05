import { getQueueToken } from '@nestjs/bullmq';
import type { TestCredential, WorkerHarness } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { yearsAfter } from '../src/modules/domains/domain-registrations';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import { DomainOrderEntity } from '../src/modules/orders/domain-order.entity';
import { RENEWAL_SWEEP_SCHEDULER_ID } from '../src/modules/orders/orders.jobs';
import { RenewalSweep } from '../src/modules/orders/renewal-sweep.service';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { startDomainsWorker, withOrdersPaused } from './support/domains-worker';
import { buyer, freshName } from './support/orders-requests';

const DAY_MS = 86_400_000;

describe('the renewal and expiry sweep (real Postgres, Redis, BullMQ)', () => {
  let t: DomainsTestApp;
  let worker: WorkerHarness;
  let sweep: RenewalSweep;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-renewal');
    worker = await startDomainsWorker(t.env, { DOMAINS_AUTO_RENEW_BEFORE_S: String(30 * 86_400) });
    sweep = worker.app.get(RenewalSweep);
    cred = await buyer(t);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const domains = () => t.dataSource.getRepository(DomainEntity);
  const orders = (domain: string) => t.dataSource.getRepository(DomainOrderEntity).findBy({ domain });

  /** A domain of `accountId` with `renewAuto`, expiring `days` from now (negative: in the past). */
  const expiring = async (accountId: string, renewAuto: boolean, days: number): Promise<DomainEntity> => {
    const added = await t.addDomain(accountId, freshName());
    const expires = new Date(Date.now() + days * DAY_MS);
    await domains().update({ domainId: added.domainId }, { renewAuto, expires });
    return { ...added, renewAuto, expires };
  };

  it('is scheduled every DOMAINS_MAINTENANCE_EVERY_S on the orders queue', async () => {
    const queue = worker.app.get<Queue>(getQueueToken('domains-orders'));
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers).toEqual([
      expect.objectContaining({ key: RENEWAL_SWEEP_SCHEDULER_ID, name: 'renewal.sweep', every: 3600 * 1000 }),
    ]);
  });

  it('renews a renewAuto domain near its expiry for a year, and expires a lapsed one without renewAuto', async () => {
    const due = await expiring(cred.accountId, true, 5);
    const later = await expiring(cred.accountId, true, 100);
    const lapsed = await expiring(cred.accountId, false, -1);
    const unpaid = await t.newCredential(['domains.domain:read']);
    const unpaidDue = await expiring(unpaid.accountId, true, 5);
    const unpaidLapsed = await expiring(unpaid.accountId, true, -2);

    const outcome = await sweep.run();
    expect(outcome.renewed).toBeGreaterThanOrEqual(1);
    expect(outcome.expired).toBeGreaterThanOrEqual(2);

    expect(await orders(due.domain)).toEqual([
      expect.objectContaining({ type: 'RENEW', period: 1, total: 11_990_000 }),
    ]);
    for (const d of [later, lapsed, unpaidDue, unpaidLapsed]) expect(await orders(d.domain)).toEqual([]);
    const renewed = await waitFor(
      async () => {
        const row = await domains().findOneByOrFail({ domain: due.domain });
        return (row.expires as Date).getTime() > (due.expires as Date).getTime() && row;
      },
      { what: 'the automatic renewal to complete' },
    );
    expect(renewed).toMatchObject({ status: 'ACTIVE', expires: yearsAfter(due.expires as Date, 1) });
    expect((await domains().findOneByOrFail({ domain: lapsed.domain })).status).toBe('EXPIRED');
    expect((await domains().findOneByOrFail({ domain: unpaidLapsed.domain })).status).toBe('EXPIRED');
    expect((await domains().findOneByOrFail({ domain: unpaidDue.domain })).status).toBe('ACTIVE');
    expect((await domains().findOneByOrFail({ domain: later.domain })).expires).toEqual(later.expires);
  });

  it('orders one renewal per domain when sweeps run on several replicas at once', async () => {
    const due = [await expiring(cred.accountId, true, 3), await expiring(cred.accountId, true, 4)];
    await Promise.all([sweep.run(), sweep.run(), sweep.run()]);
    for (const d of due) expect(await orders(d.domain)).toHaveLength(1);
  });

  it('leaves ACTIVE a lapsed domain whose renewal is running', async () => {
    const lapsed = await expiring(cred.accountId, true, -1);
    await withOrdersPaused(worker, async () => {
      await sweep.run();
      expect(await orders(lapsed.domain)).toEqual([expect.objectContaining({ status: 'EXECUTING' })]);
      expect((await domains().findOneByOrFail({ domain: lapsed.domain })).status).toBe('ACTIVE');
    });
  });
});
