import { randomUUID } from 'node:crypto';
import { Caller, GqlResult, OrderTestApp, dataOf, startOrderTestApp } from './support/order-test-app';
import { taxOf } from './support/fake-storefront-services';

/** The public storefront graph's documents, as a storefront written against it sends them. */
const Public = {
  addDraftOrder: `mutation AddDraftOrder($input: AddDraftOrderInput!) {
    addDraftOrder(input: $input) { id context { storeId channelId } totals { total { value currencyCode } } } }`,
  addLineItemBySkuId: `mutation AddLineItem($input: AddLineItemInput!) {
    addLineItemBySkuId(input: $input) {
      id skuId name quantity unitAmount { value currencyCode }
      totals { subTotal { value } taxTotal { value } discountTotal { value } feeTotal { value } }
      details { sku productAssetUrl unitOfMeasure selectedAddons { attribute values { name } } selectedOptions { attribute values } }
    } }`,
  updateLineItemById: `mutation UpdateLineItem($input: UpdateLineItemByIdInput!) {
    updateLineItemById(input: $input) { id quantity totals { subTotal { value } } } }`,
  deleteLineItemById: `mutation DeleteLineItem($id: ID!, $orderId: ID!) { deleteLineItemById(id: $id, orderId: $orderId) }`,
  applyDiscountCodes: `mutation ApplyDiscountCodes($input: ApplyDiscountCodesInput!) {
    applyDiscountCodes(input: $input) { id discounts { code amount { value } ratePercentage } totals { discountTotal { value } total { value } } } }`,
  updateDraftOrder: `mutation UpdateDraftOrder($input: UpdateDraftOrderInput!) {
    updateDraftOrder(input: $input) { id tags totals { subTotal { value } taxTotal { value } total { value } } } }`,
  orderById: `query OrderById($id: ID!) {
    orderById(id: $id) {
      id createdAt updatedAt customerId tags taxExempted
      context { channelId storeId }
      links { href rel }
      metafields { key type value }
      notes { id content authorType createdAt referenceId }
      shipping { firstName lastName email phone companyName address { addressLine1 addressLine2 addressLine3 adminArea1 adminArea2 adminArea3 adminArea4 countryCode postalCode } }
      discounts { id code name amount { value currencyCode } ratePercentage appliedBeforeTax referenceId externalIds { type value } metafields { key } }
      fees { id name amount { value } }
      taxes { id name ratePercentage amount { value currencyCode } included exempted additional }
      totals { subTotal { value currencyCode } discountTotal { value } productDiscountTotal { value } shippingDiscountTotal { value } shippingTotal { value } taxTotal { value } feeTotal { value } total { value } }
      lineItems {
        id skuId name quantity type fulfillmentMode fulfillmentChannelId externalId createdAt updatedAt tags
        unitAmount { value currencyCode }
        details { sku productAssetUrl unitOfMeasure selectedAddons { attribute sku values { name amount { value } costAdjustment { value } amountIncreased } } selectedOptions { attribute values } }
        discounts { id } fees { id } metafields { key } notes { id } shipping { firstName }
        taxes { id name ratePercentage amount { value } }
        totals { subTotal { value } discountTotal { value } taxTotal { value } feeTotal { value } }
      }
    } }`,
};

const ADMIN = {
  createCode: `mutation($input: CreateDiscountCodeInput!) { createDiscountCode(input: $input) { id code status } }`,
  disableCode: `mutation($id: ID!) { disableDiscountCode(id: $id) { id status } }`,
  codes: `{ discountCodes { id code status ratePercentage amount { value } } }`,
  openDraft: `mutation($id: ID!) { openDraftOrder(id: $id) { id statuses { status } totals { total { value } } } }`,
};

