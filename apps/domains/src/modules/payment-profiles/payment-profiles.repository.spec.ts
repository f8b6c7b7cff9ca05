import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { DOMAINS_MIGRATION_SET } from '../../database/domains.migration-set';
import { PaymentProfilesRepository } from './payment-profiles.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or queue.
describe('PaymentProfilesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let profiles: PaymentProfilesRepository;

  beforeAll(async () => {
    t = await openTestDataSource('domains-payment-profiles-repository', [DOMAINS_MIGRATION_SET]);
    profiles = new PaymentProfilesRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates an account’s profile, then replaces its status in the same row', async () => {
    const accountId = randomUUID();
    expect(await profiles.findByAccount(accountId)).toBeNull();
    await profiles.upsert(accountId, 'ACTIVE');
    const created = await profiles.findByAccount(accountId);
    expect(created).toMatchObject({ accountId, status: 'ACTIVE' });
    await profiles.upsert(accountId, 'DECLINED');
    const replaced = await profiles.findByAccount(accountId);
    expect(replaced).toMatchObject({ accountId, status: 'DECLINED', createdAt: created?.createdAt });
    const [{ count }] = await t.dataSource.query(
      'SELECT count(*)::int AS count FROM domains.payment_profiles WHERE account_id = $1',
      [accountId],
    );
    expect(count).toBe(1);
  });

  it("reads one account's profile, not another's", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await profiles.upsert(a, 'DECLINED');
    expect(await profiles.findByAccount(b)).toBeNull();
    expect((await profiles.findByAccount(a))?.status).toBe('DECLINED');
  });
});
