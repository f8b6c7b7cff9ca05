import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TestEnv, createTestEnv } from '@platform/testing';
import { DataSource } from 'typeorm';

const exec = promisify(execFile);
const ROOT = join(__dirname, '../../..');

/** `npm run -s admin -- store attribute set …` as a user runs it, against this suite's database. */
async function admin(
  env: TestEnv,
  ...args: string[]
): Promise<{ code: number; json: Record<string, unknown> }> {
  try {
    const { stdout } = await exec(process.execPath, [join(ROOT, 'scripts/admin.js'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env.env },
      timeout: 120_000,
    });
    return { code: 0, json: JSON.parse(stdout) };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, json: JSON.parse(err.stdout) };
  }
}

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

  it('sets an allow-listed attribute, ephemeral with --ttl, and prints {"storeId","name"}', async () => {
    const result = await admin(
      env,
      'store',
      'attribute',
      'set',
      '--store',
      storeId,
      '--name',
      'promo',
      '--value',
      'SPRING',
      '--ttl',
      '3600',
    );
    expect(result).toEqual({ code: 0, json: { storeId, name: 'promo' } });
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
    const result = await admin(
      env,
      'store',
      'attribute',
      'set',
      '--store',
      storeId,
      '--name',
      'size',
      '--value',
      'XL',
    );
    expect(result.code).not.toBe(0);
    expect(result.json).toEqual({ error: { code: 'INVALID_ATTRIBUTE_KEY', message: expect.any(String) } });
  }, 120_000);
});
