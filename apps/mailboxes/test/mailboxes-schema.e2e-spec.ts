import { TestEnv, createTestEnv, schemaDrift } from '@platform/testing';
import { MAILBOXES_MIGRATION_SET } from '../src/database/mailboxes.migration-set';

describe('mailboxes schema', () => {
  let env: TestEnv;

  beforeAll(async () => {
    env = await createTestEnv('mailboxes-schema');
  });

  afterAll(async () => {
    await env?.teardown();
  });

  it('has migrations that match the entities exactly', async () => {
    expect(await schemaDrift(env.db.url, MAILBOXES_MIGRATION_SET)).toEqual([]);
  });
});
