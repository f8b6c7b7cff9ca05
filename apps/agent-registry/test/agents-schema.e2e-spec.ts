import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { AGENTS_MIGRATION_SET } from '../src/database/agents.migration-set';

describe('agents schema', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('agents-schema');
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('has migrations that match the entities exactly', async () => {
    expect(await schemaDrift(env.db.url, AGENTS_MIGRATION_SET)).toEqual([]);
  });
});
