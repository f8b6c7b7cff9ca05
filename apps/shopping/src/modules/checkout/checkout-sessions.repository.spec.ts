import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { toCheckoutInput } from './checkout-requests';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP.
describe('CheckoutSessionsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let sessions: CheckoutSessionsRepository;
  const accountId = randomUUID();

  async function session(business = 'platform'): Promise<CheckoutSessionEntity> {
    const row = Object.assign(new CheckoutSessionEntity(), {
      id: `chk_${randomUUID().replace(/-/g, '')}`,
      business,
      accountId,
      agentProfileUrl: 'https://agent.example/profile',
      status: 'incomplete',
      currency: 'USD',
      input: toCheckoutInput({
        line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
        buyer: { email: 'buyer@example.com' },
      }),
      lineItems: [],
      totals: [],
      messages: [],
      appliedDiscounts: [],
      orderId: null,
      cartId: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
    await t.dataSource
      .getRepository(CheckoutSessionEntity)
      .insert(row as QueryDeepPartialEntity<CheckoutSessionEntity>);
    return row;
  }

  beforeAll(async () => {
    t = await openTestDataSource('checkout-sessions-repository', [SHOPPING_MIGRATION_SET]);
    sessions = new CheckoutSessionsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("reads a session of its business only, whoever owns it (the buyer's handoff page)", async () => {
    const made = await session();
    expect((await sessions.findOfBusiness(made.id, 'platform'))?.accountId).toBe(accountId);
    expect(await sessions.findOfBusiness(made.id, `store:${randomUUID()}`)).toBeNull();
    expect(await sessions.findOfBusiness('chk_unknown', 'platform')).toBeNull();
  });
});
