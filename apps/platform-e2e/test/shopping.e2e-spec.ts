import { randomUUID } from 'node:crypto';
import { IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyRequest, type VerificationJwk } from '@platform/crypto';
import {
  TestEnv,
  createAdminToken,
  createTestEnv,
  describeWithVendorData,
  freePort,
  runAdminJson,
  waitFor,
} from '@platform/testing';
import { StartedPlatform, startPlatform } from './support/npm-start';
import { STOREFRONT_MERCHANT_SCOPES, createStorefrontShop } from './support/storefront-shop';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- UCP bodies, checked field by field
type Json = Record<string, any>;

const SHOPPING_SCOPES = ['shopping.catalog:read', 'shopping.checkout:execute', 'shopping.order:read'];

/** A webhook delivery the agent's endpoint received, as it arrived. */
interface Delivery {
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A UCP agent on loopback: its profile (what UCP-Agent names) declaring the shopping capabilities
 * and the order capability's webhook_url, and that endpoint, which records every delivery.
 */
async function startAgent(): Promise<{
  header: string;
  port: number;
  deliveries: Delivery[];
  close(): Promise<void>;
}> {
  const deliveries: Delivery[] = [];
  let base = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/profile') {
        const capability = (extra: Json = {}) => [
          {
            version: '2026-04-08',
            spec: 'https://ucp.dev/2026-04-08/specification/overview',
            schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
            ...extra,
          },
        ];
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=60' }).end(
          JSON.stringify({
            ucp: {
              version: '2026-04-08',
              services: {
                'dev.ucp.shopping': [
                  {
                    version: '2026-04-08',
                    transport: 'rest',
                    spec: 'https://ucp.dev/2026-04-08/specification/overview',
                    schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
                  },
                ],
              },
              capabilities: {
                'dev.ucp.shopping.checkout': capability(),
                'dev.ucp.shopping.cart': capability(),
                'dev.ucp.shopping.catalog.search': capability(),
                'dev.ucp.shopping.catalog.lookup': capability(),
                'dev.ucp.shopping.discount': capability(),
                'dev.ucp.shopping.order': capability({ config: { webhook_url: `${base}/webhooks` } }),
              },
              payment_handlers: {},
            },
          }),
        );
        return;
      }
      if (req.method === 'POST' && (req.url ?? '').startsWith('/webhooks')) {
        deliveries.push({ url: `${base}${req.url}`, headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  return {
    header: `profile="${base}/profile"`,
    port,
    deliveries,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The rows of a CSV file of the flower shop (no quoted commas in the columns read here). */
function csv(text: string): Record<string, string>[] {
  const [head, ...rows] = text.trim().split(/\r?\n/);
  const names = head.split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

/**
 * The Shopping API through the gateway of a platform started with `npm start` (one start for the
 * file): the platform business (a domain and a hosting plan bought with the payment profile,
 * provisioned, the agent's webhook signed) and a store seeded with the UCP conformance flower shop
 * through the public graphs (totals equal the order subgraph's order).
 */
describe('Shopping API end to end (npm start)', () => {
  let env: TestEnv;
  let platform: StartedPlatform | undefined;
  let agent: Awaited<ReturnType<typeof startAgent>>;
  let baseUrl: string;
  let childEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    env = await createTestEnv('shopping-e2e');
    agent = await startAgent();
    childEnv = {
      ...process.env,
      ...env.env,
      LOG_LEVEL: 'warn',
      PORTS: 'auto',
      PORT: String(await freePort()),
      PUBLIC_BASE_URL: undefined,
      SHOPPING_OUTBOUND_ALLOW: `127.0.0.1:${agent.port}`,
    };
    platform = await startPlatform(childEnv);
    baseUrl = platform.baseUrl;
  }, 300_000);

  afterAll(async () => {
    await platform?.stop();
    await agent?.close();
    await env?.teardown();
  }, 60_000);

  /** One request through the gateway: status and JSON body. */
  const call = async (
    token: string,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as Json) : {} };
  };
  /** A UCP call as the agent makes it: UCP-Agent, and a fresh Idempotency-Key on writes. */
  const ucp = (token: string, method: string, path: string, body?: unknown) =>
    call(token, method, path, body, {
      'ucp-agent': agent.header,
      ...(method === 'GET' ? {} : { 'idempotency-key': randomUUID() }),
    });

  describe('the platform: a domain and a hosting plan', () => {
    let accountId: string;
    let token: string;
    const name = `e2e-${randomUUID().slice(0, 8)}.com`;
    let order: Json;

    beforeAll(async () => {
      ({ accountId } = await runAdminJson(childEnv, 'account', 'create', '--name', 'shopping buyer'));
      ({ token } = await createAdminToken(childEnv, accountId, [
        ...SHOPPING_SCOPES,
        'domains.domain:read',
        'hosting.application:create',
        'hosting.application:read',
        'hosting.application:update',
      ]));
      await runAdminJson(childEnv, 'payment-profile', 'add', '--account', accountId);
    }, 60_000);

    it('searches a free name, checks out the domain (2 years) and a plan, and completes with the payment profile', async () => {
      const search = await ucp(token, 'POST', '/v1/shopping/catalog/search', { domains: [name] });
      expect(search.status).toBe(200);
      const product = (search.body.products as Json[]).find((p) => p.id === `domain:${name}`);
      expect(product?.variants.find((v: Json) => v.id === `domain:${name}:2y`)).toMatchObject({
        availability: { available: true },
      });
      const created = await ucp(token, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [
          { item: { id: `domain:${name}:2y` }, quantity: 1 },
          { item: { id: 'web-hosting-3' }, quantity: 1 },
        ],
        buyer: { email: 'buyer@example.com' },
      });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('ready_for_complete');
      const completed = await ucp(
        token,
        'POST',
        `/v1/shopping/checkout-sessions/${created.body.id}/complete`,
        {
          payment: { instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile' }] },
        },
      );
      expect(completed.status).toBe(200);
      expect(completed.body).toMatchObject({ status: 'completed', order: { id: expect.any(String) } });
      order = completed.body.order;
    });

    it('provisions the domain: ACTIVE under GET /v1/domains', async () => {
      const domain = await waitFor(
        async () => {
          const list = await call(token, 'GET', '/v1/domains');
          return (list.body as unknown as Json[]).find((d) => d.domain === name && d.status === 'ACTIVE');
        },
        { timeoutMs: 90_000, intervalMs: 250, what: `${name} to be ACTIVE` },
      );
      expect(domain).toMatchObject({ domain: name, status: 'ACTIVE' });
    }, 150_000);

    it("fulfils every line of the order, and the plan takes an app's subscription", async () => {
      const fulfilled = await waitFor(
        async () => {
          const got = await ucp(token, 'GET', `/v1/shopping/orders/${order.id}`);
          const lines = got.body.line_items as Json[] | undefined;
          return lines?.length && lines.every((l) => l.status === 'fulfilled') ? got.body : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 250, what: 'the order lines to be fulfilled' },
      );
      const hosting = (fulfilled.line_items as Json[]).find((l) => l.item.id === 'web-hosting-3');
      expect(hosting).toMatchObject({ status: 'fulfilled', quantity: { total: 1, fulfilled: 1 } });
      // The plan's subscription id, as the order's fulfilment event for the hosting line names it.
      const events = JSON.stringify(
        (fulfilled.fulfillment.events as Json[]).filter((e) =>
          (e.line_items as Json[]).some((l) => l.id === hosting?.id),
        ),
      );
      const subscriptionId = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/.exec(events)?.[0];
      expect({ subscriptionId, events }).toEqual({ subscriptionId: expect.any(String), events });

      const app = await call(token, 'POST', '/v1/hosting/apps?appType=NODEJS', { name: 'bought plan' });
      expect(app.status).toBe(202);
      const made = await waitFor(
        async () => {
          const op = await call(token, 'GET', `/v1/hosting/app-operations/${app.body.operationId}`);
          return op.body.status !== 'EXECUTING' ? op.body : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 250, what: 'the app to be created' },
      );
      expect(made.status).toBe('COMPLETED');
      const attached = await call(token, 'PUT', `/v1/hosting/apps/${made.appId}/subscription`, {
        subscriptionId,
      });
      expect(attached).toMatchObject({
        status: 200,
        body: { subscriptionId, hostingProduct: 'WEB_HOSTING' },
      });
    }, 150_000);

    it("signs the order snapshots sent to the agent's webhook with a key of GET /.well-known/ucp", async () => {
      const profile = await fetch(`${baseUrl}/.well-known/ucp`);
      const keys = ((await profile.json()) as Json).signing_keys as VerificationJwk[];
      const mine = await waitFor(
        () => {
          const found = agent.deliveries.filter((d) => d.body.toString().includes(order.id));
          return found.length ? found : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 250, what: 'a webhook delivery of the order' },
      );
      for (const d of mine) {
        const verified = verifyRequest({
          method: 'POST',
          url: d.url,
          headers: d.headers as Record<string, string>,
          body: d.body,
          keys,
        });
        expect(verified).toMatchObject({ ok: true });
        expect(JSON.parse(d.body.toString())).toMatchObject({ id: order.id });
      }
    }, 150_000);

    it('a declined payment profile: the 200 envelope, nothing provisioned', async () => {
      const { accountId: declined } = await runAdminJson(childEnv, 'account', 'create', '--name', 'declined');
      const { token: declinedToken } = await createAdminToken(childEnv, declined, [
        ...SHOPPING_SCOPES,
        'domains.domain:read',
      ]);
      await runAdminJson(childEnv, 'payment-profile', 'decline', '--account', declined);
      const other = `e2e-${randomUUID().slice(0, 8)}.com`;
      const created = await ucp(declinedToken, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: `domain:${other}:1y` }, quantity: 1 }],
        buyer: { email: 'buyer@example.com' },
      });
      expect(created.body.status).toBe('ready_for_complete');
      const completed = await ucp(
        declinedToken,
        'POST',
        `/v1/shopping/checkout-sessions/${created.body.id}/complete`,
        {
          payment: { instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile' }] },
        },
      );
      expect(completed).toMatchObject({
        status: 200,
        body: { ucp: { status: 'error' }, messages: [expect.objectContaining({ code: 'payment_failed' })] },
      });
      const domains = await call(declinedToken, 'GET', '/v1/domains');
      expect(domains).toMatchObject({ status: 200, body: [] });
    });
  });

  describeWithVendorData('ucp', 'a store with the UCP conformance flower shop', (ucpData) => {
    let storeId: string;
    let token: string;
    const skuOf: Record<string, string> = {};
    const stock: Record<string, number> = {};

    /** The merchant's GraphQL through the gateway (x-store-id); any error fails the test. */
    const graph = async <T = Json>(query: string, variables: Json = {}): Promise<T> => {
      const res = await call(token, 'POST', '/graphql', { query, variables }, { 'x-store-id': storeId });
      expect({ status: res.status, errors: res.body.errors }).toEqual({ status: 200, errors: undefined });
      return res.body.data as T;
    };
    const store = (tail: string) => `/v1/shopping/stores/${storeId}${tail}`;
    const card = (credential: string) => ({
      instruments: [
        {
          id: 'instr_1',
          handler_id: 'sandbox_card',
          type: 'card',
          credential: { type: 'token', token: credential },
        },
      ],
    });

    beforeAll(async () => {
      const shop = await createStorefrontShop(childEnv, { account: 'flower shop', channel: 'Web' });
      storeId = shop.storeId;
      // The merchant's own token, with the shopping scopes: what a merchant hands its agent.
      ({ token } = await createAdminToken(childEnv, shop.accountId, [
        ...STOREFRONT_MERCHANT_SCOPES,
        ...SHOPPING_SCOPES,
      ]));
      const products = csv(ucpData.readText('conformance-flower-shop/products.csv'));
      for (const row of csv(ucpData.readText('conformance-flower-shop/inventory.csv')))
        stock[row.product_id] = Number(row.quantity);
      const { location } = await graph<{ location: { id: string } }>(
        'mutation { location: createLocation(input: { name: "Flower room" }) { id } }',
      );
      for (const p of products) {
        const { group } = await graph<{ group: { id: string } }>(
          'mutation($input: MutationCreateSkuGroupInput!) { group: createSkuGroup(input: $input) { id } }',
          { input: { name: p.id, label: p.title, type: 'PHYSICAL' } },
        );
        const { sku } = await graph<{ sku: { id: string } }>(
          'mutation($input: CreateSKUInput!) { sku: createSku(input: $input) { id } }',
          { input: { name: p.id, label: p.title, code: p.id } },
        );
        skuOf[p.id] = sku.id;
        await graph(
          `mutation($price: MutationCreateSkuPriceInput!, $group: String!, $skus: [String!]!) {
            createSkuPrice(input: $price) { id }
            addSkusToSkuGroup(id: $group, input: { skuIds: $skus }) { id }
          }`,
          {
            price: { name: 'base', skuId: sku.id, amount: { value: Number(p.price), currencyCode: 'USD' } },
            group: group.id,
            skus: [sku.id],
          },
        );
        // inventory.csv lists what is on hand; a product it leaves out (or at 0) has none.
        if (stock[p.id])
          await graph(
            'mutation($input: MutationCreateInventoryAdjustmentInput!) { createInventoryAdjustment(input: $input) { id } }',
            { input: { locationId: location.id, skuId: sku.id, type: 'STOCK', quantity: stock[p.id] } },
          );
      }
      for (const d of csv(ucpData.readText('conformance-flower-shop/discounts.csv')))
        await graph(
          'mutation($input: CreateDiscountCodeInput!) { createDiscountCode(input: $input) { id } }',
          {
            input: {
              context: { storeId },
              code: d.code,
              name: d.description,
              ...(d.type === 'percentage'
                ? { ratePercentage: d.value }
                : { amount: { value: Number(d.value), currencyCode: 'USD' } }),
            },
          },
        );
      // Tax where the flower shop's first address is: Illinois, 6.25 % on every flower-shop SKU.
      const { jurisdiction } = await graph<{ jurisdiction: { id: string } }>(
        'mutation { jurisdiction: createJurisdiction(input: { name: "Illinois", countryCode: "US", regionCode: "IL" }) { id } }',
      );
      const { rate } = await graph<{ rate: { id: string } }>(
        'mutation($input: MutationCreateRateInput!) { rate: createRate(input: $input) { id } }',
        { input: { label: 'IL sales tax', value: { percentage: '6.25' }, jurisdictionId: jurisdiction.id } },
      );
      const { taxClass } = await graph<{ taxClass: { id: string } }>(
        'mutation { taxClass: createClassification(input: { name: "Flowers" }) { id } }',
      );
      await graph(
        `mutation($c: ID!, $rates: MutationAddRatesToClassificationInput!, $skus: MutationAddSkusToClassificationInput!) {
          addRatesToClassification(classificationId: $c, input: $rates) { id }
          addSkusToClassification(classificationId: $c, input: $skus) { id }
        }`,
        { c: taxClass.id, rates: { rateIds: [rate.id] }, skus: { skuIds: Object.values(skuOf) } },
      );
    }, 120_000);

    const address = () => {
      const a = csv(ucpData.readText('conformance-flower-shop/addresses.csv'))[0];
      return { address_country: a.country, address_region: a.state, postal_code: a.postal_code };
    };

    it('a checkout with a discount code and a taxed address: its totals are the placed order’s', async () => {
      const created = await ucp(token, 'POST', store('/checkout-sessions'), {
        line_items: [
          { item: { id: skuOf.bouquet_roses }, quantity: 2 },
          { item: { id: skuOf.pot_ceramic }, quantity: 1 },
        ],
        buyer: { email: 'john.doe@example.com' },
        context: address(),
        discounts: { codes: ['10OFF'] },
      });
      expect(created.status).toBe(201);
      expect(created.body.status).toBe('ready_for_complete');
      const totals = Object.fromEntries((created.body.totals as Json[]).map((t) => [t.type, t.amount]));
      expect(totals.discount).toBeLessThan(0);
      expect(totals.tax).toBeGreaterThan(0);
      const completed = await ucp(token, 'POST', store(`/checkout-sessions/${created.body.id}/complete`), {
        payment: card('success_token'),
      });
      expect(completed.body).toMatchObject({ status: 'completed', order: { id: expect.any(String) } });
      const { orders } = await graph<{
        orders: { edges: { node: { totals: Record<string, { value: number }> } }[] };
      }>(
        `{ orders(first: 10) { edges { node { id totals {
          subTotal { value } discountTotal { value } taxTotal { value } total { value } } } } } }`,
      );
      expect(orders.edges).toHaveLength(1);
      const placed = orders.edges[0].node.totals;
      expect({
        subtotal: placed.subTotal.value,
        discount: -Math.abs(placed.discountTotal.value),
        tax: placed.taxTotal.value,
        total: placed.total.value,
      }).toEqual({
        subtotal: totals.subtotal,
        discount: totals.discount,
        tax: totals.tax,
        total: totals.total,
      });
    });

    it('an item out of stock: the 200 envelope, no order', async () => {
      const created = await ucp(token, 'POST', store('/checkout-sessions'), {
        // More than inventory.csv has on hand (a product it leaves at 0 has no stock record: untracked).
        line_items: [{ item: { id: skuOf.bouquet_sunflowers }, quantity: stock.bouquet_sunflowers + 1 }],
        buyer: { email: 'john.doe@example.com' },
        context: address(),
      });
      const answer =
        created.status === 201 && created.body.status === 'ready_for_complete'
          ? await ucp(token, 'POST', store(`/checkout-sessions/${created.body.id}/complete`), {
              payment: card('success_token'),
            })
          : created;
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body.messages)).toContain('out_of_stock');
      expect(answer.body.order).toBeUndefined();
    });

    it('a declined test token (fail_token): the 200 envelope, no order', async () => {
      const before = await graph<{ orders: { edges: unknown[] } }>(
        '{ orders(first: 100) { edges { cursor } } }',
      );
      const created = await ucp(token, 'POST', store('/checkout-sessions'), {
        line_items: [{ item: { id: skuOf.bouquet_tulips }, quantity: 1 }],
        buyer: { email: 'jane.smith@example.com' },
        context: address(),
      });
      expect(created.body.status).toBe('ready_for_complete');
      const completed = await ucp(token, 'POST', store(`/checkout-sessions/${created.body.id}/complete`), {
        payment: card('fail_token'),
      });
      expect(completed).toMatchObject({
        status: 200,
        body: { ucp: { status: 'error' }, messages: [expect.objectContaining({ code: 'payment_failed' })] },
      });
      const after = await graph<{ orders: { edges: unknown[] } }>(
        '{ orders(first: 100) { edges { cursor } } }',
      );
      expect(after.orders.edges).toHaveLength(before.orders.edges.length);
    });
  });
});
