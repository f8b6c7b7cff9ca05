import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { describeWithVendorData, type TestCredential } from '@platform/testing';
import { ucpMcpTools, ucpSchemas } from '@platform/testing/contracts';
import { callToolRaw, connectMcpAgent, postMcp, ucpMeta, type McpAgent } from './support/mcp-agent';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { describeRecordedResponsesValid, type UcpJson } from './support/ucp-responses';

type Json = UcpJson;

const MCP = '/v1/shopping/mcp';
const PAY = {
  payment: {
    instruments: [{ id: 'pp_1', handler_id: 'payment_profile', type: 'payment_profile', selected: true }],
  },
};

/**
 * UCP's MCP binding on the platform business (/v1/shopping/mcp): an MCP client of the official SDK
 * over streamable HTTP on the app's real port; every tool answers what the REST operation answers
 * (real PostgreSQL and Redis; the domains service faked).
 */
describe('shopping: the MCP binding on the platform', () => {
  let t: ShoppingTestApp;
  let buyer: TestCredential;
  let agent: McpAgent;
  let baseUrl: string;

  const domain = () => `mcp-${randomUUID().slice(0, 8)}.com`;
  const lines = (checkout: Json) =>
    (checkout.line_items as Json[]).map((l) => ({ id: l.id, item: { id: l.item.id }, quantity: l.quantity }));

  beforeAll(async () => {
    t = await startShoppingTestApp('shopping-mcp');
    buyer = await t.buyer();
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    baseUrl = `http://127.0.0.1:${port}`;
    agent = await connectMcpAgent(t, baseUrl, buyer, MCP);
  });

  afterAll(async () => {
    await agent?.close();
    await t?.close();
  });

  describe('lifecycle', () => {
    it('initialize (through the SDK client): a protocol version, the tools capability and the server info', () => {
      expect(agent.client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
      expect(agent.client.getServerVersion()).toMatchObject({ name: 'developer-platform-shopping' });
      expect(agent.client.getInstructions()).toContain('meta["ucp-agent"]');
    });

    it('ping answers an empty result', async () => {
      await expect(agent.client.ping()).resolves.toEqual({});
    });

    it('initialize answers the client’s version when spoken, else the newest', async () => {
      const init = (protocolVersion: string) =>
        postMcp(
          t,
          MCP,
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
          },
          buyer.headers,
        );
      expect(((await init('2025-06-18')).json() as Json).result.protocolVersion).toBe('2025-06-18');
      expect(((await init('2024-01-01')).json() as Json).result.protocolVersion).toBe('2025-11-25');
    });

    it('notifications and a client’s responses are accepted with 202 and no body', async () => {
      const note = await postMcp(
        t,
        MCP,
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        buyer.headers,
      );
      expect([note.statusCode, note.body]).toEqual([202, '']);
      const response = await postMcp(t, MCP, { jsonrpc: '2.0', id: 9, result: {} }, buyer.headers);
      expect([response.statusCode, response.body]).toEqual([202, '']);
    });

    it('GET and DELETE (no server stream, no sessions) are 405 with Allow: POST', async () => {
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await t.inject({ method, url: MCP, headers: buyer.headers });
        expect([res.statusCode, res.headers.allow]).toEqual([405, 'POST']);
      }
    });
  });

  describeWithVendorData('ucp', 'tools/list against the vendored mcp.openrpc.json', (set) => {
    it('lists exactly the OpenRPC methods, each with its params, required params and required meta', async () => {
      const vendored = ucpMcpTools(set.dir);
      const { tools } = await agent.client.listTools();
      expect(tools.map((x) => x.name)).toEqual(vendored.map((m) => m.name));
      for (const method of vendored) {
        const tool = tools.find((x) => x.name === method.name);
        const schema = tool?.inputSchema as Json;
        expect({ tool: method.name, params: Object.keys(schema.properties) }).toEqual({
          tool: method.name,
          params: method.params.map((p) => p.name),
        });
        expect(schema.required).toEqual(method.params.filter((p) => p.required).map((p) => p.name));
        // Every write requires the idempotency key, as on REST: the OpenRPC's required meta and, for
        // writes where it leaves the key optional, the key too.
        const write =
          'idempotency-key' in (schema.properties.meta.properties ?? {}) &&
          !/^(get|search|lookup)_/.test(method.name);
        expect({ tool: method.name, meta: [...schema.properties.meta.required].sort() }).toEqual({
          tool: method.name,
          meta: [...new Set([...method.requiredMeta, ...(write ? ['idempotency-key'] : [])])].sort(),
        });
      }
    });

    it('the arguments these suites send satisfy the OpenRPC param schemas', () => {
      const tools = new Map(ucpMcpTools(set.dir).map((m) => [m.name, m]));
      const check = (name: string, args: Json, view: 'create' | 'update' | 'complete' | 'response') => {
        const validate = ucpSchemas(set.dir).compile(tools.get(name)?.argumentsSchema ?? {}, view);
        expect({ name, ok: validate(args), errors: validate.errors ?? null }).toEqual({
          name,
          ok: true,
          errors: null,
        });
      };
      const meta = ucpMeta(t, randomUUID());
      check('search_catalog', { meta, catalog: { query: 'hosting' } }, 'response');
      check(
        'create_checkout',
        { meta, checkout: { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] } },
        'create',
      );
      check('complete_checkout', { meta, id: 'chk_1', checkout: PAY }, 'complete');
      check('get_order', { meta, id: 'ord_1' }, 'response');
    });
  });

  describe('each tool answers what its REST operation answers', () => {
    it('search_catalog: domain names priced and availability-checked, as POST /catalog/search', async () => {
      const free = domain();
      t.domains.take('mcp-taken.com');
      const input = { domains: [free, 'mcp-taken.com'] };
      const viaMcp = await agent.call('search_catalog', { meta: ucpMeta(t), catalog: input });
      const viaRest = (await t.ucp(buyer, 'POST', '/v1/shopping/catalog/search', input)).json() as Json;
      expect(viaMcp).toEqual(viaRest);
      expect(viaMcp.products.find((p: Json) => p.id === `domain:${free}`)).toBeDefined();
    });

    it('lookup_catalog and get_product, as POST /catalog/lookup and /catalog/product', async () => {
      const lookup = { ids: ['web-hosting-1', 'no-such-product'] };
      expect(await agent.call('lookup_catalog', { meta: ucpMeta(t), catalog: lookup })).toEqual(
        (await t.ucp(buyer, 'POST', '/v1/shopping/catalog/lookup', lookup)).json(),
      );
      const product = { id: 'web-hosting' };
      const viaMcp = await agent.call('get_product', { meta: ucpMeta(t), catalog: product });
      expect(viaMcp).toEqual((await t.ucp(buyer, 'POST', '/v1/shopping/catalog/product', product)).json());
    });

    it('create, update, complete checkout and get the order: each the body REST gives for the same session', async () => {
      const payer = await t.buyer();
      t.domains.setPaymentProfile(payer.accountId, 'ACTIVE');
      const payerAgent = await connectMcpAgent(t, baseUrl, payer, MCP);
      try {
        const name = domain();
        const created = await payerAgent.call('create_checkout', {
          meta: ucpMeta(t, randomUUID()),
          checkout: {
            line_items: [
              { item: { id: `domain:${name}:2y` }, quantity: 1 },
              { item: { id: 'web-hosting-3' }, quantity: 1 },
            ],
          },
        });
        expect(created.status).toBe('incomplete');
        const restView = () => t.ucp(payer, 'GET', `/v1/shopping/checkout-sessions/${created.id}`);
        expect(created).toEqual((await restView()).json());
        expect(await payerAgent.call('get_checkout', { meta: ucpMeta(t), id: created.id })).toEqual(
          (await restView()).json(),
        );

        const ready = await payerAgent.call('update_checkout', {
          meta: ucpMeta(t, randomUUID()),
          id: created.id,
          checkout: { line_items: lines(created), buyer: { email: 'buyer@example.com' } },
        });
        expect(ready.status).toBe('ready_for_complete');
        expect(ready).toEqual((await restView()).json());

        const done = await payerAgent.call('complete_checkout', {
          meta: ucpMeta(t, randomUUID()),
          id: created.id,
          checkout: PAY,
        });
        expect(done).toMatchObject({ status: 'completed', order: { id: expect.stringMatching(/^ord_/) } });
        expect(done).toEqual((await restView()).json());

        const order = await payerAgent.call('get_order', { meta: ucpMeta(t), id: done.order.id });
        expect(order).toMatchObject({ id: done.order.id, checkout_id: created.id });
        expect(order).toEqual((await t.ucp(payer, 'GET', `/v1/shopping/orders/${done.order.id}`)).json());
      } finally {
        await payerAgent.close();
      }
    });

    it('a create that makes nothing: the same error envelope as REST, as a result', async () => {
      const input = { line_items: [{ item: { id: 'no-such-plan' }, quantity: 1 }] };
      const viaMcp = await agent.call('create_checkout', { meta: ucpMeta(t), checkout: input });
      const viaRest = (await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', input)).json();
      expect(viaMcp).toMatchObject({ ucp: { status: 'error' }, messages: [{ code: 'item_not_found' }] });
      expect(viaMcp).toEqual(viaRest);
    });

    it('carts: create, get, update and cancel as REST does', async () => {
      const cart = await agent.call('create_cart', {
        meta: ucpMeta(t),
        cart: { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] },
      });
      const restCart = () => t.ucp(buyer, 'GET', `/v1/shopping/carts/${cart.id}`);
      expect(cart).toEqual((await restCart()).json());
      expect(await agent.call('get_cart', { meta: ucpMeta(t), id: cart.id })).toEqual(
        (await restCart()).json(),
      );
      const updated = await agent.call('update_cart', {
        meta: ucpMeta(t),
        id: cart.id,
        cart: { line_items: [{ item: { id: 'web-hosting-3' }, quantity: 2 }] },
      });
      expect(updated).toEqual((await restCart()).json());
      const canceled = await agent.call('cancel_cart', { meta: ucpMeta(t, randomUUID()), id: cart.id });
      expect(canceled).toMatchObject({ id: cart.id, line_items: updated.line_items });
      const gone = await agent.call('get_cart', { meta: ucpMeta(t), id: cart.id });
      expect(gone).toMatchObject({ ucp: { status: 'error' } });
      expect(gone).toEqual((await restCart()).json());
    });

    it('cancel_checkout, as POST …/cancel', async () => {
      const created = await agent.call('create_checkout', {
        meta: ucpMeta(t),
        checkout: { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] },
      });
      const canceled = await agent.call('cancel_checkout', {
        meta: ucpMeta(t, randomUUID()),
        id: created.id,
      });
      expect(canceled.status).toBe('canceled');
      expect(canceled).toEqual(
        (await t.ucp(buyer, 'GET', `/v1/shopping/checkout-sessions/${created.id}`)).json(),
      );
    });

    it('an unknown checkout and order: the 200 envelopes of REST, as results', async () => {
      expect(await agent.call('get_checkout', { meta: ucpMeta(t), id: 'chk_missing' })).toEqual(
        (await t.ucp(buyer, 'GET', '/v1/shopping/checkout-sessions/chk_missing')).json(),
      );
      expect(await agent.call('get_order', { meta: ucpMeta(t), id: 'ord_missing' })).toEqual(
        (await t.ucp(buyer, 'GET', '/v1/shopping/orders/ord_missing')).json(),
      );
    });
  });

  describe('idempotency (meta["idempotency-key"], the platform’s record store)', () => {
    const createArgs = (key: string, plan = 'web-hosting-1') => ({
      meta: ucpMeta(t, key),
      checkout: { line_items: [{ item: { id: plan }, quantity: 1 }] },
    });

    it('the same call with the same key is answered from the store, once made', async () => {
      const key = randomUUID();
      const first = await callToolRaw(t, buyer, MCP, 'create_checkout', createArgs(key));
      const again = await callToolRaw(t, buyer, MCP, 'create_checkout', createArgs(key));
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect((again.json() as Json).result).toEqual((first.json() as Json).result);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
    });

    it('the key with other arguments: HTTP 409 and −32000 idempotency_key_mismatch', async () => {
      const key = randomUUID();
      await callToolRaw(t, buyer, MCP, 'create_checkout', createArgs(key));
      const res = await callToolRaw(t, buyer, MCP, 'create_checkout', createArgs(key, 'web-hosting-3'));
      expect(res.statusCode).toBe(409);
      expect((res.json() as Json).error).toMatchObject({
        code: -32000,
        data: { code: 'idempotency_key_mismatch' },
      });
    });

    it('create_checkout without the key is −32602 too: every write requires it, as on REST', async () => {
      const res = await callToolRaw(t, buyer, MCP, 'create_checkout', {
        meta: { ...ucpMeta(t), 'idempotency-key': null },
        checkout: { line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }] },
      });
      expect((res.json() as Json).error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('idempotency-key'),
      });
    });

    it('complete_checkout without the key is −32602 (the OpenRPC meta requires it)', async () => {
      const res = await callToolRaw(t, buyer, MCP, 'complete_checkout', {
        meta: { ...ucpMeta(t), 'idempotency-key': null },
        id: 'chk_any',
        checkout: PAY,
      });
      expect(res.statusCode).toBe(200);
      expect((res.json() as Json).error).toMatchObject({
        code: -32602,
        message: expect.stringContaining('idempotency-key'),
      });
    });

    it('concurrent completions with one key place one order', async () => {
      const payer = await t.buyer();
      t.domains.setPaymentProfile(payer.accountId, 'ACTIVE');
      const created = (
        await callToolRaw(t, payer, MCP, 'create_checkout', {
          meta: ucpMeta(t),
          checkout: {
            line_items: [{ item: { id: 'web-hosting-1' }, quantity: 1 }],
            buyer: { email: 'buyer@example.com' },
          },
        })
      ).json() as Json;
      const id = created.result.structuredContent.id as string;
      const key = randomUUID();
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          callToolRaw(t, payer, MCP, 'complete_checkout', { meta: ucpMeta(t, key), id, checkout: PAY }),
        ),
      );
      const orders = new Set<string>();
      for (const res of answers) {
        const body = res.json() as Json;
        if (res.statusCode === 200) {
          expect(body.result.structuredContent.status).toBe('completed');
          orders.add(body.result.structuredContent.order.id as string);
        } else {
          expect(res.statusCode).toBe(409);
          expect(body.error.data.code).toBe('idempotency_key_in_use');
        }
      }
      expect(orders.size).toBe(1);
      const rows = await t.dataSource.query<{ n: string }[]>(
        'SELECT count(*) AS n FROM "shopping"."orders" WHERE "checkout_id" = $1',
        [id],
      );
      expect(Number(rows[0].n)).toBe(1);
    });
  });

  describe('malformed JSON-RPC answers per JSON-RPC, never 5xx', () => {
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      postMcp(t, MCP, body, { ...buyer.headers, ...headers });

    it('not JSON: HTTP 400, −32700, id null', async () => {
      const res = await post('{"jsonrpc": "2.0", "id": 1, "method": ');
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    });

    it.each([
      ['an array (batch)', [{ jsonrpc: '2.0', id: 1, method: 'ping' }]],
      ['a string', 'just text'],
      ['no jsonrpc member', { id: 2, method: 'ping' }],
      ['jsonrpc 1.0', { jsonrpc: '1.0', id: 3, method: 'ping' }],
      ['a null id', { jsonrpc: '2.0', id: null, method: 'ping' }],
      ['a numeric method', { jsonrpc: '2.0', id: 4, method: 7 }],
      ['params a string', { jsonrpc: '2.0', id: 5, method: 'ping', params: 'x' }],
    ])('%s: HTTP 400, −32600', async (_what, body) => {
      const res = await post(typeof body === 'string' ? JSON.stringify(body) : body);
      expect(res.statusCode).toBe(400);
      expect((res.json() as Json).error.code).toBe(-32600);
    });

    it('an unknown method: −32601 with the request’s id', async () => {
      const res = await post({ jsonrpc: '2.0', id: 'abc', method: 'resources/list' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 'abc', error: { code: -32601 } });
    });

    const meta = () => ucpMeta(t);
    it.each([
      ['tools/call without a name', () => ({ arguments: {} })],
      ['an unknown tool', () => ({ name: 'delete_everything', arguments: { meta: meta() } })],
      ['arguments not an object', () => ({ name: 'get_order', arguments: [1] })],
      ['no meta', () => ({ name: 'get_order', arguments: { id: 'ord_1' } })],
      [
        'a profile that is not a URL',
        () => ({ name: 'get_order', arguments: { id: 'ord_1', meta: { 'ucp-agent': { profile: 'nope' } } } }),
      ],
      [
        'an unknown argument',
        () => ({ name: 'get_order', arguments: { meta: meta(), id: 'ord_1', order: {} } }),
      ],
      ['an id outside the pattern', () => ({ name: 'get_order', arguments: { meta: meta(), id: 'a/b' } })],
      [
        'a key that is not a uuid',
        () => ({ name: 'cancel_cart', arguments: { meta: { ...meta(), 'idempotency-key': 'k' }, id: 'c1' } }),
      ],
    ])('%s: −32602', async (_what, params) => {
      const res = await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: params() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: 7, error: { code: -32602 } });
    });

    it('a payload the REST validation refuses: −32602 naming the field under its argument', async () => {
      const res = await post({
        jsonrpc: '2.0',
        id: 8,
        method: 'tools/call',
        params: {
          name: 'create_checkout',
          arguments: {
            meta: ucpMeta(t, randomUUID()),
            checkout: { id: 'chk_x', line_items: [{ item: { id: 'x' }, quantity: 0 }] },
          },
        },
      });
      const error = (res.json() as Json).error;
      expect(error.code).toBe(-32602);
      expect(error.data.messages.map((m: Json) => m.path).sort()).toEqual(
        ['$.checkout.id', '$.checkout.line_items[0].quantity'].sort(),
      );
    });

    it('a lookup over the batch limit (100 ids): −32602', async () => {
      const ids = Array.from({ length: 101 }, (_, i) => `web-hosting-${i}`);
      const res = await post({
        jsonrpc: '2.0',
        id: 12,
        method: 'tools/call',
        params: { name: 'lookup_catalog', arguments: { meta: ucpMeta(t), catalog: { ids } } },
      });
      expect(res.json()).toMatchObject({
        id: 12,
        error: { code: -32602, data: { code: 'invalid_request' } },
      });
    });

    it('initialize without params: −32602', async () => {
      const res = await post({ jsonrpc: '2.0', id: 10, method: 'initialize' });
      expect(res.json()).toMatchObject({ id: 10, error: { code: -32602 } });
    });

    it('an MCP-Protocol-Version this server does not speak: HTTP 400', async () => {
      const res = await post(
        { jsonrpc: '2.0', id: 11, method: 'ping' },
        { 'mcp-protocol-version': '1999-01-01' },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ id: 11, error: { code: -32600 } });
    });

    it('a body of a media type no parser takes (application/xml): HTTP 415, −32600', async () => {
      const res = await t.inject({
        method: 'POST',
        url: MCP,
        headers: { ...buyer.headers, 'content-type': 'application/xml' },
        payload: '<ping/>',
      });
      expect(res.statusCode).toBe(415);
      expect((res.json() as Json).error.code).toBe(-32600);
    });
  });

  describe('authentication, scopes and negotiation', () => {
    it('no token: HTTP 401 with WWW-Authenticate: Bearer and a −32000 error', async () => {
      const res = await postMcp(t, MCP, { jsonrpc: '2.0', id: 1, method: 'ping' });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.json()).toMatchObject({
        jsonrpc: '2.0',
        id: 1,
        error: { code: -32000, data: { code: 'unauthorized' } },
      });
    });

    it('the SDK client without a token fails to connect', async () => {
      const stranger = { ...buyer, headers: { authorization: 'Bearer not-a-token' } };
      await expect(connectMcpAgent(t, baseUrl, stranger, MCP)).rejects.toThrow();
    });

    it('a tool needs its REST scope: HTTP 403, −32000 forbidden; the scopes it has work', async () => {
      const reader = await t.buyer(['shopping.catalog:read']);
      const denied = await callToolRaw(t, reader, MCP, 'get_order', { meta: ucpMeta(t), id: 'ord_1' });
      expect(denied.statusCode).toBe(403);
      expect((denied.json() as Json).error).toMatchObject({ code: -32000, data: { code: 'forbidden' } });
      const allowed = await callToolRaw(t, reader, MCP, 'search_catalog', {
        meta: ucpMeta(t),
        catalog: { query: 'hosting' },
      });
      expect(allowed.statusCode).toBe(200);
      expect((allowed.json() as Json).result.structuredContent.products).toEqual(expect.any(Array));
    });

    it('a version the business does not speak: HTTP 422, −32001 version_unsupported', async () => {
      const res = await callToolRaw(t, buyer, MCP, 'get_order', {
        meta: { 'ucp-agent': { profile: t.agent.profileUrl, version: '2020-01-01' } },
        id: 'ord_1',
      });
      expect(res.statusCode).toBe(422);
      expect((res.json() as Json).error).toMatchObject({
        code: -32001,
        data: { code: 'version_unsupported' },
      });
    });

    it('no capability in common: a result (not an error) carrying the capabilities_incompatible envelope', async () => {
      // A profile the cache has never seen, declaring nothing this business offers, and a token of its own.
      const stranger = await t.buyer();
      t.agent.setOptions({ capabilities: ['com.example.loyalty'] });
      try {
        const res = await callToolRaw(t, stranger, MCP, 'search_catalog', {
          meta: { 'ucp-agent': { profile: `${t.agent.profileUrl}?mcp-incompatible=1` } },
          catalog: { query: 'hosting' },
        });
        expect(res.statusCode).toBe(200);
        const body = res.json() as Json;
        expect(body.error).toBeUndefined();
        expect(body.result.structuredContent).toMatchObject({
          ucp: { version: '2026-04-08', status: 'error' },
          messages: [{ type: 'error', code: 'capabilities_incompatible', severity: 'unrecoverable' }],
        });
      } finally {
        t.agent.setOptions({});
      }
    });

    it('a profile that cannot be fetched: HTTP 424, −32001 profile_unreachable', async () => {
      const res = await callToolRaw(t, buyer, MCP, 'get_order', {
        meta: { 'ucp-agent': { profile: `${t.agent.url}/no-profile-here` } },
        id: 'ord_1',
      });
      expect(res.statusCode).toBe(424);
      expect((res.json() as Json).error).toMatchObject({
        code: -32001,
        data: { code: 'profile_unreachable' },
      });
    });

    it('the UCP-Agent header stands in for meta["ucp-agent"] (signatures.md: the headers work as on REST)', async () => {
      const res = await postMcp(
        t,
        MCP,
        {
          jsonrpc: '2.0',
          id: 3,
          method: 'tools/call',
          params: { name: 'get_order', arguments: { id: 'ord_missing' } },
        },
        { ...buyer.headers, 'ucp-agent': t.agent.header },
      );
      expect((res.json() as Json).result.structuredContent.messages[0].code).toBe('order_not_found');
    });
  });

  describe('discovery', () => {
    it('the profile’s mcp service is this endpoint', async () => {
      const profile = (await t.inject({ method: 'GET', url: '/.well-known/ucp' })).json() as Json;
      const mcp = (profile.ucp.services['dev.ucp.shopping'] as Json[]).find((s) => s.transport === 'mcp');
      expect(mcp).toMatchObject({
        endpoint: `https://api.platform.test${MCP}`,
        schema: 'https://ucp.dev/2026-04-08/services/shopping/mcp.openrpc.json',
      });
    });
  });

  it('every tool result is an McpError-free structuredContent (a sanity check of the SDK path)', async () => {
    await expect(agent.client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toBeInstanceOf(
      McpError,
    );
  });

  describeRecordedResponsesValid(() => t.responses, 20);
});
