import { OperationStatus } from '@platform/queue';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { domainRow } from '../../../test/support/domain-rows';
import { DOMAINS_MIGRATION_SET } from '../../database/domains.migration-set';
import { DomainEntity } from '../domains/domain.entity';
import { DomainsRepository } from '../domains/domains.repository';
import { PaymentProfilesRepository } from '../payment-profiles/payment-profiles.repository';
import { DomainOrderEntity } from './domain-order.entity';
import { OrdersRepository } from './orders.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or queue.
describe('OrdersRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let orders: OrdersRepository;
  let profiles: PaymentProfilesRepository;
  const now = new Date('2030-06-01T00:00:00.000Z');
  const before = (ms: number) => new Date(now.getTime() - ms);
  const after = (ms: number) => new Date(now.getTime() + ms);

  async function order(
    accountId: string,
    domain: string,
    extra: Partial<DomainOrderEntity> = {},
  ): Promise<DomainOrderEntity> {
    const id = randomUUID();
    const row = Object.assign(new DomainOrderEntity(), {
      id,
      status: OperationStatus.EXECUTING,
      failureCode: null,
      failureMessage: null,
      attempts: 0,
      jobQueue: 'domains-orders',
      jobName: 'order.renew',
      jobData: { operationId: id },
      completedAt: null,
      accountId,
      type: 'RENEW',
      domain,
      period: 1,
      total: 12_000_000,
      currency: 'USD',
      reference: null,
      ...extra,
    });
    await t.dataSource.getRepository(DomainOrderEntity).insert(row);
    return row;
  }

  async function domain(name: string, accountId: string, extra: Partial<DomainEntity>): Promise<void> {
    await t.dataSource.getRepository(DomainEntity).insert(domainRow(name, accountId, extra));
  }

  const statusOf = async (name: string) =>
    (await new DomainsRepository(t.dataSource.manager).getByName(name)).status;

  beforeAll(async () => {
    t = await openTestDataSource('domains-orders-repository', [DOMAINS_MIGRATION_SET]);
    orders = new OrdersRepository(t.dataSource.manager);
    profiles = new PaymentProfilesRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("reads an account's order by id and by reference, never another account's", async () => {
    const accountId = randomUUID();
    const placed = await order(accountId, 'read.test', { type: 'PURCHASE', reference: 'ref-1' });
    expect(await orders.findOfAccount(placed.id, accountId)).toMatchObject({
      id: placed.id,
      domain: 'read.test',
      total: 12_000_000,
    });
    expect(await orders.findOfAccount(placed.id, randomUUID())).toBeNull();
    expect((await orders.findByReference(accountId, 'ref-1'))?.id).toBe(placed.id);
    expect(await orders.findByReference(randomUUID(), 'ref-1')).toBeNull();
    expect(await orders.findByReference(accountId, 'ref-2')).toBeNull();
  });

  it('finds the renewAuto ACTIVE domains due, soonest first, with no order running and a chargeable owner', async () => {
    const payer = randomUUID();
    const declined = randomUUID();
    await profiles.upsert(payer, 'ACTIVE');
    await profiles.upsert(declined, 'DECLINED');
    const due = { renewAuto: true, status: 'ACTIVE' as const };
    await domain('due-later.test', payer, { ...due, expires: before(1000) });
    await domain('due-first.test', payer, { ...due, expires: before(2000) });
    await domain('due-last.test', payer, { ...due, expires: before(500) });
    await domain('not-yet.test', payer, { ...due, expires: after(1000) });
    await domain('manual.test', payer, { ...due, renewAuto: false, expires: before(1000) });
    await domain('lapsed.test', payer, { ...due, status: 'EXPIRED', expires: before(1000) });
    await domain('running.test', payer, { ...due, expires: before(1000) });
    await order(payer, 'running.test');
    await domain('declined.test', declined, { ...due, expires: before(1000) });
    await domain('no-profile.test', randomUUID(), { ...due, expires: before(1000) });
    await order(payer, 'due-later.test', { status: OperationStatus.COMPLETED });

    expect(await orders.findDueForRenewal(now, 10)).toEqual([
      { domain: 'due-first.test', accountId: payer },
      { domain: 'due-later.test', accountId: payer },
      { domain: 'due-last.test', accountId: payer },
    ]);
    expect((await orders.findDueForRenewal(now, 2)).map((d) => d.domain)).toEqual([
      'due-first.test',
      'due-later.test',
    ]);
  });

  it('expires the lapsed ACTIVE domains in batches, leaving one with an order running', async () => {
    // Earlier than the other cases' expiries: only this case's domains have lapsed by then.
    const at = before(60_000);
    const around = (ms: number) => new Date(at.getTime() + ms);
    const accountId = randomUUID();
    for (let i = 0; i < 5; i++) await domain(`lapse-${i}.test`, accountId, { expires: around(-i - 1) });
    await domain('lapse-running.test', accountId, { expires: around(-1) });
    await order(accountId, 'lapse-running.test');
    await domain('lapse-future.test', accountId, { expires: around(1) });
    await domain('lapse-pending.test', accountId, { status: 'PENDING', expires: around(-1) });

    expect(await orders.expireLapsed(at, 2)).toBe(5);
    for (let i = 0; i < 5; i++) expect(await statusOf(`lapse-${i}.test`)).toBe('EXPIRED');
    expect(await statusOf('lapse-running.test')).toBe('ACTIVE');
    expect(await statusOf('lapse-future.test')).toBe('ACTIVE');
    expect(await statusOf('lapse-pending.test')).toBe('PENDING');
    expect(await orders.expireLapsed(at, 2)).toBe(0);
  });
});
