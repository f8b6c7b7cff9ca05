import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { CartEntity } from '../carts/cart.entity';
import { ShoppingOrderEntity } from '../orders/shopping-order.entity';
import { errorMessage } from '../ucp/ucp-protocol';
import { toCheckoutInput } from './checkout-requests';
import { CheckoutSessionEntity } from './checkout-session.entity';
import { CheckoutSessionsRepository } from './checkout-sessions.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP.
describe('CheckoutSessionsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let sessions: CheckoutSessionsRepository;
  const accountId = randomUUID();

  async function session(
    changes: Partial<CheckoutSessionEntity> = {},
    business = 'platform',
  ): Promise<CheckoutSessionEntity> {
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
      ...changes,
    });
    await sessions.insert(row);
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

  const statusOf = async (id: string) => (await sessions.findOfBusiness(id, 'platform'))?.status;

  it('reads a session of its account and business only; a change writes in one UPDATE, at the version it read', async () => {
    const made = await session();
    expect(await sessions.findOfAccount(made.id, randomUUID(), 'platform')).toBeNull();
    expect(await sessions.findOfAccount(made.id, accountId, `store:${randomUUID()}`)).toBeNull();
    const read = await sessions.findOfAccount(made.id, accountId, 'platform');
    if (!read) throw new Error('session not found');
    read.status = 'ready_for_complete';
    expect(await sessions.update(read, read.version)).toBe(true);
    read.status = 'canceled';
    expect(await sessions.update(read, read.version)).toBe(false); // moved on meanwhile
    expect(await statusOf(made.id)).toBe('ready_for_complete');
    await sessions.transaction(async (tx) => {
      const locked = await tx.findOfAccount(made.id, accountId, 'platform', true);
      if (!locked) throw new Error('session not found');
      locked.status = 'canceled';
      expect(await tx.update(locked)).toBe(true);
    });
    expect(await sessions.findOfAccount(made.id, accountId, 'platform')).toMatchObject({
      status: 'canceled',
      version: read.version + 2,
    });
  });

  it('claims a ready, unexpired session for completion once, merging the patch into its input', async () => {
    const ready = await session({ status: 'ready_for_complete' });
    const expired = await session({ status: 'ready_for_complete', expiresAt: new Date(Date.now() - 1000) });
    const patch = { signals: { 'dev.ucp.buyer_ip': '203.0.113.7' } };
    const claims = await Promise.all(
      [1, 2, 3].map(() => sessions.claimReady(ready.id, accountId, 'platform', patch)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const claimed = await sessions.findOfBusiness(ready.id, 'platform');
    expect(claimed).toMatchObject({ status: 'complete_in_progress', input: { ...ready.input, ...patch } });
    expect(await sessions.claimReady(expired.id, accountId, 'platform', patch)).toBe(false);
    expect(await sessions.claimReady(ready.id, randomUUID(), 'platform', patch)).toBe(false);
  });

  it('reverts or completes a session only while its completion is in progress', async () => {
    const reverted = await session({ status: 'complete_in_progress' });
    const message = errorMessage('payment_failed', 'declined', 'recoverable');
    await sessions.revertCompletion(reverted.id, 'ready_for_complete', [message]);
    expect(await sessions.findOfBusiness(reverted.id, 'platform')).toMatchObject({
      status: 'ready_for_complete',
      messages: [message],
    });
    expect(await sessions.markCompleted(reverted.id, 'ord_x')).toBe(false);
    const completed = await session({ status: 'complete_in_progress' });
    expect(await sessions.markCompleted(completed.id, 'ord_y')).toBe(true);
    await sessions.revertCompletion(completed.id, 'ready_for_complete', []);
    expect(await sessions.findOfBusiness(completed.id, 'platform')).toMatchObject({
      status: 'completed',
      orderId: 'ord_y',
      messages: [],
    });
  });

  it('cancels the live sessions past their expiry, in batches, and no completion', async () => {
    const past = new Date(Date.now() - 60_000);
    const live = await Promise.all([1, 2, 3].map(() => session({ expiresAt: past })));
    const completing = await session({ status: 'complete_in_progress', expiresAt: past });
    const fresh = await session();
    // Three, and any expired session an earlier test left live.
    expect(await sessions.cancelExpired(new Date(), 2)).toBeGreaterThanOrEqual(3);
    for (const { id } of live) expect(await statusOf(id)).toBe('canceled');
    expect(await statusOf(completing.id)).toBe('complete_in_progress');
    expect(await statusOf(fresh.id)).toBe('incomplete');
    expect(await sessions.cancelExpired(new Date(), 2)).toBe(0);
  });

  it("converts a cart and places an order in the session's transaction, or neither", async () => {
    const cartId = `cart_${randomUUID().replace(/-/g, '')}`;
    const made = Object.assign(new CartEntity(), {
      id: cartId,
      business: 'platform',
      accountId,
      state: 'active',
      currency: 'USD',
      input: toCheckoutInput({ line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] }),
      lineItems: [],
      totals: [],
      messages: [],
      appliedDiscounts: [],
      expiresAt: new Date(Date.now() + 60_000),
    });
    await sessions.carts.insert(made);
    const first = await session({ cartId });
    await expect(
      sessions.transaction(async (tx) => {
        await tx.carts.markConverted(cartId, accountId);
        await tx.orders.insert(orderOf(first));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await sessions.carts.findOfAccount(cartId, accountId, 'platform'))?.state).toBe('active');
    expect(await sessions.orders.findById(orderOf(first).id)).toBeNull();

    const second = await session({ cartId, status: 'complete_in_progress' });
    await sessions.transaction(async (tx) => {
      await tx.carts.markConverted(cartId, accountId);
      await tx.orders.insert(orderOf(second));
      await tx.orders.appendEvent(orderOf(second).id, 'order.created');
      expect(await tx.markCompleted(second.id, orderOf(second).id)).toBe(true);
    });
    expect((await sessions.carts.findOfAccount(cartId, accountId, 'platform'))?.state).toBe('converted');
    expect((await sessions.orders.findById(orderOf(second).id))?.checkoutId).toBe(second.id);
    expect((await sessions.findLatestOfCart(cartId, accountId))?.id).toBe(second.id);
    expect(await sessions.findLatestOfCart(cartId, randomUUID())).toBeNull();
  });

  /** The order a completed session places (the fields OrdersService.place fills). */
  function orderOf(s: CheckoutSessionEntity): ShoppingOrderEntity {
    return Object.assign(new ShoppingOrderEntity(), {
      id: s.id.replace(/^chk_/, 'ord_'),
      checkoutId: s.id,
      business: s.business,
      accountId: s.accountId,
      currency: s.currency,
      lineItems: [],
      totals: [],
      events: [],
      adjustments: [],
      externalOrderId: null,
      webhookUrl: null,
      ucpCapabilities: {},
    });
  }
});
