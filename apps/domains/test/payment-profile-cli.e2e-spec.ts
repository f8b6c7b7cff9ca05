import { randomUUID } from 'node:crypto';
import type { TestEnv } from '@platform/testing';
import { createTestEnv, runAdminCli } from '@platform/testing';
import { DataSource } from 'typeorm';

/** `npm run -s admin -- payment-profile …` as a user runs it: scripts/admin.js → the domains admin entry. */
describe('admin CLI payment-profile through scripts/admin.js (real Postgres)', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('domains-payment-profile-cli', { MIGRATIONS: 'auto' });
  });

  afterAll(() => env?.teardown());

  it('adds and declines a profile, printing {accountId, status}', async () => {
    const accountId = randomUUID();
    const added = await runAdminCli(env, 'payment-profile', 'add', '--account', accountId);
    expect(added).toMatchObject({ code: 0, json: { accountId, status: 'ACTIVE' } });
    const declined = await runAdminCli(env, 'payment-profile', 'decline', '--account', accountId);
    expect(declined).toMatchObject({ code: 0, json: { accountId, status: 'DECLINED' } });
    const db = new DataSource({ type: 'postgres', url: env.db.url });
    await db.initialize();
    try {
      expect(
        await db.query('SELECT status FROM domains.payment_profiles WHERE account_id = $1', [accountId]),
      ).toEqual([{ status: 'DECLINED' }]);
    } finally {
      await db.destroy();
    }
  }, 180_000);
});
