import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { TestEnv, createTestEnv } from '@platform/testing';
import { DataSource } from 'typeorm';

const exec = promisify(execFile);
const ROOT = join(__dirname, '../../..');

/** `npm run -s admin -- channel …` as a user runs it, against this suite's database. */
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

describe('admin CLI: channel create', () => {
  let env: TestEnv;
  let db: DataSource;
  let storeId: string;

  beforeAll(async () => {
    env = await createTestEnv('admin-channel');
    const accountId = (await admin(env, 'account', 'create', '--name', 'acme')).json.accountId as string;
    storeId = (await admin(env, 'store', 'create', '--account', accountId, '--display-name', 'Main')).json
      .storeId as string;
    db = await new DataSource({ type: 'postgres', url: env.db.url }).initialize();
  }, 180_000);

  afterAll(async () => {
    await db?.destroy();
    await env?.teardown();
  });

  it("creates a channel registered as the store's default and points the store at it", async () => {
    const result = await admin(env, 'channel', 'create', '--store', storeId, '--name', 'Web shop');
    expect(result).toEqual({ code: 0, json: { channelId: expect.any(String) } });
    const channelId = result.json.channelId as string;
    const [channel] = await db.query('SELECT name, type, status FROM commerce.channels WHERE id = $1', [
      channelId,
    ]);
    expect(channel).toEqual({ name: 'Web shop', type: 'DEFAULT', status: 'ACTIVE' });
    const registrations = await db.query(
      'SELECT store_id, status, is_default FROM commerce.channel_stores WHERE channel_id = $1',
      [channelId],
    );
    expect(registrations).toEqual([{ store_id: storeId, status: 'ENABLED', is_default: true }]);
    const [store] = await db.query('SELECT default_channel_id FROM commerce.stores WHERE id = $1', [storeId]);
    expect(store.default_channel_id).toBe(channelId);
  }, 120_000);

  it('refuses an unknown store with STORE_NOT_FOUND and a non-zero exit', async () => {
    const result = await admin(env, 'channel', 'create', '--store', '00000000-0000-4000-8000-000000000000');
    expect(result.code).not.toBe(0);
    expect(result.json).toEqual({ error: { code: 'STORE_NOT_FOUND', message: expect.any(String) } });
  }, 120_000);
});
