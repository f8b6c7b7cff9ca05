import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  expectUcpValid,
  loadUcpSchemas,
  ucpMcpTools,
  ucpOperations,
  ucpSpecDir,
  ucpTotalsProblems,
  ucpWebhooks,
  type UcpKind,
  type UcpSchemas,
} from './ucp-schemas';
import { describeWithVendorData } from './vendor-data';

// Small hand-written documents, written from the UCP 2026-04-08 schemas: each helper must accept
// the valid one and refuse the known-bad variants.

const VERSION = '2026-04-08';
const money = (amount: number) => ({ amount, currency: 'USD' });
const totals = (subtotal: number, ...others: Array<{ type: string; amount: number }>) => [
  { type: 'subtotal', amount: subtotal },
  ...others,
  { type: 'total', amount: others.reduce((sum, t) => sum + t.amount, subtotal) },
];
const lineItem = {
  id: 'li_1',
  item: { id: 'var_domain_com_1y', title: 'example.com (1 year)', price: 1299 },
  quantity: 1,
  totals: totals(1299),
};
const checkoutCapability = { 'dev.ucp.shopping.checkout': [{ version: VERSION }] };
const checkout = {
  ucp: { version: VERSION, capabilities: checkoutCapability, payment_handlers: {} },
  id: 'chk_1',
  line_items: [lineItem],
  status: 'incomplete',
  currency: 'USD',
  totals: totals(1299),
  links: [{ type: 'terms_of_service', url: 'https://www.godaddy.com/legal/agreements' }],
};
const cart = {
  ucp: { version: VERSION, capabilities: { 'dev.ucp.shopping.cart': [{ version: VERSION }] } },
  id: 'cart_1',
  line_items: [lineItem],
  currency: 'USD',
  totals: totals(1299),
};
const order = {
  ucp: { version: VERSION, capabilities: { 'dev.ucp.shopping.order': [{ version: VERSION }] } },
  id: 'ord_1',
  checkout_id: 'chk_1',
  permalink_url: 'https://shop.example.com/orders/ord_1',
  line_items: [{ ...lineItem, quantity: { original: 1, total: 1, fulfilled: 0 }, status: 'processing' }],
  fulfillment: {
    expectations: [
      {
        id: 'exp_1',
        line_items: [{ id: 'li_1', quantity: 1 }],
        method_type: 'digital',
        destination: { address_country: 'US' },
      },
    ],
    events: [],
  },
  adjustments: [
    {
      id: 'adj_1',
      type: 'refund',
      occurred_at: '2026-04-09T10:00:00Z',
      status: 'completed',
      totals: [{ type: 'total', amount: -1299 }],
    },
  ],
  currency: 'USD',
  totals: totals(1299),
};
const variant = {
  id: 'var_1',
  title: '1 year',
  description: { plain: 'Register for one year.' },
  price: money(1299),
};
const product = {
  id: 'prod_domain_com',
  title: '.com domain',
  description: { plain: 'A .com domain name.' },
  price_range: { min: money(1299), max: money(1299) },
  variants: [variant],
};
const catalogUcp = {
  version: VERSION,
  capabilities: { 'dev.ucp.shopping.catalog.search': [{ version: VERSION }] },
};
const notFound = {
  type: 'error',
  code: 'not_found',
  content_type: 'plain',
  content: 'Checkout not found.',
  severity: 'unrecoverable',
};
const errorResponse = { ucp: { version: VERSION, status: 'error' }, messages: [notFound] };
const businessProfile = {
  ucp: {
    version: VERSION,
    services: {
      'dev.ucp.shopping': [
        {
          version: VERSION,
          transport: 'rest',
          endpoint: 'https://api.godaddy.com/v1/shopping',
          spec: 'https://ucp.dev/2026-04-08/specification/overview',
          schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
        },
        { version: VERSION, transport: 'mcp', endpoint: 'https://api.godaddy.com/v1/shopping/mcp' },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.checkout': [
        {
          version: VERSION,
          spec: 'https://ucp.dev/2026-04-08/specification/checkout',
          schema: 'https://ucp.dev/2026-04-08/schemas/shopping/checkout.json',
        },
      ],
    },
    payment_handlers: {
      'com.godaddy.sandbox_card': [
        { id: 'sandbox_card', version: VERSION, available_instruments: [{ type: 'card' }] },
      ],
    },
  },
  signing_keys: [
    { kid: 'shopping_2026', kty: 'EC', crv: 'P-256', x: 'AAAA', y: 'BBBB', use: 'sig', alg: 'ES256' },
  ],
};
const platformProfile = {
  ucp: {
    version: VERSION,
    services: {
      'dev.ucp.shopping': [
        {
          version: VERSION,
          transport: 'rest',
          spec: 'https://ucp.dev/2026-04-08/specification/overview',
          schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json',
        },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.order': [
        {
          version: VERSION,
          spec: 'https://ucp.dev/2026-04-08/specification/order',
          schema: 'https://ucp.dev/2026-04-08/schemas/shopping/order.json',
          config: { webhook_url: 'https://agent.example/webhooks/ucp' },
        },
      ],
    },
    payment_handlers: {},
  },
};

