import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { SERVICE_PORTS } from '@platform/config';
import { deriveInternalCredential, verifyRequest, type VerificationJwk } from '@platform/crypto';
import {
  TEST_ENCRYPTION_KEY,
  describeWithVendorData,
  schemaDrift,
  waitFor,
  type TestCredential,
  type WorkerHarness,
} from '@platform/testing';
import { expectUcpValid } from '@platform/testing/contracts';
import type { Queue } from 'bullmq';
import { SHOPPING_MIGRATION_SET } from '../src/database/shopping.migration-set';
import { OrderEventEntity } from '../src/modules/orders/order-event.entity';
import { ShoppingOrdersQueue } from '../src/modules/orders/orders.jobs';
import { ShoppingOrderEntity } from '../src/modules/orders/shopping-order.entity';
import { webhookId } from '../src/modules/order-webhooks/order-webhook-request';
import { unitReference } from '../src/modules/provisioning/order-provisioner.service';
import { ALL_CAPABILITIES, type ReceivedWebhook } from './support/fake-agent';
import { startFakeHosting, type FakeHosting } from './support/fake-hosting';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { startShoppingWorker } from './support/shopping-worker';
import type { UcpJson } from './support/ucp-responses';

/**
 * The worker side of orders, end to end (real PostgreSQL and Redis; the domains and hosting
 * services and the agent faked over HTTP; the worker in-process): a completed platform checkout is
 * provisioned line by line through the owners, each change an order event, and the events reach
 * the agent's webhook signed, in order, at least once; refused webhook URLs are given up; a worker
 * that dies mid-provisioning leaves nothing bought twice.
 */
