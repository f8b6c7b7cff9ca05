import { TestEnv, createTestEnv, runAdminCli } from '@platform/testing';

const admin = runAdminCli;

describe('admin CLI: store create', () => {
  let env: TestEnv;
  let accountId: string;

  beforeAll(async () => {
    env = await createTestEnv('admin-store');
    accountId = (await admin(env, 'account', 'create', '--name', 'acme')).json.accountId;
  }, 120_000);

  afterAll(async () => {
    await env?.teardown();
  });

  it('creates a store under the account default business, reused by the next store', async () => {
    const first = await admin(
      env,
      'store',
      'create',
      '--account',
      accountId,
      '--display-name',
      'Main',
      '--attribute-keys',
      'color,size',
    );
    expect(first.code).toBe(0);
    expect(first.json).toEqual({ storeId: expect.any(String), businessId: expect.any(String) });
    const second = await admin(
      env,
      'store',
      'create',
      '--account',
      accountId,
      '--currency',
      'EUR',
      '--timezone',
      'Europe/Paris',
    );
    expect(second.json.businessId).toBe(first.json.businessId);
    expect(second.json.storeId).not.toBe(first.json.storeId);
  }, 120_000);

  it.each([
    [['--currency', 'XXY'], 'INVALID_CURRENCY'],
    [['--timezone', 'Mars/Olympus'], 'INVALID_TIMEZONE'],
    [['--attribute-keys', '1bad'], 'INVALID_ATTRIBUTE_KEY'],
  ])(
    'refuses %j with %s',
    async (flags, code) => {
      const result = await admin(env, 'store', 'create', '--account', accountId, ...flags);
      expect(result.code).not.toBe(0);
      expect(result.json).toEqual({ error: { code, message: expect.any(String) } });
    },
    120_000,
  );

  it('refuses an unknown account', async () => {
    const result = await admin(env, 'store', 'create', '--account', '00000000-0000-4000-8000-000000000000');
    expect(result.json).toEqual({ error: { code: 'ACCOUNT_NOT_FOUND', message: expect.any(String) } });
  }, 120_000);
});
