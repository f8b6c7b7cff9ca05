import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { HOSTING_MIGRATION_SET } from '../src/database/hosting.migration-set';

describe('hosting schema', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('hosting-schema');
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('has migrations that match the entities exactly', async () => {
    expect(await schemaDrift(env.db.url, HOSTING_MIGRATION_SET)).toEqual([]);
  });
});
