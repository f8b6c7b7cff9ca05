import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { SHOPPING_MIGRATION_SET } from '../../database/shopping.migration-set';
import { OrderConfirmationsRepository } from '../order-confirmations/order-confirmations.repository';
import { OrderEventsRepository } from '../order-webhooks/order-events.repository';
import type { OrderLineStatus } from './shopping-order.entity';
import { ShoppingOrderEntity } from './shopping-order.entity';
import { ShoppingOrdersRepository } from './shopping-orders.repository';

// Medium tier (docs/testing.md): the worker's statements against the real migrated schema, no queue.
describe('ShoppingOrdersRepository, OrderEventsRepository and OrderConfirmationsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let orders: ShoppingOrdersRepository;
  let events: OrderEventsRepository;
  let confirmations: OrderConfirmationsRepository;
  const accountId = randomUUID();

  async function order(
    business: string,
    status: OrderLineStatus,
    createdAt: Date,
    webhookUrl: string | null = 'https://agent.example/webhook',
  ): Promise<string> {
    const id = `ord_${randomUUID().replace(/-/g, '')}`;
    await orders.insert(
      Object.assign(new ShoppingOrderEntity(), {
        id,
        checkoutId: id.replace('ord_', 'chk_'),
        business,
        accountId,
        currency: 'USD',
        lineItems: [
          {
            id: 'li_1',
            item: { id: 'item', title: 'Item', price: 100 },
            quantity: { original: 1, total: 1, fulfilled: 0 },
            totals: [],
            status,
          },
        ],
        totals: [],
        events: [],
        adjustments: [],
        externalOrderId: null,
        webhookUrl,
        ucpCapabilities: {},
        createdAt,
      }),
    );
    return id;
  }

  async function event(orderId: string, sequence: number): Promise<string> {
    const [row] = (await t.dataSource.query(
      `INSERT INTO shopping.order_events (order_id, sequence, type) VALUES ($1, $2, 'order.updated') RETURNING id`,
      [orderId, sequence],
    )) as { id: string }[];
    return String(row.id);
  }

  beforeAll(async () => {
    t = await openTestDataSource('shopping-orders-repository', [SHOPPING_MIGRATION_SET]);
    orders = new ShoppingOrdersRepository(t.dataSource.manager);
    events = new OrderEventsRepository(t.dataSource.manager);
    confirmations = new OrderConfirmationsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  // Not platform orders: the provisioning sweep's test below sees none of these.
  const store = `store:${randomUUID()}`;
  const eventsOf = async (orderId: string) =>
    (
      await t.dataSource.query(
        'SELECT sequence, type, failed_at IS NOT NULL AS given_up, last_error FROM shopping.order_events WHERE order_id = $1 ORDER BY sequence',
        [orderId],
      )
    ).map((r: { sequence: number; type: string; given_up: boolean; last_error: string | null }) => [
      r.sequence,
      r.type,
      r.given_up,
      r.last_error,
    ]);

  it("appends an order's events in sequence; an order without a webhook_url has its events given up at once", async () => {
    const told = await order(store, 'processing', new Date());
    const silent = await order(store, 'processing', new Date(), null);
    await orders.appendEvent(told, 'order.created');
    await orders.appendEvent(told, 'line.fulfilled');
    await orders.appendEvent(silent, 'order.created');
    await orders.appendEvent(`ord_${randomUUID()}`, 'order.created'); // no such order: nothing
    expect(await eventsOf(told)).toEqual([
      [1, 'order.created', false, null],
      [2, 'line.fulfilled', false, null],
    ]);
    expect(await eventsOf(silent)).toEqual([[1, 'order.created', true, 'the order has no webhook_url']]);
  });

  it('changes an order under its row lock in a transaction, with its event, or not at all', async () => {
    const id = await order(store, 'processing', new Date());
    await orders.transaction(async (tx) => {
      const locked = await tx.findByIdForUpdate(id);
      if (!locked) throw new Error('order not found');
      locked.lineItems = locked.lineItems.map((line) => ({ ...line, status: 'fulfilled' as const }));
      await tx.save(locked);
      await tx.appendEvent(id, 'line.fulfilled');
    });
    expect((await orders.findById(id))?.lineItems[0].status).toBe('fulfilled');
    await expect(
      orders.transaction(async (tx) => {
        await tx.appendEvent(id, 'line.removed');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await eventsOf(id)).toEqual([[1, 'line.fulfilled', false, null]]);
    expect(await orders.transaction((tx) => tx.findByIdForUpdate(`ord_${randomUUID()}`))).toBeNull();
  });

  it('sweeps the platform orders still processing, oldest first, and not store orders', async () => {
    const base = Date.parse('2026-01-01T00:00:00Z');
    const later = await order('platform', 'processing', new Date(base + 2000));
    const earlier = await order('platform', 'processing', new Date(base + 1000));
    await order('platform', 'fulfilled', new Date(base));
    await order(`store:${randomUUID()}`, 'processing', new Date(base));
    expect(await orders.findUnprovisionedIds(10)).toEqual([earlier, later]);
    expect(await orders.findUnprovisionedIds(1)).toEqual([earlier]);
  });

  it('sweeps the orders whose confirmation is neither sent nor given up', async () => {
    const sent = await order('platform', 'fulfilled', new Date());
    const givenUp = await order('platform', 'fulfilled', new Date());
    const open = await order('platform', 'fulfilled', new Date());
    await confirmations.markSent(sent, 'log');
    await confirmations.markGivenUp(givenUp, 'no e-mail');
    await confirmations.markGivenUp(sent, 'too late');
    const unconfirmed = await orders.findUnconfirmedIds(500);
    expect(unconfirmed).toContain(open);
    expect(unconfirmed).not.toContain(sent);
    expect(unconfirmed).not.toContain(givenUp);
    expect((await orders.findById(sent))?.confirmationFailedAt).toBeNull();
  });

  it("delivers an order's events in sequence, each once, and gives up only the pending ones", async () => {
    const id = await order('platform', 'fulfilled', new Date());
    const second = await event(id, 2);
    const first = await event(id, 1);
    const third = await event(id, 3);
    expect(await orders.findIdsWithPendingEvents(500)).toContain(id);
    expect((await events.findNextPending(id))?.id).toBe(first);
    await events.countAttempt(first);
    await events.markDelivered(first);
    expect((await events.findNextPending(id))?.id).toBe(second);
    expect(await events.hasGivenUpBefore(id, 3)).toBe(false);
    expect(await events.giveUpPending(id, 'refused')).toBe(2);
    expect(await events.hasGivenUpBefore(id, 3)).toBe(true);
    expect(await events.findNextPending(id)).toBeNull();
    expect(await orders.findIdsWithPendingEvents(500)).not.toContain(id);
    const rows = await t.dataSource.query(
      'SELECT id, attempts, delivered_at IS NOT NULL AS delivered FROM shopping.order_events WHERE order_id = $1 ORDER BY sequence',
      [id],
    );
    expect(
      rows.map((r: { id: string; attempts: number; delivered: boolean }) => [
        String(r.id),
        r.attempts,
        r.delivered,
      ]),
    ).toEqual([
      [first, 1, true],
      [second, 0, false],
      [third, 0, false],
    ]);
  });
});
