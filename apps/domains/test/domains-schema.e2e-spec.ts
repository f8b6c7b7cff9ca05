import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { DOMAINS_MIGRATION_SET } from '../src/database/domains.migration-set';

describe('domains schema', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('domains-schema');
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('has migrations that match the entities exactly', async () => {
    expect(await schemaDrift(env.db.url, DOMAINS_MIGRATION_SET)).toEqual([]);
  });
});