/** A deep copy of `doc` with `change` applied. */
function variantOf<T>(doc: T, change: (copy: T) => void): T {
  const copy = structuredClone(doc);
  change(copy);
  return copy;
}

describeWithVendorData('ucp', 'UCP 2026-04-08 schemas', (set) => {
  let ucp: UcpSchemas;
  beforeAll(() => {
    ucp = loadUcpSchemas(set.dir);
  });

  describe('loading', () => {
    it('loads every schema file by its $id, in one Ajv, and compiles each of them and each $defs entry strictly', () => {
      const schemasDir = join(ucpSpecDir(set.dir), 'schemas');
      const files = readdirSync(schemasDir, { recursive: true }).filter((f) => String(f).endsWith('.json'));
      expect(ucp.schemaIds).toHaveLength(files.length + 1); // + discovery/profile_schema.json
      expect(ucp.schemaIds).toEqual(
        expect.arrayContaining([
          'https://ucp.dev/schemas/shopping/checkout.json',
          'https://ucp.dev/schemas/discovery/profile.json',
        ]),
      );
      for (const id of ucp.schemaIds) {
        const defs = Object.keys((ucp.ajv.getSchema(id)?.schema as { $defs?: object }).$defs ?? {});
        for (const ref of [id, ...defs.map((def) => `${id}#/$defs/${def}`)]) {
          for (const view of ['published', 'response', 'create'] as const) {
            expect(() => ucp.validator(ref, view)).not.toThrow();
          }
        }
      }
    });

    it('rebases the discovery profile refs written relative to the repository, not to its $id', () => {
      expect(ucp.rebasedRefs).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/profile_schema\.json: \.\.\/schemas\/ucp\.json.* → \.\.\/ucp\.json/),
        ]),
      );
      expect(ucp.validator('https://ucp.dev/schemas/discovery/profile.json')(businessProfile)).toBe(true);
    });

    it('resolves the refs the issue names, with and without a JSON pointer', () => {
      const ucpBusiness = ucp.validator('https://ucp.dev/schemas/ucp.json#/$defs/business_schema');
      expect(ucpBusiness(businessProfile.ucp)).toBe(true);
      expect(
        ucp.validator('https://ucp.dev/schemas/shopping/catalog_search.json#/$defs/search_response'),
      ).toEqual(expect.any(Function));
      expect(ucp.validator('https://ucp.dev/schemas/shopping/types/error_response.json')(errorResponse)).toBe(
        true,
      );
    });

    it('finds the extensions and what they extend (discount of cart and checkout, cart_id on checkout)', () => {
      const of = (root: string) =>
        ucp.extensions
          .filter((e) => e.extends === root)
          .map((e) => e.capability)
          .sort();
      expect(of('dev.ucp.shopping.checkout')).toEqual([
        'dev.ucp.shopping.ap2_mandate',
        'dev.ucp.shopping.buyer_consent',
        'dev.ucp.shopping.cart',
        'dev.ucp.shopping.discount',
        'dev.ucp.shopping.fulfillment',
      ]);
      expect(of('dev.ucp.shopping.cart')).toEqual(['dev.ucp.shopping.discount']);
    });
  });

  describe('expectUcpValid accepts a minimal valid document of each kind', () => {
    const valid: Array<[UcpKind, unknown]> = [
      ['checkout', checkout],
      ['cart', cart],
      ['order', order],
      ['order_webhook', order],
      ['search_response', { ucp: catalogUcp, products: [product], pagination: { has_next_page: false } }],
      [
        'lookup_response',
        {
          ucp: catalogUcp,
          products: [{ ...product, variants: [{ ...variant, inputs: [{ id: 'var_1' }] }] }],
        },
      ],
      ['get_product_response', { ucp: catalogUcp, product }],
      ['error_response', errorResponse],
      ['business_profile', businessProfile],
      ['platform_profile', platformProfile],
    ];
    it.each(valid)('%s', (kind, body) => {
      expect(ucp.errors(kind, body)).toEqual([]);
      expect(() => expectUcpValid(kind, body, ucp)).not.toThrow();
    });
  });

  describe('expectUcpValid refuses known-bad documents, naming the instancePath', () => {
    it('an error message without severity', () => {
      const bad = variantOf(errorResponse, (doc) => {
        delete (doc.messages[0] as Partial<typeof notFound>).severity;
      });
      expect(() => expectUcpValid('error_response', bad, ucp)).toThrow(
        /\/messages\/0 must have required property 'severity'/,
      );
    });

    it('an error response whose ucp.status is not "error"', () => {
      const bad = variantOf(errorResponse, (doc) => {
        doc.ucp.status = 'success';
      });
      expect(() => expectUcpValid('error_response', bad, ucp)).toThrow(
        /\/ucp\/status must be equal to constant/,
      );
    });

    it('totals with a positive discount', () => {
      const bad = variantOf(checkout, (doc) => {
        doc.totals = totals(1299, { type: 'discount', amount: 100 });
      });
      expect(() => expectUcpValid('checkout', bad, ucp)).toThrow(/\/totals\/1\/amount must be < 0/);
    });

    it('totals without exactly one subtotal', () => {
      const bad = variantOf(cart, (doc) => {
        doc.totals = [...doc.totals, { type: 'subtotal', amount: 1 }];
      });
      expect(ucp.errors('cart', bad)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/totals must contain/)]),
      );
    });

    it('a missing ucp.version', () => {
      for (const [kind, doc] of [
        ['checkout', checkout],
        ['cart', cart],
        ['order', order],
      ] as const) {
        const bad = variantOf(doc, (copy) => {
          delete (copy.ucp as { version?: string }).version;
        });
        expect(() => expectUcpValid(kind, bad, ucp)).toThrow(/\/ucp must have required property 'version'/);
      }
    });

    it('a checkout whose ucp has no payment_handlers (cart and order do not need them)', () => {
      const bad = variantOf(checkout, (doc) => {
        delete (doc.ucp as { payment_handlers?: unknown }).payment_handlers;
      });
      expect(() => expectUcpValid('checkout', bad, ucp)).toThrow(
        /\/ucp must have required property 'payment_handlers'/,
      );
    });

    it('a checkout status outside the six lifecycle values', () => {
      const bad = { ...checkout, status: 'open' };
      expect(() => expectUcpValid('checkout', bad, ucp)).toThrow(
        /\/status must be equal to one of the allowed values/,
      );
    });

    it('a profile with a non-date version', () => {
      const bad = variantOf(businessProfile, (doc) => {
        doc.ucp.version = 'draft';
      });
      expect(() => expectUcpValid('business_profile', bad, ucp)).toThrow(/\/ucp\/version must match pattern/);
    });

    it('a profile whose rest service has no endpoint', () => {
      const bad = variantOf(businessProfile, (doc) => {
        delete (doc.ucp.services['dev.ucp.shopping'][0] as { endpoint?: string }).endpoint;
      });
      expect(ucp.errors('business_profile', bad).join('\n')).toMatch(
        /must have required property 'endpoint'/,
      );
    });

    it('an order line item without a status, and a search result without products', () => {
      const bad = variantOf(order, (doc) => {
        delete (doc.line_items[0] as { status?: string }).status;
      });
      expect(() => expectUcpValid('order', bad, ucp)).toThrow(
        /\/line_items\/0 must have required property 'status'/,
      );
      expect(() => expectUcpValid('search_response', { ucp: catalogUcp }, ucp)).toThrow(
        /\(root\) must have required property 'products'/,
      );
    });

    it('a failure message that names the schema and lists every error on its own line', () => {
      let message = '';
      try {
        expectUcpValid('checkout', { ...checkout, id: 1, status: 'open' }, ucp);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message.split('\n')).toEqual([
        expect.stringContaining(
          'body (checkout) is not valid UCP 2026-04-08 (https://ucp.dev/schemas/shopping/checkout.json',
        ),
        expect.stringMatching(/^ {2}\/id must be string/),
        expect.stringMatching(/^ {2}\/status must be equal to one of the allowed values: \["incomplete"/),
      ]);
    });
  });

  describe('extensions negotiated in ucp.capabilities type their fields', () => {
    const withDiscount = variantOf(checkout, (doc) => {
      Object.assign(doc.ucp.capabilities, {
        'dev.ucp.shopping.discount': [{ version: VERSION, extends: 'dev.ucp.shopping.checkout' }],
      });
    });

    it('accepts a checkout with applied discounts when discount is negotiated', () => {
      const body = {
        ...withDiscount,
        discounts: { codes: ['10OFF'], applied: [{ code: '10OFF', title: '10% off', amount: 130 }] },
        totals: totals(1299, { type: 'discount', amount: -130 }),
      };
      expect(ucp.errors('checkout', body)).toEqual([]);
    });

    it('refuses a malformed applied discount only when discount is negotiated', () => {
      const discounts = { codes: ['10OFF'], applied: [{ code: '10OFF', amount: 130 }] };
      expect(ucp.errors('checkout', { ...checkout, discounts })).toEqual([]);
      expect(() => expectUcpValid('checkout', { ...withDiscount, discounts }, ucp)).toThrow(
        /\/discounts\/applied\/0 must have required property 'title'/,
      );
    });
  });

  describe('request views from ucp_request', () => {
    const create = { line_items: [{ item: { id: 'var_domain_com_1y' }, quantity: 2 }] };

    it('accepts a create request that is just line items of item ids and quantities', () => {
      expect(ucp.requestErrors('checkout', 'create', create)).toEqual([]);
      expect(ucp.requestErrors('cart', 'create', create)).toEqual([]);
    });

    it('refuses response-only fields and a missing line_items on create', () => {
      expect(
        ucp.requestErrors('checkout', 'create', { ...create, id: 'chk_1', status: 'incomplete' }),
      ).toEqual([
        expect.stringMatching(/^\/id must be omitted/),
        expect.stringMatching(/^\/status must be omitted/),
      ]);
      expect(() => ucp.expectRequestValid('checkout', 'create', {})).toThrow(
        /create request \(checkout\) is not valid.*\n {2}\(root\) must have required property 'line_items'/,
      );
    });

    it('requires payment on complete and forbids line_items there', () => {
      expect(ucp.requestErrors('checkout', 'complete', {})).toEqual([
        expect.stringMatching(/^\(root\) must have required property 'payment'/),
      ]);
      const payment = {
        instruments: [
          {
            id: 'instr_1',
            handler_id: 'sandbox_card',
            type: 'card',
            credential: { type: 'token', token: 'x' },
          },
        ],
      };
      expect(ucp.requestErrors('checkout', 'complete', { payment })).toEqual([]);
      expect(ucp.requestErrors('checkout', 'complete', { payment, ...create })).toEqual([
        expect.stringMatching(/^\/line_items must be omitted/),
      ]);
    });

    it('accepts line item ids on update but not on create', () => {
      const update = { line_items: [{ id: 'li_1', item: { id: 'var_1' }, quantity: 1 }] };
      expect(ucp.requestErrors('checkout', 'update', update)).toEqual([]);
      expect(ucp.requestErrors('checkout', 'create', update)).toEqual([
        expect.stringMatching(/^\/line_items\/0\/id must be omitted/),
      ]);
    });

    it('validates catalog requests (lookup needs at least one id)', () => {
      expect(ucp.requestErrors('lookup_request', 'create', { ids: ['prod_1'] })).toEqual([]);
      expect(ucp.requestErrors('lookup_request', 'create', { ids: [] })).toEqual([
        expect.stringMatching(/^\/ids must NOT have fewer than 1 items/),
      ]);
    });
  });

  describe('ucpTotalsProblems', () => {
    it('accepts totals whose entries sum to the total and whose lines sum to their entry', () => {
      const withLines = [
        {
          type: 'subtotal',
          amount: 1000,
          lines: [
            { display_text: 'a', amount: 400 },
            { display_text: 'b', amount: 600 },
          ],
        },
        { type: 'tax', amount: 80 },
        { type: 'total', amount: 1080 },
      ];
      expect(ucpTotalsProblems(withLines)).toEqual([]);
    });

    it('reports a total that is not the sum, and lines that do not add up', () => {
      const bad = [
        { type: 'subtotal', amount: 1000, lines: [{ display_text: 'a', amount: 400 }] },
        { type: 'discount', amount: -100 },
        { type: 'total', amount: 1000 },
      ];
      expect(ucpTotalsProblems(bad)).toEqual([
        'total 1000 ≠ 900, the sum of the other entries',
        '/0 (subtotal) amount 1000 ≠ 400, the sum of its lines',
      ]);
    });
  });

  describe('service definitions', () => {
    it('lists every REST operation with its method, path and required headers', () => {
      const operations = ucpOperations(set.dir);
      expect(operations.map((o) => `${o.method} ${o.path} ${o.operationId}`).sort()).toEqual([
        'GET /carts/{id} get_cart',
        'GET /checkout-sessions/{id} get_checkout',
        'GET /orders/{id} get_order',
        'POST /carts create_cart',
        'POST /carts/{id}/cancel cancel_cart',
        'POST /catalog/lookup lookup_catalog',
        'POST /catalog/product get_product',
        'POST /catalog/search search_catalog',
        'POST /checkout-sessions create_checkout',
        'POST /checkout-sessions/{id}/cancel cancel_checkout',
        'POST /checkout-sessions/{id}/complete complete_checkout',
        'PUT /carts/{id} update_cart',
        'PUT /checkout-sessions/{id} update_checkout',
      ]);
      const create = operations.find((o) => o.operationId === 'create_checkout');
      expect(create).toMatchObject({
        successStatus: 201,
        pathParameters: [],
        requiredHeaders: ['Idempotency-Key', 'Request-Id', 'UCP-Agent'],
        requestSchema: { $ref: 'https://ucp.dev/schemas/shopping/checkout.json' },
      });
      expect(operations.find((o) => o.operationId === 'get_checkout')).toMatchObject({
        pathParameters: ['id'],
        requiredHeaders: ['Request-Id', 'UCP-Agent'],
      });
    });

    it('gives each operation a response schema the one Ajv compiles (checkout: checkout or error envelope)', () => {
      const operations = ucpOperations(set.dir);
      for (const operation of operations) expect(operation.responseSchema).toBeDefined();
      const getCheckout = operations.find((o) => o.operationId === 'get_checkout');
      const validate = ucp.compile(getCheckout?.responseSchema ?? {}, 'response');
      expect(validate(checkout)).toBe(true);
      expect(validate(errorResponse)).toBe(true);
      expect(validate({ ucp: { version: VERSION } })).toBe(false);
    });

    it('lists the order webhook with its Webhook-Id and Webhook-Timestamp headers and order body', () => {
      const [webhook] = ucpWebhooks(set.dir);
      expect(webhook).toMatchObject({
        name: 'orderEvent',
        operationId: 'order_event_webhook',
        method: 'POST',
        requiredHeaders: ['UCP-Agent', 'Webhook-Timestamp', 'Webhook-Id'],
      });
      expect(ucp.compile(webhook.requestSchema ?? {}, 'response')(order)).toBe(true);
    });

    it('lists every MCP tool with its params, required meta and schemas', () => {
      const tools = ucpMcpTools(set.dir);
      expect(tools.map((t) => t.name).sort()).toEqual(
        [
          'cancel_cart',
          'cancel_checkout',
          'complete_checkout',
          'create_cart',
          'create_checkout',
          'get_cart',
          'get_checkout',
          'get_order',
          'get_product',
          'lookup_catalog',
          'search_catalog',
          'update_cart',
          'update_checkout',
        ].sort(),
      );
      const complete = tools.find((t) => t.name === 'complete_checkout');
      expect(complete?.params.map((p) => p.name)).toEqual(['meta', 'id', 'checkout']);
      expect(complete?.requiredMeta).toEqual(['ucp-agent', 'idempotency-key']);
      expect(tools.find((t) => t.name === 'get_checkout')?.requiredMeta).toEqual(['ucp-agent']);
      const args = ucp.compile(
        tools.find((t) => t.name === 'create_checkout')?.argumentsSchema ?? {},
        'create',
      );
      expect(
        args({
          meta: { 'ucp-agent': { profile: 'https://agent.example/.well-known/ucp' } },
          checkout: { line_items: [] },
        }),
      ).toBe(true);
      expect(args({ checkout: { line_items: [] } })).toBe(false);
      const result = ucp.compile(tools.find((t) => t.name === 'get_order')?.resultSchema ?? {}, 'response');
      expect(result(order)).toBe(true);
      expect(result(errorResponse)).toBe(true);
    });
  });
});
