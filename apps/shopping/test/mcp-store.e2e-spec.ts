import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { deriveInternalCredential } from '@platform/crypto';
import { TEST_ENCRYPTION_KEY, describeWithVendorData, type TestCredential } from '@platform/testing';
import { fakeStoreOverrides, startFakeStore, type FakeStore } from './support/fake-store';
import { callToolRaw, connectMcpAgent, postMcp, ucpMeta, type McpAgent } from './support/mcp-agent';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { describeRecordedResponsesValid, type UcpJson } from './support/ucp-responses';

type Json = UcpJson;

const INTERNAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

const CARD = {
  payment: {
    instruments: [
      {
        id: 'instr_1',
        handler_id: 'sandbox_card',
        type: 'card',
        selected: true,
        credential: { type: 'token', token: 'success_token' },
      },
    ],
  },
};

/**
 * UCP's MCP binding on a store (/v1/shopping/stores/{storeId}/mcp): the SDK's client over
 * streamable HTTP; the store's catalog and orders are the fake owners (support/fake-store.ts,
 * seeded from the conformance flower shop) and its visibility the commerce-rest fake. Every tool
 * answers what the store's REST operation answers.
 */
describeWithVendorData('ucp', 'shopping: the MCP binding on a store (owners faked)', (ucp) => {
  let t: ShoppingTestApp;
  let store: FakeStore;
  let buyer: TestCredential;
  let agent: McpAgent;
  let base: string;
  let mcp: string;

  const line = (key: string, quantity = 1) => ({ item: { id: store.item(key).skuId }, quantity });

  beforeAll(async () => {
    store = await startFakeStore(INTERNAL, { taxRates: { US: 0.08 } });
    store.seedFlowerShop(ucp);
    t = await startShoppingTestApp('shopping-mcp-store', fakeStoreOverrides(store));
    buyer = await t.buyer();
    t.commerce.grant(buyer.headers.authorization, store.storeId);
    base = `/v1/shopping/stores/${store.storeId}`;
    mcp = `${base}/mcp`;
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    agent = await connectMcpAgent(t, `http://127.0.0.1:${port}`, buyer, mcp);
  });

  afterAll(async () => {
    await agent?.close();
    await t?.close();
    await store?.close();
  });

  it('the store’s profile names this endpoint as its mcp service', async () => {
    const profile = (await t.inject({ method: 'GET', url: `${base}/.well-known/ucp` })).json() as Json;
    const service = (profile.ucp.services['dev.ucp.shopping'] as Json[]).find((s) => s.transport === 'mcp');
    expect(service?.endpoint).toBe(`https://api.platform.test${mcp}`);
  });

  it('search_catalog, lookup_catalog and get_product answer as the store’s REST catalog', async () => {
    const search = { query: 'roses', pagination: { limit: 5 } };
    expect(await agent.call('search_catalog', { meta: ucpMeta(t), catalog: search })).toEqual(
      (await t.ucp(buyer, 'POST', `${base}/catalog/search`, search)).json(),
    );
    const roses = store.item('bouquet_roses');
    const lookup = { ids: [roses.skuId, randomUUID()] };
    expect(await agent.call('lookup_catalog', { meta: ucpMeta(t), catalog: lookup })).toEqual(
      (await t.ucp(buyer, 'POST', `${base}/catalog/lookup`, lookup)).json(),
    );
    const product = { id: roses.groupId };
    const viaMcp = await agent.call('get_product', { meta: ucpMeta(t), catalog: product });
    expect(viaMcp).toMatchObject({ product: { id: roses.groupId } });
    expect(viaMcp).toEqual((await t.ucp(buyer, 'POST', `${base}/catalog/product`, product)).json());
  });

  it('a checkout with a discount, completed with the sandbox card, and its order: each as REST gives it', async () => {
    const created = await agent.call('create_checkout', {
      meta: ucpMeta(t, randomUUID()),
      checkout: {
        line_items: [line('bouquet_roses', 2)],
        buyer: { email: 'jane.doe@example.com', first_name: 'Jane', last_name: 'Doe' },
        context: { address_country: 'US', address_region: 'IL', postal_code: '62704' },
        discounts: { codes: ['10OFF'] },
      },
    });
    expect(created.status).toBe('ready_for_complete');
    expect(created.ucp.capabilities['dev.ucp.shopping.discount']).toBeDefined();
    const restView = () => t.ucp(buyer, 'GET', `${base}/checkout-sessions/${created.id}`);
    expect(created).toEqual((await restView()).json());

    const key = randomUUID();
    const complete = () =>
      callToolRaw(t, buyer, mcp, 'complete_checkout', {
        meta: ucpMeta(t, key),
        id: created.id,
        checkout: CARD,
      });
    const first = await complete();
    const done = (first.json() as Json).result.structuredContent as Json;
    expect(done).toMatchObject({ status: 'completed', order: { id: expect.any(String) } });
    expect(done).toEqual((await restView()).json());
    const replay = await complete();
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.json() as Json).result.structuredContent).toEqual(done);
    expect(store.orders.filter((o) => o.reference === created.id)).toHaveLength(1);

    const order = await agent.call('get_order', { meta: ucpMeta(t), id: done.order.id });
    expect(order).toEqual((await t.ucp(buyer, 'GET', `${base}/orders/${done.order.id}`)).json());
  });

  it('a store the caller may not use: HTTP 404, −32000 not_found, for every method', async () => {
    const stranger = await t.buyer();
    const res = await postMcp(t, mcp, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, stranger.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ id: 1, error: { code: -32000, data: { code: 'not_found' } } });
  });

  it('a store id that is not a uuid: HTTP 400, −32600', async () => {
    const res = await postMcp(
      t,
      '/v1/shopping/stores/not-a-store/mcp',
      { jsonrpc: '2.0', id: 2, method: 'ping' },
      buyer.headers,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ id: 2, error: { code: -32600, data: { code: 'invalid_request' } } });
  });

  describeRecordedResponsesValid(() => t.responses, 6);
});
