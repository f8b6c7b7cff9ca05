import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { COMMERCE_MIGRATION_SET } from '../src/database/commerce.migration-set';

describe('commerce schema', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('commerce-schema');
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('has migrations that match the entities exactly', async () => {
    expect(await schemaDrift(env.db.url, COMMERCE_MIGRATION_SET)).toEqual([]);
  });
});
