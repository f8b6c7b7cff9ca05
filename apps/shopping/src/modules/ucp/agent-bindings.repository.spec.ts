import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { AgentBindingsRepository } from './agent-bindings.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or Redis.
describe('AgentBindingsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let bindings: AgentBindingsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('agent-bindings-repository', [SHOPPING_MIGRATION_SET]);
    bindings = new AgentBindingsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('binds a token on first use and keeps the first profile (ON CONFLICT DO NOTHING)', async () => {
    const token = randomUUID();
    expect(await bindings.bindUnlessBound(token, 'https://a.example/profile')).toBe(
      'https://a.example/profile',
    );
    expect(await bindings.bindUnlessBound(token, 'https://b.example/profile')).toBeUndefined();
    expect(await bindings.findProfileUrl(token)).toBe('https://a.example/profile');
  });

  it('lets exactly one of racing first uses make the binding', async () => {
    const token = randomUUID();
    const made = await Promise.all(
      ['https://1.example', 'https://2.example', 'https://3.example'].map((url) =>
        bindings.bindUnlessBound(token, url),
      ),
    );
    const winners = made.filter((m) => m !== undefined);
    expect(winners).toHaveLength(1);
    expect(await bindings.findProfileUrl(token)).toBe(winners[0]);
  });
});
