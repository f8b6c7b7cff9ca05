import { randomUUID } from 'node:crypto';
import { runCli } from '@platform/cli';
import type { DomainsAdminContext } from '../src/admin/admin-context';
import { DOMAINS_COMMANDS } from '../src/admin/domains-commands';
import { REGISTRY_SETTINGS } from '../src/modules/registry/registry-settings';
import { PaymentProfileEntity } from '../src/modules/payment-profiles/payment-profile.entity';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';
import { freshName, purchaseBody } from './support/orders-requests';

describe('admin CLI payment-profile add|decline (real Postgres)', () => {
  let t: DomainsTestApp;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-payment-profile');
  });

  afterAll(() => t?.close());

  /** The CLI as `npm run -s admin -- …` runs it (runCli), on the suite's database: exit code and JSON. */
  const admin = async (...argv: string[]): Promise<{ code: number; json: Record<string, unknown> }> => {
    let out = '';
    const context: DomainsAdminContext = {
      dataSource: t.dataSource,
      registry: t.app.get(REGISTRY_SETTINGS),
    };
    const code = await runCli(
      DOMAINS_COMMANDS,
      argv,
      async () => ({ context, close: async () => undefined }),
      { stdout: (text) => (out += text), stderr: (text) => (out += text) },
    );
    return { code, json: JSON.parse(out) as Record<string, unknown> };
  };

  const profile = (accountId: string) =>
    t.dataSource.getRepository(PaymentProfileEntity).findOneBy({ accountId });

  it('adds an ACTIVE profile, declines it, and adds it back (upsert)', async () => {
    const accountId = randomUUID();
    expect(await admin('payment-profile', 'add', '--account', accountId.toUpperCase())).toEqual({
      code: 0,
      json: { accountId, status: 'ACTIVE' },
    });
    expect(await profile(accountId)).toMatchObject({ status: 'ACTIVE' });
    expect(await admin('payment-profile', 'decline', '--account', accountId)).toEqual({
      code: 0,
      json: { accountId, status: 'DECLINED' },
    });
    expect(await profile(accountId)).toMatchObject({ status: 'DECLINED' });
    expect((await admin('payment-profile', 'add', '--account', accountId)).json).toEqual({
      accountId,
      status: 'ACTIVE',
    });
    expect(await t.dataSource.getRepository(PaymentProfileEntity).countBy({ accountId })).toBe(1);
  });

  it('declines an account that had no profile', async () => {
    const accountId = randomUUID();
    expect((await admin('payment-profile', 'decline', '--account', accountId)).json).toEqual({
      accountId,
      status: 'DECLINED',
    });
  });

  it.each([
    ['no --account', ['payment-profile', 'add']],
    ['an --account that is not a uuid', ['payment-profile', 'decline', '--account', 'acme']],
    ['an unknown verb', ['payment-profile', 'remove', '--account', randomUUID()]],
  ])('refuses %s with exit code 1 and an error object', async (_, argv) => {
    const result = await admin(...argv);
    expect(result.code).toBe(1);
    expect(result.json).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });

  it('is what purchases check: NO_PAYMENT_PROFILE, then BILLING_DECLINED, then accepted', async () => {
    const cred = await t.newCredential(['domains.domain:create']);
    const purchase = () =>
      t.inject({
        method: 'POST',
        url: '/v1/domains/purchase',
        headers: cred.headers,
        payload: purchaseBody(freshName()),
      });
    expect((await purchase()).json().code).toBe('NO_PAYMENT_PROFILE');
    await admin('payment-profile', 'decline', '--account', cred.accountId);
    expect((await purchase()).json().code).toBe('BILLING_DECLINED');
    await admin('payment-profile', 'add', '--account', cred.accountId);
    expect((await purchase()).statusCode).toBe(202);
  });
});
