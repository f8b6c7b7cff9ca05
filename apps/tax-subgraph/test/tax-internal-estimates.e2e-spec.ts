import { randomUUID } from 'node:crypto';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { TaxTestApp, dataOf, defaultsOf, startTaxTestApp } from './support/tax-test-app';

// POST /internal/v1/stores/{storeId}/tax-estimates (calculation/internal-tax-estimates.controller.ts):
// the order storefront's cart taxes, the same calculation as estimateTaxes, with the platform's
// internal credential instead of a caller's token.

describe('tax: internal estimates for the order storefront', () => {
  let tax: TaxTestApp;
  let store: string;
  const credential = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));

  const create = async (entity: string, input: Record<string, unknown>): Promise<string> =>
    dataOf<Record<string, { id: string }>>(
      await tax.gql(
        `mutation($input: MutationCreate${entity}Input!) { create${entity}(input: $input) { id } }`,
        {
          input,
        },
      ),
    )[`create${entity}`].id;

  const estimate = (storeId: string, body: unknown, key = credential) =>
    tax.app.inject({
      method: 'POST',
      url: `/internal/v1/stores/${storeId}/tax-estimates`,
      headers: { 'content-type': 'application/json', [INTERNAL_CREDENTIAL_HEADER]: key },
      payload: JSON.stringify(body),
    });

  const cart = {
    address: { countryCode: 'US', regionCode: 'CA', postalCode: '94105' },
    taxExempt: false,
    lines: [
      { id: 'line-1', amount: { value: 1999, currencyCode: 'USD' }, quantity: 3, skuId: 'sku-mug' },
      { id: 'line-2', amount: { value: 500, currencyCode: 'USD' }, quantity: 1, skuId: 'sku-none' },
    ],
  };

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-internal-estimates');
    ({ store } = defaultsOf(tax));
    const california = await create('Jurisdiction', {
      name: 'California',
      countryCode: 'US',
      regionCode: 'CA',
    });
    const state = await create('Rate', {
      label: 'CA state',
      value: { percentage: '7.25' },
      jurisdictionId: california,
    });
    const general = await create('Classification', { name: 'general' });
    await tax.gql(
      `mutation($c: ID!, $r: [ID!]!) { addRatesToClassification(classificationId: $c, input: { rateIds: $r }) { id } }`,
      { c: general, r: [state] },
    );
    await tax.gql(
      `mutation($c: ID!) { addSkusToClassification(classificationId: $c, input: { skuIds: ["sku-mug"] }) { id } }`,
      { c: general },
    );
  });
  afterAll(async () => tax?.close());

  it("taxes each line through its SKU's classification, per line and per rate, in minor units", async () => {
    const response = await estimate(store, cart);
    expect(response.statusCode).toBe(200);
    const expected = Math.round(1999 * 3 * 0.0725);
    expect(response.json()).toEqual({
      currencyCode: 'USD',
      taxTotal: expected,
      lines: [
        {
          id: 'line-1',
          taxTotal: expected,
          taxes: [{ rateId: expect.any(String), label: 'CA state', percentage: '7.25', amount: expected }],
        },
        { id: 'line-2', taxTotal: 0, taxes: [] },
      ],
      taxes: [{ rateId: expect.any(String), label: 'CA state', percentage: '7.25', amount: expected }],
    });
  });

  it('answers no tax for an exempt buyer or another store', async () => {
    expect((await estimate(store, { ...cart, taxExempt: true })).json()).toMatchObject({ taxTotal: 0 });
    expect((await estimate(randomUUID(), cart)).json()).toMatchObject({ taxTotal: 0 });
  });

  it('refuses a call without the internal credential (401) and a malformed body (400)', async () => {
    expect((await estimate(store, cart, 'nope')).statusCode).toBe(401);
    expect((await estimate(store, { lines: [] })).statusCode).toBe(400);
  });
});