describe('shopping: order fulfilment and webhooks (API + worker)', () => {
  let t: ShoppingTestApp;
  let hosting: FakeHosting;
  let worker: WorkerHarness;
  let signingKeys: VerificationJwk[];

  // Loopback as a host without a port: the fake agent's servers are allowed, the platform's own
  // ports (Redis, services) stay denied targets, as they are for any allow entry without a port.
  const env = (): Record<string, string> => ({
    HOSTING_URL: hosting.url,
    SHOPPING_OUTBOUND_ALLOW: '127.0.0.1',
    SHOPPING_PROFILE_CACHE_TTL_S: '0',
  });

  beforeAll(async () => {
    hosting = await startFakeHosting(deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex')));
    t = await startShoppingTestApp('shopping-fulfilment', env());
    worker = await startShoppingWorker(t, env());
    signingKeys = ((await t.inject({ method: 'GET', url: '/.well-known/ucp' })).json() as UcpJson)
      .signing_keys as VerificationJwk[];
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await hosting?.close();
  });

  afterEach(() => {
    t.domains.holdPurchases(false);
    t.agent.setOptions({});
  });

  const domain = () => `ful-${randomUUID().slice(0, 8)}.com`;
  const orders = () => t.dataSource.getRepository(ShoppingOrderEntity);
  const events = (orderId: string) =>
    t.dataSource.getRepository(OrderEventEntity).find({ where: { orderId }, order: { sequence: 'ASC' } });

  /** A buyer with an ACTIVE payment profile completes a platform checkout of `items`; the order id. */
  async function placeOrder(buyer: TestCredential, items: readonly string[]): Promise<string> {
    t.domains.setPaymentProfile(buyer.accountId, 'ACTIVE');
    const created = (
      await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: items.map((id) => ({ item: { id }, quantity: 1 })),
        buyer: { email: 'buyer@example.com' },
      })
    ).json() as UcpJson;
    expect(created.status).toBe('ready_for_complete');
    const done = (
      await t.ucp(buyer, 'POST', `/v1/shopping/checkout-sessions/${created.id}/complete`, {
        payment: {
          instruments: [
            { id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile', selected: true },
          ],
        },
      })
    ).json() as UcpJson;
    expect(done.status).toBe('completed');
    return done.order.id as string;
  }

  /** The order once no line is processing any more. */
  const settledOrder = (orderId: string) =>
    waitFor(
      async () => {
        const order = await orders().findOneByOrFail({ id: orderId });
        return order.lineItems.every((l) => l.status !== 'processing') && order;
      },
      { what: `order ${orderId} provisioned`, timeoutMs: 30_000 },
    );

  /** The webhooks the agent received for an order, in arrival order. */
  const webhooksOf = (orderId: string): ReceivedWebhook[] =>
    t.agent.webhooks.filter((w) => (JSON.parse(w.body.toString('utf8')) as UcpJson).id === orderId);

  const idsOf = (received: readonly ReceivedWebhook[]) => received.map((w) => w.headers['webhook-id']);

  /** Every event of the order delivered (delivered_at set). */
  const allDelivered = (orderId: string) =>
    waitFor(
      async () => {
        const rows = await events(orderId);
        return rows.length > 0 && rows.every((e) => e.deliveredAt !== null) && rows;
      },
      { what: `events of ${orderId} delivered`, timeoutMs: 30_000 },
    );

  /** The agent profile the fake serves, its order webhook at `webhookUrl`. */
  function profileWithWebhook(webhookUrl: string): string {
    const entry = (name: string) => ({
      version: '2026-04-08',
      spec: 'https://ucp.dev/2026-04-08/specification/overview',
      schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
      ...(name === 'dev.ucp.shopping.order' ? { config: { webhook_url: webhookUrl } } : {}),
    });
    return JSON.stringify({
      ucp: {
        version: '2026-04-08',
        capabilities: Object.fromEntries(ALL_CAPABILITIES.map((name) => [name, [entry(name)]])),
        payment_handlers: {},
      },
    });
  }

  it('has migrations that match the entities exactly (schema shopping)', async () => {
    expect(await schemaDrift(t.env.db.url, SHOPPING_MIGRATION_SET)).toEqual([]);
  });

  it('provisions a domain (2 years) and a hosting plan: both lines fulfilled, a delivered event each', async () => {
    const buyer = await t.buyer();
    const name = domain();
    const orderId = await placeOrder(buyer, [`domain:${name}:2y`, 'web-hosting-3']);
    const order = await settledOrder(orderId);
    const [domainLine, planLine] = order.lineItems;
    expect(order.lineItems.map((l) => [l.status, l.quantity])).toEqual([
      ['fulfilled', { original: 1, total: 1, fulfilled: 1 }],
      ['fulfilled', { original: 1, total: 1, fulfilled: 1 }],
    ]);
    // The plan settles at once; the purchase is PENDING until read back on the next run.
    expect(order.events).toEqual([
      {
        id: `evt_${planLine.id}`,
        occurred_at: expect.any(String),
        type: 'delivered',
        line_items: [{ id: planLine.id, quantity: 1 }],
        description: expect.stringMatching(
          /^WEB_HOSTING plan [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12} with 3 app slots ready$/,
        ),
      },
      {
        id: `evt_${domainLine.id}`,
        occurred_at: expect.any(String),
        type: 'delivered',
        line_items: [{ id: domainLine.id, quantity: 1 }],
        description: `${name} registered for 2 years`,
      },
    ]);
    expect(order.adjustments).toEqual([]);
    expect(t.domains.purchases().filter((p) => p.accountId === buyer.accountId)).toEqual([
      expect.objectContaining({
        reference: unitReference(orderId, domainLine.id, 1),
        domain: name,
        periodYears: 2,
        status: 'COMPLETED',
      }),
    ]);
    expect(hosting.plans(buyer.accountId)).toEqual([
      expect.objectContaining({ reference: unitReference(orderId, planLine.id, 1), status: 'ACTIVE' }),
    ]);
    const rows = await allDelivered(orderId);
    expect(rows.map((e) => [e.sequence, e.type])).toEqual([
      [1, 'order.created'],
      [2, 'line.fulfilled'],
      [3, 'line.fulfilled'],
    ]);
    const got = await t.ucp(buyer, 'GET', `/v1/shopping/orders/${orderId}`);
    expect((got.json() as UcpJson).line_items.map((l: UcpJson) => l.status)).toEqual([
      'fulfilled',
      'fulfilled',
    ]);
  });

  it('sends each event as a signed snapshot of the order, in sequence, that verifies against the profile’s signing_keys', async () => {
    const buyer = await t.buyer();
    const orderId = await placeOrder(buyer, [`domain:${domain()}:1y`, 'web-hosting-1']);
    await settledOrder(orderId);
    await allDelivered(orderId);
    const received = webhooksOf(orderId);
    expect(idsOf(received)).toEqual([1, 2, 3].map((n) => webhookId(orderId, n)));
    for (const w of received) {
      expect(w.headers).toMatchObject({
        'content-type': 'application/json',
        'ucp-agent': 'profile="https://api.platform.test/.well-known/ucp"',
        'webhook-id': expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
        ),
        'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
        'content-digest': expect.stringMatching(/^sha-256=:/),
      });
      const verified = verifyRequest({
        method: 'POST',
        url: `${t.agent.url}${w.path}`,
        headers: w.headers,
        body: w.body,
        keys: signingKeys,
      });
      expect(verified).toMatchObject({
        ok: true,
        keyid: signingKeys[0].kid,
        components: [
          '@method',
          '@authority',
          '@path',
          'ucp-agent',
          'idempotency-key',
          'webhook-id',
          'webhook-timestamp',
          'content-digest',
          'content-type',
        ],
      });
      const body = JSON.parse(w.body.toString('utf8')) as UcpJson;
      expect(body).toMatchObject({
        id: orderId,
        ucp: {
          version: '2026-04-08',
          capabilities: { 'dev.ucp.shopping.order': [{ version: '2026-04-08' }] },
        },
      });
    }
    const last = JSON.parse(received[2].body.toString('utf8')) as UcpJson;
    expect(last.line_items.map((l: UcpJson) => l.status)).toEqual(['fulfilled', 'fulfilled']);
  });

  it('a domain purchase that fails (declined at settle time): that line removed with a refund, the other fulfilled', async () => {
    const buyer = await t.buyer();
    t.domains.holdPurchases(true);
    const orderId = await placeOrder(buyer, [`domain:${domain()}:1y`, 'web-hosting-1']);
    await waitFor(() => t.domains.purchases().some((p) => p.accountId === buyer.accountId), {
      what: 'the purchase placed',
    });
    t.domains.setPaymentProfile(buyer.accountId, 'DECLINING');
    t.domains.holdPurchases(false);
    const order = await settledOrder(orderId);
    const [domainLine, planLine] = order.lineItems;
    const lineTotal = domainLine.totals.find((x) => x.type === 'total')?.amount ?? 0;
    expect(lineTotal).toBeGreaterThan(0);
    expect(domainLine).toMatchObject({
      status: 'removed',
      quantity: { original: 1, total: 0, fulfilled: 0 },
    });
    expect(planLine).toMatchObject({
      status: 'fulfilled',
      quantity: { original: 1, total: 1, fulfilled: 1 },
    });
    expect(order.adjustments).toEqual([
      {
        id: `adj_${domainLine.id}`,
        type: 'refund',
        occurred_at: expect.any(String),
        status: 'completed',
        line_items: [{ id: domainLine.id, quantity: -1 }],
        totals: [{ type: 'total', display_text: 'Refund', amount: -lineTotal }],
        description: 'Not provisioned, not charged: BILLING_DECLINED',
      },
    ]);
    expect(order.events.map((e) => e.line_items[0].id)).toEqual([planLine.id]);
    const rows = await allDelivered(orderId);
    expect(rows.map((e) => e.type).sort()).toEqual(['line.fulfilled', 'line.removed', 'order.created']);
  });

  it('a webhook answering 500 twice, then 200: every event delivered, in order, none sent after its success', async () => {
    let answered = 0;
    t.agent.setOptions({ webhookStatus: () => (++answered <= 2 ? 500 : 200) });
    const buyer = await t.buyer();
    const orderId = await placeOrder(buyer, ['web-hosting-1']);
    const rows = await allDelivered(orderId);
    const [first, second] = [1, 2].map((n) => webhookId(orderId, n));
    expect(idsOf(webhooksOf(orderId))).toEqual([first, first, first, second]);
    expect(rows.map((e) => [e.sequence, e.attempts, e.lastError])).toEqual([
      [1, 3, null],
      [2, 1, null],
    ]);
  });

  it('refuses webhook URLs at the platform’s Redis, a service port and the metadata address: nothing sent, events given up', async () => {
    const redis = new URL(t.config.platform.redisUrl);
    const targets = [
      `http://${redis.hostname}:${redis.port || 6379}/hook`,
      `http://127.0.0.1:${SERVICE_PORTS.shopping}/hook`,
      'http://169.254.169.254/latest/meta-data',
    ];
    const placed: string[] = [];
    for (const target of targets) {
      t.agent.setOptions({ rawProfile: profileWithWebhook(target) });
      placed.push(await placeOrder(await t.buyer(), ['web-hosting-1']));
    }
    t.agent.setOptions({});
    const order = await orders().findOneByOrFail({ id: placed[0] });
    expect(order.webhookUrl).toBe(targets[0]);
    for (const orderId of placed) {
      const rows = await waitFor(
        async () => {
          const all = await events(orderId);
          return all.length === 2 && all.every((e) => e.failedAt !== null) && all;
        },
        { what: `events of ${orderId} given up`, timeoutMs: 45_000 },
      );
      expect(rows.every((e) => e.deliveredAt === null)).toBe(true);
      expect(rows[0].lastError).toMatch(/^OUTBOUND_REFUSED: /);
      expect(rows[0].attempts).toBe(5);
      expect(webhooksOf(orderId)).toEqual([]);
    }
  }, 90_000);

  it('a worker killed while a purchase is PENDING: the next worker finishes it, nothing bought twice', async () => {
    const buyer = await t.buyer();
    t.domains.holdPurchases(true);
    const orderId = await placeOrder(buyer, [`domain:${domain()}:1y`, 'web-hosting-1']);
    await waitFor(
      async () => {
        const order = await orders().findOneByOrFail({ id: orderId });
        return (
          order.lineItems[1].status === 'fulfilled' &&
          t.domains.purchases().some((p) => p.accountId === buyer.accountId && p.status === 'PENDING')
        );
      },
      { what: 'the plan provisioned and the purchase pending' },
    );
    // Killed between two runs of the job (the one a dying pod abandons mid-run comes back after its
    // lock lapses, ≤ 60 s, the same way): the queue paused, so no run is active at the kill.
    const queue = t.app.get<Queue>(getQueueToken(ShoppingOrdersQueue.name)); // the API's: it outlives the worker
    await queue.pause();
    await waitFor(async () => (await queue.getActiveCount()) === 0, { what: 'no active job' });
    await worker.kill();
    await worker.close();
    worker = await startShoppingWorker(t, env());
    await queue.resume();
    t.domains.holdPurchases(false);
    const order = await settledOrder(orderId);
    expect(order.lineItems.map((l) => l.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(t.domains.purchases().filter((p) => p.accountId === buyer.accountId)).toHaveLength(1);
    expect(hosting.plans(buyer.accountId)).toHaveLength(1);
    await allDelivered(orderId);
  });

  describeWithVendorData('ucp', 'order webhook bodies against the UCP 2026-04-08 schemas', () => {
    it('validates every body the agent received as an order (order_webhook)', () => {
      expect(t.agent.webhooks.length).toBeGreaterThanOrEqual(10);
      for (const w of t.agent.webhooks) expectUcpValid('order_webhook', JSON.parse(w.body.toString('utf8')));
    });
  });
});
