import { SnakeNamingStrategy, runMigrations } from '@platform/database';
import { PlatformError } from '@platform/errors';
import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { DataSource } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity';
import { AUTH_MIGRATION_SET } from './auth.migration-set';
import { TokenService, bearerToken } from './token.service';

describe('TokenService (real Postgres)', () => {
  let env: TestEnv;
  let ds: DataSource;
  let tokens: TokenService;

  beforeAll(async () => {
    env = await createTestEnv('auth-tokens');
    await runMigrations({ url: env.db.url, applicationName: 'test' }, [AUTH_MIGRATION_SET]);
    ds = await new DataSource({
      type: 'postgres',
      url: env.db.url,
      entities: AUTH_MIGRATION_SET.entities,
      namingStrategy: new SnakeNamingStrategy(),
    }).initialize();
    tokens = new TokenService(ds);
  });

  afterAll(async () => {
    await ds?.destroy();
    await env?.teardown();
  });

  async function statusOf(promise: Promise<unknown>): Promise<number | 'ok'> {
    try {
      await promise;
      return 'ok';
    } catch (e) {
      if (e instanceof PlatformError) return e.status;
      throw e;
    }
  }

  it('issues a token that authenticates to its account and scopes', async () => {
    const { accountId } = await tokens.createAccount('acme');
    const issued = await tokens.issue({ accountId, scopes: ['commerce.store:read'] });
    expect(issued.expiresAt).toBeNull();
    await expect(tokens.authenticate(issued.token)).resolves.toEqual({
      accountId,
      tokenId: issued.tokenId,
      scopes: ['commerce.store:read'],
    });
  });

  it('stores only a hash of the token, never the token', async () => {
    const { accountId } = await tokens.createAccount();
    const issued = await tokens.issue({ accountId, scopes: ['commerce.store:read'] });
    const rows = await ds.query(`SELECT * FROM auth.access_tokens WHERE id = $1`, [issued.tokenId]);
    expect(JSON.stringify(rows)).not.toContain(issued.token.slice(10));
    const row = await ds.getRepository(AccessTokenEntity).findOneByOrFail({ id: issued.tokenId });
    expect(row.tokenHash).toHaveLength(32);
  });

  it('rejects missing, malformed and unknown tokens with 401', async () => {
    expect(await statusOf(tokens.authenticate(undefined))).toBe(401);
    expect(await statusOf(tokens.authenticate('not-a-token'))).toBe(401);
    const { generateToken } = await import('./token-format');
    expect(await statusOf(tokens.authenticate(generateToken()))).toBe(401);
  });

  it('rejects an expired token with 401', async () => {
    const { accountId } = await tokens.createAccount();
    let now = new Date('2026-01-01T00:00:00Z');
    const clocked = new TokenService(ds, { clock: () => now });
    const issued = await clocked.issue({ accountId, scopes: ['commerce.store:read'], expiresInSeconds: 60 });
    expect(issued.expiresAt).toBe('2026-01-01T00:01:00.000Z');
    expect(await statusOf(clocked.authenticate(issued.token))).toBe('ok');
    now = new Date('2026-01-01T00:01:00Z');
    expect(await statusOf(clocked.authenticate(issued.token))).toBe(401);
  });

  it('rejects a revoked token at once and keeps the first revocation time', async () => {
    const { accountId } = await tokens.createAccount();
    const issued = await tokens.issue({ accountId, scopes: ['commerce.store:read'] });
    const first = await tokens.revoke(issued.tokenId);
    expect(await statusOf(tokens.authenticate(issued.token))).toBe(401);
    const second = await tokens.revoke(issued.tokenId);
    expect(second.revokedAt).toBe(first.revokedAt);
  });

  it('refuses unknown scopes, no scopes, bad lifetimes and unknown accounts', async () => {
    const { accountId } = await tokens.createAccount();
    expect(await statusOf(tokens.issue({ accountId, scopes: ['nope:read'] }))).toBe(400);
    expect(await statusOf(tokens.issue({ accountId, scopes: [] }))).toBe(400);
    expect(
      await statusOf(tokens.issue({ accountId, scopes: ['commerce.store:read'], expiresInSeconds: 0 })),
    ).toBe(400);
    expect(
      await statusOf(
        tokens.issue({ accountId: '00000000-0000-4000-8000-000000000000', scopes: ['commerce.store:read'] }),
      ),
    ).toBe(404);
    expect(await statusOf(tokens.revoke('00000000-0000-4000-8000-000000000000'))).toBe(404);
  });

  it('has migrations that match the entities exactly', async () => {
    const drift = await schemaDrift(env.db.url, AUTH_MIGRATION_SET);
    expect(drift).toEqual([]);
  });
});

describe('bearerToken', () => {
  it('extracts a Bearer token and ignores other schemes', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('Basic abc')).toBeUndefined();
    expect(bearerToken('Bearer')).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