interface PublicOrder {
  id: string;
  taxExempted: boolean;
  tags: string[];
  context: { channelId: string; storeId: string };
  links: unknown[];
  metafields: { key: string; type: string; value: string }[];
  notes: { content: string }[];
  shipping: { firstName: string; address: { adminArea1: string; countryCode: string } };
  discounts: {
    code: string;
    amount: { value: number };
    ratePercentage: string | null;
    appliedBeforeTax: boolean;
  }[];
  fees: unknown[];
  taxes: { id: string; name: string; ratePercentage: string; amount: { value: number } }[];
  totals: Record<string, { value: number; currencyCode?: string }>;
  lineItems: {
    id: string;
    skuId: string;
    quantity: number;
    unitAmount: { value: number; currencyCode: string };
    details: {
      sku: string;
      productAssetUrl: string | null;
      unitOfMeasure: string | null;
      selectedAddons: unknown[];
    };
    taxes: { amount: { value: number } }[];
    totals: { subTotal: { value: number }; taxTotal: { value: number }; feeTotal: { value: number } };
  }[];
}

const codeOf = (r: GqlResult) => r.body.errors?.[0]?.extensions.code;

describe('order storefront: the public storefront graph on /v1/commerce/order-storefront-subgraph', () => {
  let t: OrderTestApp;
  let caller: Caller;
  const STATE = '7.25';
  const CITY = '1.5';
  const A = randomUUID();
  const B = randomUUID();
  const ARCHIVED = randomUUID();
  const UNPRICED = randomUUID();

  async function sf<T>(query: string, variables: Record<string, unknown>, who = caller): Promise<T> {
    const result = await who.storefront<Record<string, T>>(query, variables);
    return Object.values(dataOf(result))[0];
  }

  async function newCart(input: Record<string, unknown> = {}): Promise<string> {
    const order = await sf<{ id: string }>(Public.addDraftOrder, {
      input: {
        context: { channelId: randomUUID(), storeId: caller.storeId },
        shipping: {
          firstName: 'Ada',
          address: {
            addressLine1: '1 Main St',
            adminArea1: 'CA',
            adminArea2: 'San Francisco',
            postalCode: '94105',
            countryCode: 'US',
          },
        },
        ...input,
      },
    });
    return order.id;
  }

  const addSku = (orderId: string, skuId: string, quantity: number, extra: Record<string, unknown> = {}) =>
    caller.storefront(Public.addLineItemBySkuId, {
      input: { orderId, skuId, quantity, fulfillmentMode: 'SHIP', status: 'DRAFT', ...extra },
    });

  const read = (id: string) => sf<PublicOrder>(Public.orderById, { id });

  async function createCode(input: Record<string, unknown>): Promise<string> {
    const result = await caller.gql<{ createDiscountCode: { id: string } }>(ADMIN.createCode, {
      input: { context: { storeId: caller.storeId }, name: String(input.code), ...input },
    });
    return dataOf(result).createDiscountCode.id;
  }

  beforeAll(async () => {
    t = await startOrderTestApp('order-storefront');
    caller = await t.newCaller();
    const store = caller.storeId;
    t.services.addSku(store, {
      id: A,
      name: 'Mug',
      code: 'MUG-1',
      price: { value: 1999, currencyCode: 'USD' },
      mediaUrl: 'https://cdn.example.com/mug.png',
      unitOfMeasure: 'EACH',
    });
    t.services.addSku(store, {
      id: B,
      name: 'Tee',
      code: 'TEE-1',
      price: { value: 2500, currencyCode: 'USD' },
    });
    t.services.addSku(store, { id: ARCHIVED, status: 'ARCHIVED' });
    t.services.addSku(store, { id: UNPRICED, price: null });
    t.services.addRate(store, {
      rateId: 'rate-ca',
      label: 'California',
      percentage: STATE,
      countryCode: 'US',
      regionCode: 'CA',
    });
    t.services.addRate(store, {
      rateId: 'rate-sf',
      label: 'San Francisco',
      percentage: CITY,
      countryCode: 'US',
      regionCode: 'CA',
    });
    await createCode({ code: 'FIVE', amount: { value: 500, currencyCode: 'USD' } });
    await createCode({ code: 'TEN', ratePercentage: '10' });
    await createCode({
      code: 'OLD',
      ratePercentage: '5',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: '2021-01-01T00:00:00Z',
    });
    await createCode({ code: 'SOON', ratePercentage: '5', startsAt: '2999-01-01T00:00:00Z' });
    const off = await createCode({ code: 'OFF', ratePercentage: '5' });
    await caller.gql(ADMIN.disableCode, { id: off });
  });
  afterAll(async () => t?.close());

  describe('the cart flow with the public documents', () => {
    let orderId: string;
    let lineA: string;
    let lineB: string;

    it('opens a draft with the public input (no currencyCode; client totals, discounts and fees ignored)', async () => {
      orderId = await newCart({
        externalId: 'ext-1',
        cartId: 'cart-1',
        tags: ['web'],
        notes: [{ content: 'Leave at the door', authorType: 'CUSTOMER', referenceId: 'n-1' }],
        metafields: [{ key: 'utm', value: '{"source":"ad"}' }],
        discounts: [{ name: 'free money', amount: { value: 100000, currencyCode: 'USD' } }],
        fees: [{ name: 'fee', amount: { value: 1, currencyCode: 'USD' } }],
        totals: {
          subTotal: { value: 1, currencyCode: 'USD' },
          shippingTotal: { value: 0, currencyCode: 'USD' },
          discountTotal: { value: 0, currencyCode: 'USD' },
          feeTotal: { value: 0, currencyCode: 'USD' },
          taxTotal: { value: 0, currencyCode: 'USD' },
          total: { value: 1, currencyCode: 'USD' },
        },
      });
      const order = await read(orderId);
      expect(order.totals.total).toEqual({ value: 0 });
      expect(order.discounts).toEqual([]);
      expect(order.fees).toEqual([]);
      expect(order.links).toEqual([]);
      expect(order.metafields).toEqual([{ key: 'utm', type: 'JSON', value: '{"source":"ad"}' }]);
      expect(order.notes.map((n) => n.content)).toEqual(['Leave at the door']);
      expect(order.shipping.address).toMatchObject({ adminArea1: 'CA', countryCode: 'US' });
    });

    it("adds two SKUs by id at the catalog's prices, with their details", async () => {
      const a = dataOf(
        await addSku(orderId, A, 1, {
          details: {
            selectedAddons: [{ optionId: 'gift-wrap', values: [{ inputValue: 'Happy birthday' }] }],
          },
        }),
      ).addLineItemBySkuId as PublicOrder['lineItems'][number];
      const b = dataOf(await addSku(orderId, B, 2)).addLineItemBySkuId as PublicOrder['lineItems'][number];
      lineA = a.id;
      lineB = b.id;
      expect(a.unitAmount).toEqual({ value: 1999, currencyCode: 'USD' });
      expect(b.unitAmount).toEqual({ value: 2500, currencyCode: 'USD' });
      expect(a.details).toEqual({
        sku: 'MUG-1',
        productAssetUrl: 'https://cdn.example.com/mug.png',
        unitOfMeasure: 'EACH',
        selectedAddons: [{ attribute: 'gift-wrap', values: [{ name: 'Happy birthday' }] }],
        selectedOptions: [],
      });
      const order = await read(orderId);
      const subTotal = 1999 + 5000;
      const tax = taxOf(1999, STATE) + taxOf(1999, CITY) + taxOf(5000, STATE) + taxOf(5000, CITY);
      expect(order.totals.subTotal).toEqual({ value: subTotal, currencyCode: 'USD' });
      expect(order.totals.taxTotal.value).toBe(tax);
      expect(order.totals.total.value).toBe(subTotal + tax);
    });

    it('changes a quantity and re-derives the line and order totals', async () => {
      const changed = await sf<{ quantity: number; totals: { subTotal: { value: number } } }>(
        Public.updateLineItemById,
        { input: { id: lineA, orderId, quantity: 3 } },
      );
      expect(changed.quantity).toBe(3);
      expect(changed.totals.subTotal.value).toBe(5997);
      expect((await read(orderId)).totals.subTotal.value).toBe(5997 + 5000);
    });

    it('applies a fixed and a percentage code; applying them again does not stack', async () => {
      const applied = await sf<PublicOrder>(Public.applyDiscountCodes, {
        input: { orderId, discountCodes: ['five', 'TEN'] },
      });
      expect(applied.discounts.map((d) => [d.code, d.amount.value, d.ratePercentage]).sort()).toEqual([
        ['FIVE', 500, null],
        ['TEN', 1100, '10'],
      ]);
      const again = await sf<PublicOrder>(Public.applyDiscountCodes, {
        input: { orderId, discountCodes: ['TEN'] },
      });
      expect(again.discounts).toHaveLength(2);
      expect(again.totals.discountTotal.value).toBe(1600);
    });

    it('removes a line (true); the percentage follows the new subtotal', async () => {
      expect(await sf<boolean>(Public.deleteLineItemById, { id: lineB, orderId })).toBe(true);
    });

    it('reads the cart with the public fields, totals exact against catalog prices and tax rates', async () => {
      const order = await read(orderId);
      const subTotal = 1999 * 3;
      const discount = 500 + Math.round(subTotal * 0.1);
      const state = taxOf(subTotal, STATE);
      const city = taxOf(subTotal, CITY);
      expect(order.lineItems).toHaveLength(1);
      const [line] = order.lineItems;
      expect(line).toMatchObject({ skuId: A, quantity: 3, unitAmount: { value: 1999, currencyCode: 'USD' } });
      expect(line.totals).toEqual({
        subTotal: { value: subTotal },
        discountTotal: { value: 0 },
        taxTotal: { value: state + city },
        feeTotal: { value: 0 },
      });
      expect(line.taxes.map((x) => x.amount.value).sort((a, b) => a - b)).toEqual(
        [city, state].sort((a, b) => a - b),
      );
      expect(order.taxes.map((x) => [x.id, x.name, x.ratePercentage, x.amount.value]).sort()).toEqual([
        ['rate-ca', 'California', STATE, state],
        ['rate-sf', 'San Francisco', CITY, city],
      ]);
      expect(order.discounts.every((d) => d.appliedBeforeTax === false)).toBe(true);
      expect(order.totals).toEqual({
        subTotal: { value: subTotal, currencyCode: 'USD' },
        discountTotal: { value: discount },
        productDiscountTotal: { value: discount },
        shippingDiscountTotal: { value: 0 },
        shippingTotal: { value: 0 },
        taxTotal: { value: state + city },
        feeTotal: { value: 0 },
        total: { value: subTotal - discount + state + city },
      });
    });

    it('re-derives taxes when the shipping address changes (updateDraftOrder), none without an address', async () => {
      const moved = await sf<{ totals: { taxTotal: { value: number }; total: { value: number } } }>(
        Public.updateDraftOrder,
        {
          input: {
            id: orderId,
            context: { channelId: randomUUID(), storeId: caller.storeId },
            shipping: { address: { countryCode: 'DE', postalCode: '10115' } },
            tags: ['web', 'moved'],
          },
        },
      );
      expect(moved.totals.taxTotal.value).toBe(0);
      const back = await sf<{ totals: { taxTotal: { value: number } } }>(Public.updateDraftOrder, {
        input: {
          id: orderId,
          context: { channelId: randomUUID(), storeId: caller.storeId },
          shipping: { address: { countryCode: 'US', adminArea1: 'CA' } },
        },
      });
      expect(back.totals.taxTotal.value).toBe(taxOf(5997, STATE) + taxOf(5997, CITY));
    });

    it("opens the storefront's draft through the admin graph (DRAFT → OPEN)", async () => {
      const result = await caller.gql<{ openDraftOrder: { statuses: { status: string } } }>(ADMIN.openDraft, {
        id: orderId,
      });
      expect(dataOf(result).openDraftOrder.statuses.status).toBe('OPEN');
    });

    it('refuses storefront changes of an order that is no longer a draft (ORDER_NOT_DRAFT)', async () => {
      expect(codeOf(await addSku(orderId, A, 1))).toBe('ORDER_NOT_DRAFT');
      expect(codeOf(await caller.storefront(Public.deleteLineItemById, { id: lineA, orderId }))).toBe(
        'ORDER_NOT_DRAFT',
      );
      expect(
        codeOf(
          await caller.storefront(Public.applyDiscountCodes, { input: { orderId, discountCodes: ['TEN'] } }),
        ),
      ).toBe('ORDER_NOT_DRAFT');
    });
  });

  describe('lines', () => {
    it('updateQuantity adds to the line of the same SKU instead of a second line', async () => {
      const orderId = await newCart();
      await addSku(orderId, A, 1);
      await addSku(orderId, A, 2, { updateQuantity: true });
      const order = await read(orderId);
      expect(order.lineItems.map((l) => [l.skuId, l.quantity])).toEqual([[A, 3]]);
    });

    it('refuses an unknown SKU (SKU_NOT_FOUND) and writes nothing', async () => {
      const orderId = await newCart();
      const result = await addSku(orderId, randomUUID(), 1);
      expect(codeOf(result)).toBe('SKU_NOT_FOUND');
      expect((await read(orderId)).lineItems).toEqual([]);
    });

    it('refuses an archived SKU and one without a price (SKU_NOT_PURCHASABLE)', async () => {
      const orderId = await newCart();
      expect(codeOf(await addSku(orderId, ARCHIVED, 1))).toBe('SKU_NOT_PURCHASABLE');
      expect(codeOf(await addSku(orderId, UNPRICED, 1))).toBe('SKU_NOT_PURCHASABLE');
      expect((await read(orderId)).lineItems).toEqual([]);
    });

    it('takes no price from the client: refused in addLineItemBySkuId, PRICE_NOT_ACCEPTED in updateLineItemById', async () => {
      const orderId = await newCart();
      const sent = await addSku(orderId, A, 1, { unitAmount: { value: 1, currencyCode: 'USD' } });
      expect(sent.body.errors?.length).toBeGreaterThan(0);
      expect(sent.body.data?.addLineItemBySkuId ?? null).toBeNull();
      const line = dataOf(await addSku(orderId, A, 1)).addLineItemBySkuId as { id: string };
      const update = await caller.storefront(Public.updateLineItemById, {
        input: { id: line.id, orderId, unitAmount: { value: 1, currencyCode: 'USD' } },
      });
      expect(codeOf(update)).toBe('PRICE_NOT_ACCEPTED');
      expect((await read(orderId)).lineItems.map((l) => l.unitAmount.value)).toEqual([1999]);
    });

    it('lands both of two concurrent adds on one cart; the totals are their sum', async () => {
      const orderId = await newCart({ shipping: null });
      const results = await Promise.all([addSku(orderId, A, 1), addSku(orderId, B, 1)]);
      expect(results.map(codeOf)).toEqual([undefined, undefined]);
      const order = await read(orderId);
      expect(order.lineItems.map((l) => l.skuId).sort()).toEqual([A, B].sort());
      expect(order.totals.subTotal.value).toBe(1999 + 2500);
      expect(order.totals.total.value).toBe(1999 + 2500);
    });
  });

  describe('discount codes', () => {
    it.each([
      ['NOPE', 'DISCOUNT_CODE_NOT_FOUND'],
      ['OLD', 'DISCOUNT_CODE_EXPIRED'],
      ['SOON', 'DISCOUNT_CODE_NOT_YET_VALID'],
      ['OFF', 'DISCOUNT_CODE_DISABLED'],
    ])('%s fails with %s and nothing is applied (all or nothing)', async (code, expected) => {
      const orderId = await newCart();
      await addSku(orderId, A, 1);
      const result = await caller.storefront(Public.applyDiscountCodes, {
        input: { orderId, discountCodes: ['TEN', code] },
      });
      expect(codeOf(result)).toBe(expected);
      const order = await read(orderId);
      expect(order.discounts).toEqual([]);
      expect(order.totals.discountTotal.value).toBe(0);
    });

    it('lists the codes through the admin graph', async () => {
      const result = await caller.gql<{ discountCodes: { code: string; status: string }[] }>(ADMIN.codes);
      expect(
        dataOf(result)
          .discountCodes.map((c) => [c.code, c.status])
          .sort(),
      ).toEqual([
        ['FIVE', 'ACTIVE'],
        ['OFF', 'DISABLED'],
        ['OLD', 'ACTIVE'],
        ['SOON', 'ACTIVE'],
        ['TEN', 'ACTIVE'],
      ]);
    });

    it('refuses a code the store already has (DISCOUNT_CODE_ALREADY_EXISTS)', async () => {
      const result = await caller.gql(ADMIN.createCode, {
        input: { context: { storeId: caller.storeId }, code: 'ten', name: 'dup', ratePercentage: '3' },
      });
      expect(codeOf(result)).toBe('DISCOUNT_CODE_ALREADY_EXISTS');
    });
  });

  describe('stores, scopes and the two paths', () => {
    it("does not find another store's cart (ORDER_NOT_FOUND)", async () => {
      const orderId = await newCart();
      const other = await t.newCaller();
      t.services.addSku(other.storeId, { id: A });
      const result = await other.storefront(Public.addLineItemBySkuId, {
        input: { orderId, skuId: A, quantity: 1, fulfillmentMode: 'SHIP', status: 'DRAFT' },
      });
      expect(codeOf(result)).toBe('ORDER_NOT_FOUND');
      expect(codeOf(await other.storefront(Public.orderById, { id: orderId }))).toBe('ORDER_NOT_FOUND');
    });

    it("needs the orders' scopes on the storefront path too (FORBIDDEN)", async () => {
      const reader = await t.newCaller(['commerce.order:read']);
      const result = await reader.storefront(Public.addLineItemBySkuId, {
        input: {
          orderId: 'Order_000000000000000000000000000',
          skuId: A,
          quantity: 1,
          fulfillmentMode: 'SHIP',
          status: 'DRAFT',
        },
      });
      expect(result.status).toBe(200);
      expect(codeOf(result)).toBe('FORBIDDEN');
    });

    it('still requires input.context on the admin path (GRAPHQL_VALIDATION_FAILED as before), and a given context must be the store', async () => {
      const orderId = await newCart();
      const admin = await caller.gql(Public.addLineItemBySkuId, {
        input: { orderId, skuId: A, quantity: 1, fulfillmentMode: 'SHIP', status: 'DRAFT' },
      });
      expect(codeOf(admin)).toBe('GRAPHQL_VALIDATION_FAILED');
      expect(admin.body.errors?.[0].message).toContain(
        'Field "context" of required type "OrderStoreContextInput!" was not provided',
      );
      expect(admin.status).toBe(400);
      const withContext = await caller.gql(Public.addLineItemBySkuId, {
        input: {
          context: { storeId: caller.storeId },
          orderId,
          skuId: A,
          quantity: 1,
          fulfillmentMode: 'SHIP',
          status: 'DRAFT',
        },
      });
      expect(codeOf(withContext)).toBeUndefined();
      const mismatch = await caller.storefront(Public.addLineItemBySkuId, {
        input: {
          context: { storeId: randomUUID() },
          orderId,
          skuId: A,
          quantity: 1,
          fulfillmentMode: 'SHIP',
          status: 'DRAFT',
        },
      });
      expect(codeOf(mismatch)).toBe('STORE_MISMATCH');
    });
  });
});
