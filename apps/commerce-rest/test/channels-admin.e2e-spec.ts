import { TestEnv, createTestEnv, runAdminCli } from '@platform/testing';
import { DataSource } from 'typeorm';

const admin = runAdminCli;

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
    expect(result).toMatchObject({ code: 0, json: { channelId: expect.any(String) } });
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
