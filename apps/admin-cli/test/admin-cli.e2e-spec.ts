import { AUTH_MIGRATION_SET, TokenService, hashToken } from '@platform/auth';
import { dataSourceOptions, runMigrations } from '@platform/database';
import { TestEnv, createTestEnv, runAdminCli, waitFor } from '@platform/testing';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';

const admin = runAdminCli;

describe('admin CLI (npm run -s admin)', () => {
  let env: TestEnv;
  let ds: DataSource;

  beforeAll(async () => {
    env = await createTestEnv('admin-cli');
  }, 60_000);

  afterAll(async () => {
    await ds?.destroy();
    await env?.teardown();
  });

  it('creates an account, then a token that authenticates with its scopes, then revokes it', async () => {
    const account = await admin(env, 'account', 'create', '--name', 'acme');
    expect(account.code).toBe(0);
    expect(account.stdout.trim().split('\n')).toHaveLength(1);
    expect(account.json).toEqual({ accountId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const token = await admin(
      env,
      'token',
      'create',
      '--account',
      String(account.json.accountId),
      '--scopes',
      'commerce.store:read,hosting.log:read',
      '--expires-in',
      '3600',
    );
    expect(token.code).toBe(0);
    expect(token.json).toEqual({
      tokenId: expect.any(String),
      token: expect.stringMatching(/^dpat_/),
      scopes: ['commerce.store:read', 'hosting.log:read'],
      expiresAt: expect.any(String),
    });

    ds = await new DataSource(
      dataSourceOptions({ url: env.db.url, applicationName: 'test' }, [AUTH_MIGRATION_SET]),
    ).initialize();
    const tokens = new TokenService(ds);
    await expect(tokens.authenticate(String(token.json.token))).resolves.toMatchObject({
      accountId: account.json.accountId,
      scopes: ['commerce.store:read', 'hosting.log:read'],
    });

    const revoked = await admin(env, 'token', 'revoke', '--id', String(token.json.tokenId));
    expect(revoked.code).toBe(0);
    expect(revoked.json).toEqual({ tokenId: token.json.tokenId, revokedAt: expect.any(String) });
    await expect(tokens.authenticate(String(token.json.token))).rejects.toMatchObject({ status: 401 });
  }, 120_000);

  it("publishes a revocation on Redis under the key prefix, for every service's token cache", async () => {
    await runMigrations({ url: env.db.url, applicationName: 'test' }, [AUTH_MIGRATION_SET]);
    ds ??= await new DataSource(
      dataSourceOptions({ url: env.db.url, applicationName: 'test' }, [AUTH_MIGRATION_SET]),
    ).initialize();
    const tokens = new TokenService(ds);
    const issued = await tokens.issue({
      accountId: (await tokens.createAccount()).accountId,
      scopes: ['commerce.store:read'],
    });
    const subscriber = new Redis(env.redis.url);
    const messages: string[] = [];
    try {
      subscriber.on('message', (_channel: string, message: string) => messages.push(message));
      await subscriber.subscribe(`${env.redis.prefix}:auth:token-revoked`);
      expect((await admin(env, 'token', 'revoke', '--id', issued.tokenId)).code).toBe(0);
      await waitFor(() => messages.length > 0, { timeoutMs: 5000, what: 'the revocation message' });
      expect(messages.map((m) => JSON.parse(m))).toEqual([
        { tokenId: issued.tokenId, tokenHash: hashToken(issued.token).toString('hex') },
      ]);
    } finally {
      subscriber.disconnect();
    }
  }, 120_000);

  it('prints its JSON and nothing else: no development-key warning, no build output on stderr', async () => {
    // No SECRETS_ENCRYPTION_KEY: the development key in .data/, as on a fresh clone.
    const devKey = { ...env.env, SECRETS_ENCRYPTION_KEY: '' };
    const account = await admin(devKey, 'account', 'create', '--name', 'quiet');
    expect(account).toMatchObject({ code: 0, stderr: '' });
    const token = await admin(
      devKey,
      'token',
      'create',
      '--account',
      String(account.json.accountId),
      '--scopes',
      'commerce.store:read',
    );
    expect(token).toMatchObject({ code: 0, stderr: '' });
    expect(token.stdout.trim().split('\n')).toHaveLength(1);
  }, 120_000);

  it.each([
    [['token', 'create', '--scopes', 'commerce.store:read'], 'MISSING_FLAG'],
    [['token', 'create', '--account', 'x', '--scopes', 'commerce.store:read'], 'INVALID_FLAG_VALUE'],
    [
      ['token', 'create', '--account', '00000000-0000-4000-8000-000000000000', '--scopes', 'nope:read'],
      'UNKNOWN_SCOPE',
    ],
    [
      [
        'token',
        'create',
        '--account',
        '00000000-0000-4000-8000-000000000000',
        '--scopes',
        'commerce.store:read',
      ],
      'ACCOUNT_NOT_FOUND',
    ],
    [['token', 'revoke', '--id', '00000000-0000-4000-8000-000000000000'], 'TOKEN_NOT_FOUND'],
    [['account', 'create', '--bogus', '1'], 'UNKNOWN_FLAG'],
    [['planet', 'create'], 'UNKNOWN_COMMAND'],
  ])(
    'answers %j with {"error": {"code": "%s"}} and a non-zero exit',
    async (args, code) => {
      const result = await admin(env, ...(args as string[]));
      expect(result.code).not.toBe(0);
      expect(result.json).toEqual({ error: { code, message: expect.any(String) } });
    },
    120_000,
  );
});
