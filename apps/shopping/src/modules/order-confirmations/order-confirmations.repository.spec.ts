import { SessionLockBusyError } from '@platform/database';
import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { OrderConfirmationsRepository } from './order-confirmations.repository';

// Medium tier (docs/testing.md): the confirmation's lock and the buyer's address against the real
// migrated schema, no queue. (Its order columns are tested with the sweep, in
// shopping-orders.repository.spec.ts.)
describe('OrderConfirmationsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let confirmations: OrderConfirmationsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('order-confirmations-repository', [SHOPPING_MIGRATION_SET]);
    confirmations = new OrderConfirmationsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('runs one confirmation of an order at a time: a second run while the first holds the lock is refused', async () => {
    const orderId = `ord_${randomUUID()}`;
    const second = await confirmations.whileConfirming(orderId, async () => {
      const refused = await confirmations
        .whileConfirming(orderId, async () => 'ran')
        .catch((e: unknown) => e);
      // Another order's lock is another lock.
      expect(await confirmations.whileConfirming(`ord_${randomUUID()}`, async () => 'other')).toBe('other');
      return refused;
    });
    expect(second).toBeInstanceOf(SessionLockBusyError);
    expect(await confirmations.whileConfirming(orderId, async () => 'after')).toBe('after');
  });

  it("reads the buyer's e-mail of the checkout, null without one", async () => {
    const insert = (id: string, buyer: Record<string, unknown> | null) =>
      t.dataSource.query(
        `INSERT INTO shopping.checkout_sessions
           (id, business, account_id, agent_profile_url, status, currency, input, line_items, totals,
            messages, applied_discounts, expires_at, version)
         VALUES ($1, 'platform', $2, 'https://agent.example/profile', 'completed', 'USD', $3::jsonb,
                 '[]', '[]', '[]', '[]', now() + interval '1 hour', 1)`,
        [id, randomUUID(), JSON.stringify({ buyer })],
      );
    await insert('chk_with', { email: 'buyer@example.com', first_name: 'B' });
    await insert('chk_without', null);
    expect(await confirmations.findBuyerEmail('chk_with')).toBe('buyer@example.com');
    expect(await confirmations.findBuyerEmail('chk_without')).toBeNull();
    expect(await confirmations.findBuyerEmail('chk_unknown')).toBeNull();
  });
});
