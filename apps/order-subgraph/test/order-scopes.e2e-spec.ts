import type { Scope } from '@platform/scopes';
import { ALL_ORDER_SCOPES, OrderTestApp, dataOf, startOrderTestApp } from './support/order-test-app';
import { line, usd } from './support/order-builders';

const MISSING_ORDER = 'Order_000000000000000000000000000';
const MISSING_LINE = 'LineItem_000000000000000000000000000';
const MISSING_CODE = '00000000-0000-4000-8000-000000000000';

/** Every field of the schema, its scope and a call (store filled in per caller). */
const OPERATIONS: [
  name: string,
  scope: Scope,
  query: string,
  variables: (storeId: string) => Record<string, unknown>,
][] = [
  [
    'orderById',
    'commerce.order:read',
    'query($id: ID!) { orderById(id: $id) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  ['orderByNumber', 'commerce.order:read', '{ orderByNumber(number: 1) { id } }', () => ({})],
  ['orders', 'commerce.order:read', '{ orders { nodes { id } } }', () => ({})],
  ['archivedOrders', 'commerce.order:read', '{ archivedOrders { nodes { id } } }', () => ({})],
  [
    'lineItemById',
    'commerce.order:read',
    'query($id: ID!) { lineItemById(id: $id) { id } }',
    () => ({ id: MISSING_LINE }),
  ],
  [
    'lineItemsBySkuId',
    'commerce.order:read',
    '{ lineItemsBySkuId(skuId: "s") { nodes { id } } }',
    () => ({}),
  ],
  [
    'addOrder',
    'commerce.order:create',
    'mutation($input: AddOrderInput!) { addOrder(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, currencyCode: 'USD', lineItems: [line()] } }),
  ],
  [
    'addDraftOrder',
    'commerce.order:create',
    'mutation($input: AddDraftOrderInput!) { addDraftOrder(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, currencyCode: 'USD' } }),
  ],
  [
    'openDraftOrder',
    'commerce.order:update',
    'mutation($id: ID!) { openDraftOrder(id: $id) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'updateOrder',
    'commerce.order:update',
    'mutation($input: UpdateOrderInput!) { updateOrder(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, id: MISSING_ORDER, tags: ['x'] } }),
  ],
  [
    'cancelOrder',
    'commerce.order:cancel',
    'mutation($id: ID!) { cancelOrder(id: $id, force: true) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'completeOrder',
    'commerce.order:complete',
    'mutation($id: ID!) { completeOrder(id: $id) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'archiveOrder',
    'commerce.order:archive',
    'mutation($id: ID!) { archiveOrder(id: $id) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'unarchiveOrder',
    'commerce.order:archive',
    'mutation($id: ID!) { unarchiveOrder(id: $id) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'addLineItemBySkuId',
    'commerce.order:update',
    'mutation($input: AddLineItemInput!) { addLineItemBySkuId(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER, skuId: 'sku-mug', quantity: 1 } }),
  ],
  [
    'updateLineItemById',
    'commerce.order:update',
    'mutation($input: UpdateLineItemByIdInput!) { updateLineItemById(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER, id: MISSING_LINE, quantity: 2 } }),
  ],
  [
    'deleteLineItemById',
    'commerce.order:update',
    'mutation($id: ID!, $o: ID!) { deleteLineItemById(id: $id, orderId: $o) }',
    () => ({ id: MISSING_LINE, o: MISSING_ORDER }),
  ],
  [
    'addNote',
    'commerce.order:update',
    'mutation($input: AddOrderNoteInput!) { addNote(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER, content: 'x' } }),
  ],
  [
    'deleteNote',
    'commerce.order:update',
    'mutation($o: ID!) { deleteNote(id: "0c8f8a58-3a4e-4c55-9f0e-8f1f8f3f4a11", orderId: $o) { id } }',
    () => ({ o: MISSING_ORDER }),
  ],
  [
    'addDiscount',
    'commerce.order:update',
    'mutation($input: AddOrderDiscountInput!) { addDiscount(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER, name: 'x', amount: usd(1) } }),
  ],
  [
    'removeDiscount',
    'commerce.order:update',
    'mutation($o: ID!) { removeDiscount(id: "0c8f8a58-3a4e-4c55-9f0e-8f1f8f3f4a11", orderId: $o) { id } }',
    () => ({ o: MISSING_ORDER }),
  ],
  [
    'updateFulfillmentStatus',
    'commerce.order:update',
    'mutation($id: ID!) { updateFulfillmentStatus(id: $id, status: FULFILLED) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'updatePaymentStatus',
    'commerce.order:update',
    'mutation($id: ID!) { updatePaymentStatus(id: $id, status: PENDING) { id } }',
    () => ({ id: MISSING_ORDER }),
  ],
  [
    'recordPayment',
    'commerce.order:update',
    'mutation($input: RecordOrderPaymentInput!) { recordPayment(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER, amount: usd(1) } }),
  ],
  [
    'applyDiscountCodes',
    'commerce.order:update',
    'mutation($input: ApplyDiscountCodesInput!) { applyDiscountCodes(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER, discountCodes: ['X'] } }),
  ],
  [
    'updateDraftOrder',
    'commerce.order:update',
    'mutation($input: UpdateDraftOrderInput!) { updateDraftOrder(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, id: MISSING_ORDER, tags: ['a'] } }),
  ],
  ['discountCodes', 'commerce.order:read', '{ discountCodes { id } }', () => ({})],
  [
    'createDiscountCode',
    'commerce.order:create',
    'mutation($input: CreateDiscountCodeInput!) { createDiscountCode(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, code: 'SCOPE10', name: 'Ten', ratePercentage: '10' } }),
  ],
  [
    'disableDiscountCode',
    'commerce.order:update',
    'mutation($id: ID!) { disableDiscountCode(id: $id) { id } }',
    () => ({ id: MISSING_CODE }),
  ],
  [
    'enableDiscountCode',
    'commerce.order:update',
    'mutation($id: ID!) { enableDiscountCode(id: $id) { id } }',
    () => ({ id: MISSING_CODE }),
  ],
  [
    'archiveDiscountCode',
    'commerce.order:update',
    'mutation($id: ID!) { archiveDiscountCode(id: $id) { id } }',
    () => ({ id: MISSING_CODE }),
  ],
  [
    'refundOrder',
    'commerce.order:cancel',
    'mutation($input: RefundOrderInput!) { refundOrder(input: $input) { id } }',
    (storeId) => ({ input: { context: { storeId }, orderId: MISSING_ORDER } }),
  ],
];

describe('order subgraph: scope per field', () => {
  let t: OrderTestApp;

  beforeAll(async () => {
    t = await startOrderTestApp('order-scopes');
  });
  afterAll(async () => t?.close());

  it('covers every query and mutation field of the schema', async () => {
    const caller = await t.newCaller();
    const result = await caller.gql<{ q: { fields: { name: string }[] }; m: { fields: { name: string }[] } }>(
      '{ q: __type(name: "Query") { fields { name } } m: __type(name: "Mutation") { fields { name } } }',
    );
    const names = [...dataOf(result).q.fields, ...dataOf(result).m.fields]
      .map((f) => f.name)
      .filter((n) => !n.startsWith('_'))
      .sort();
    expect(names).toEqual(OPERATIONS.map(([name]) => name).sort());
  });

  it.each(OPERATIONS)(
    '%s requires %s: FORBIDDEN (HTTP 200) with every other order scope',
    async (_name, scope, query, variables) => {
      const caller = await t.newCaller(ALL_ORDER_SCOPES.filter((s) => s !== scope));
      const result = await caller.gql(query, variables(caller.storeId));
      expect(result.status).toBe(200);
      expect(result.body.errors?.[0].extensions.code).toBe('FORBIDDEN');
    },
  );

  it.each(OPERATIONS)('%s runs with %s alone', async (_name, scope, query, variables) => {
    const caller = await t.newCaller([scope]);
    const result = await caller.gql(query, variables(caller.storeId));
    expect(result.status).toBe(200);
    const code = result.body.errors?.[0]?.extensions.code;
    expect(code === undefined || /^(ORDER|LINE_ITEM|NOTE|DISCOUNT|DISCOUNT_CODE)_NOT_FOUND$/.test(code)).toBe(
      true,
    );
  });
});
