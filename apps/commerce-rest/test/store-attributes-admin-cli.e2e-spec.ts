import { TestEnv, createTestEnv, runAdminCli } from '@platform/testing';
import { DataSource } from 'typeorm';

const admin = runAdminCli;

describe('admin CLI: store attribute set', () => {
  let env: TestEnv;
  let storeId: string;

  beforeAll(async () => {
    env = await createTestEnv('admin-store-attribute');
    const accountId = (await admin(env, 'account', 'create')).json.accountId as string;
    storeId = (await admin(env, 'store', 'create', '--account', accountId, '--attribute-keys', 'color,promo'))
      .json.storeId as string;
  }, 240_000);

  afterAll(async () => {
    await env?.teardown();
  });

  const setAttribute = (name: string, value: string, ...more: string[]) =>
    admin(env, 'store', 'attribute', 'set', '--store', storeId, '--name', name, '--value', value, ...more);

  it('sets an allow-listed attribute, ephemeral with --ttl, and prints {"storeId","name"}', async () => {
    const result = await setAttribute('promo', 'SPRING', '--ttl', '3600');
    expect(result).toMatchObject({ code: 0, json: { storeId, name: 'promo' } });
    const ds = await new DataSource({ type: 'postgres', url: env.db.url }).initialize();
    try {
      const rows = await ds.query(
        `SELECT "value", "expires_at" > now() + interval '3590 seconds' AS "later" FROM "commerce"."store_attributes" WHERE "store_id" = $1 AND "name" = 'promo'`,
        [storeId],
      );
      expect(rows).toEqual([{ value: 'SPRING', later: true }]);
    } finally {
      await ds.destroy();
    }
  }, 120_000);

  it('refuses a key outside the allow-list with INVALID_ATTRIBUTE_KEY and a non-zero exit', async () => {
    const result = await setAttribute('size', 'XL');
    expect(result.code).not.toBe(0);
    expect(result.json).toEqual({ error: { code: 'INVALID_ATTRIBUTE_KEY', message: expect.any(String) } });
  }, 120_000);
});
