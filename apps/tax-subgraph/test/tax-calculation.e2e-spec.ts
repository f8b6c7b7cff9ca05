import { TestCredential } from '@platform/testing';
import { GraphQLBody, TaxTestApp, dataOf, defaultsOf, startTaxTestApp } from './support/tax-test-app';

interface Money {
  value: number;
  currencyCode: string;
}
interface Result {
  id: string | null;
  currencyCode: string;
  subtotal: Money;
  taxTotal: Money;
  total: Money;
  roundingMode: string;
  jurisdictionIds: string[];
  lines: {
    index: number;
    id: string | null;
    classificationId: string | null;
    overrideId: string | null;
    exemption: string | null;
    subtotal: Money;
    taxTotal: Money;
    taxes: { rateId: string; percentage: string | null; amount: Money }[];
  }[];
  taxes: { rateId: string; taxableAmount: Money; amount: Money }[];
}

const RESULT = `id currencyCode subtotal { value currencyCode } taxTotal { value currencyCode } total { value currencyCode } roundingMode jurisdictionIds
  lines { index id classificationId overrideId exemption subtotal { value currencyCode } taxTotal { value currencyCode } taxes { rateId percentage amount { value currencyCode } } }
  taxes { rateId taxableAmount { value currencyCode } amount { value currencyCode } }`;

const usd = (value: number) => ({ value, currencyCode: 'USD' });
const LA = { countryCode: 'US', regionCode: 'US-CA', postalCode: '90012' };
const SF = { countryCode: 'US', regionCode: 'CA', postalCode: '94105' };

describe('tax calculation (estimateTaxes, calculateTaxes)', () => {
  let tax: TaxTestApp;
  let store: string;
  let cred: TestCredential;
  const ids: Record<string, string> = {};

  /** `create<Entity>(input)`, returning the new id. */
  const create = async (entity: string, input: Record<string, unknown>): Promise<string> =>
    dataOf<Record<string, { id: string }>>(
      await tax.gql(
        `mutation($input: MutationCreate${entity}Input!) { create${entity}(input: $input) { id } }`,
        { input },
      ),
    )[`create${entity}`].id;

  beforeAll(async () => {
    tax = await startTaxTestApp('tax-calculation');
    ({ store, cred } = defaultsOf(tax));
    const j = async (name: string, input: Record<string, unknown>) =>
      (ids[name] = await create('Jurisdiction', { name, ...input }));
    const rate = async (name: string, input: Record<string, unknown>) =>
      (ids[name] = await create('Rate', { label: name, ...input }));
    const classification = async (name: string) => (ids[name] = await create('Classification', { name }));

    await j('california', { countryCode: 'US', regionCode: 'CA' });
    await j('los-angeles', { countryCode: 'US', regionCode: 'CA', postalCodePrefix: '900' });
    await j('nevada', { countryCode: 'US', regionCode: 'NV' });
    await rate('ca-state', { value: { percentage: '7.25' }, jurisdictionId: ids.california });
    await rate('la-district', { value: { percentage: '2.25' }, jurisdictionId: ids['los-angeles'] });
    await rate('nv-state', { value: { percentage: '6.85' }, jurisdictionId: ids.nevada });
    await rate('ca-old', { value: { percentage: '50' }, jurisdictionId: ids.california, status: 'INACTIVE' });
    await rate('reduced', { value: { percentage: '1' }, jurisdictionId: ids.california });
    await rate('deposit', { value: { amount: { value: 5, currencyCode: 'USD' } } });
    await rate('eur-fee', { value: { amount: { value: 5, currencyCode: 'EUR' } } });
    await classification('general');
    await classification('bottles');
    await classification('euro');
    await tax.gql(
      `mutation($c: ID!, $r: [ID!]!) { addRatesToClassification(classificationId: $c, input: { rateIds: $r }) { id } }`,
      {
        c: ids.general,
        r: [ids['ca-state'], ids['la-district'], ids['nv-state'], ids['ca-old']],
      },
    );
    await tax.gql(
      `mutation($c: ID!, $r: [ID!]!) { addRatesToClassification(classificationId: $c, input: { rateIds: $r }) { id } }`,
      {
        c: ids.bottles,
        r: [ids['ca-state'], ids.deposit],
      },
    );
    await tax.gql(
      `mutation($c: ID!, $r: [ID!]!) { addRatesToClassification(classificationId: $c, input: { rateIds: $r }) { id } }`,
      {
        c: ids.euro,
        r: [ids['eur-fee']],
      },
    );
    await tax.gql(
      `mutation($c: ID!) { addSkusToClassification(classificationId: $c, input: { skuIds: ["sku-shirt"] }) { id } }`,
      { c: ids.general },
    );
    // Overrides: books exempt everywhere; children's clothing at the reduced state rate in California.
    ids.books = await create('Override', { name: 'books', type: 'EXEMPTION' });
    await tax.gql(
      `mutation($o: ID!) { addSkuGroupsToOverride(overrideId: $o, input: { skuGroupIds: ["books"] }) { id } }`,
      { o: ids.books },
    );
    ids.kids = await create('Override', { name: 'kids', type: 'RATES', jurisdictionId: ids.california });
    await tax.gql(
      `mutation($o: ID!, $r: ID!) { addRatesToOverride(overrideId: $o, input: { rateIds: [$r] }) { id } addListsToOverride(overrideId: $o, input: { listIds: ["kids"] }) { id } }`,
      {
        o: ids.kids,
        r: ids.reduced,
      },
    );
  });

  afterAll(async () => {
    await tax?.close();
  });

  const estimate = (input: Record<string, unknown>, options = {}) =>
    tax.gql(
      `query($input: QueryEstimateTaxesInput!) { estimateTaxes(input: $input) { ${RESULT} } }`,
      { input },
      options,
    );
  const resultOf = (body: GraphQLBody) => dataOf<{ estimateTaxes: Result }>(body).estimateTaxes;
  const line = (amount: number, more: Record<string, unknown> = {}) => ({
    amount: usd(amount),
    quantity: 1,
    classificationId: ids.general,
    ...more,
  });

  it('applies the state and district rates in Los Angeles, each rounded half up on the line', async () => {
    // 1999 × 7.25 % = 144.9275 → 145; 1999 × 2.25 % = 44.9775 → 45
    const result = resultOf(await estimate({ address: LA, lines: [line(1999, { id: 'l1' })] }));
    expect(result).toMatchObject({
      id: null,
      currencyCode: 'USD',
      subtotal: usd(1999),
      taxTotal: usd(190),
      total: usd(2189),
      roundingMode: 'HALF_UP_PER_LINE',
    });
    expect(result.jurisdictionIds.sort()).toEqual([ids.california, ids['los-angeles']].sort());
    expect(result.lines[0]).toMatchObject({ id: 'l1', classificationId: ids.general, exemption: null });
    expect(result.lines[0].taxes).toEqual([
      { rateId: ids['ca-state'], percentage: '7.25', amount: usd(145) },
      { rateId: ids['la-district'], percentage: '2.25', amount: usd(45) },
    ]);
  });

  it('applies only the state rate outside the district and ignores inactive rates', async () => {
    const result = resultOf(await estimate({ address: SF, lines: [line(1000)] }));
    // 1000 × 7.25 % = 72.5 → 73 (half up); the 50 % rate is INACTIVE
    expect(result.lines[0].taxes.map((t) => [t.rateId, t.amount.value])).toEqual([[ids['ca-state'], 73]]);
  });

  it('rounds each line: two lines of 10 at 7.25 % are 1 + 1, not round(1.45) = 1', async () => {
    const result = resultOf(await estimate({ address: SF, lines: [line(10), line(10)] }));
    expect(result.lines.map((l) => l.taxTotal.value)).toEqual([1, 1]);
    expect(result.taxTotal).toEqual(usd(2));
    expect(result.taxes).toEqual([{ rateId: ids['ca-state'], taxableAmount: usd(20), amount: usd(2) }]);
  });

  it('taxes amount × quantity and charges fixed-amount rates per unit', async () => {
    const result = resultOf(
      await estimate({
        address: SF,
        lines: [{ amount: usd(199), quantity: 6, classificationId: ids.bottles }],
      }),
    );
    // 1194 × 7.25 % = 86.565 → 87; deposit 5 × 6 = 30
    expect(result.lines[0]).toMatchObject({ subtotal: usd(1194), taxTotal: usd(117) });
  });

  it('classifies a line through its SKU when it names no classification', async () => {
    const result = resultOf(
      await estimate({ address: SF, lines: [{ amount: usd(1000), quantity: 1, skuId: 'sku-shirt' }] }),
    );
    expect(result.lines[0]).toMatchObject({ classificationId: ids.general, taxTotal: usd(73) });
    const unclassified = resultOf(
      await estimate({ address: SF, lines: [{ amount: usd(1000), quantity: 1, skuId: 'unknown' }] }),
    );
    expect(unclassified.lines[0]).toMatchObject({ classificationId: null, taxTotal: usd(0), taxes: [] });
  });

  it('applies an EXEMPTION override and a RATES override in its jurisdiction', async () => {
    const result = resultOf(
      await estimate({
        address: LA,
        lines: [line(1000, { skuGroupIds: ['books'] }), line(1000, { listIds: ['kids'] })],
      }),
    );
    expect(result.lines[0]).toMatchObject({
      overrideId: ids.books,
      exemption: 'OVERRIDE_EXEMPTION',
      taxTotal: usd(0),
    });
    // Kids: the California rate becomes the reduced 1 %, the district rate stays: 10 + 23
    expect(result.lines[1]).toMatchObject({ overrideId: ids.kids, taxTotal: usd(33) });
    expect(result.lines[1].taxes.map((t) => t.rateId).sort()).toEqual(
      [ids['la-district'], ids.reduced].sort(),
    );
  });

  it('stops applying an override once deactivated', async () => {
    await tax.gql(`mutation($o: ID!) { deactivateOverride(id: $o) { id } }`, { o: ids.books });
    try {
      const result = resultOf(
        await estimate({ address: SF, lines: [line(1000, { skuGroupIds: ['books'] })] }),
      );
      expect(result.lines[0]).toMatchObject({ overrideId: null, taxTotal: usd(73) });
    } finally {
      await tax.gql(`mutation($o: ID!) { activateOverride(id: $o) { id } }`, { o: ids.books });
    }
  });

  it('honours buyer exemptions: everywhere, or in named jurisdictions', async () => {
    expect(resultOf(await estimate({ address: LA, lines: [line(1000)], taxExempt: true }))).toMatchObject({
      taxTotal: usd(0),
      lines: [expect.objectContaining({ exemption: 'BUYER_EXEMPT' })],
    });
    const partly = resultOf(
      await estimate({ address: LA, lines: [line(1000)], exemptJurisdictionIds: [ids['los-angeles']] }),
    );
    expect(partly.lines[0].taxes.map((t) => t.rateId)).toEqual([ids['ca-state']]);
  });

  it('taxes nothing where no jurisdiction covers the address', async () => {
    expect(resultOf(await estimate({ address: { countryCode: 'FR' }, lines: [line(1000)] }))).toMatchObject({
      taxTotal: usd(0),
      jurisdictionIds: [],
    });
  });

  it('refuses lines in two currencies, a negative amount, a fixed rate in another currency and an unknown classification', async () => {
    const mixed = await estimate({
      address: SF,
      lines: [line(1), { ...line(1), amount: { value: 1, currencyCode: 'EUR' } }],
    });
    expect(mixed.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ path: 'lines', code: 'CURRENCY_MISMATCH' }],
    });
    const negative = await estimate({ address: SF, lines: [line(-5)] });
    expect(negative.errors?.[0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: [{ path: 'lines.0.amount.value', code: 'OUT_OF_RANGE' }],
    });
    const euro = await estimate({ address: SF, lines: [line(100, { classificationId: ids.euro })] });
    expect(euro.errors?.[0].extensions.code).toBe('RATE_CURRENCY_MISMATCH');
    const unknown = await estimate({
      address: SF,
      lines: [line(100, { classificationId: '00000000-0000-4000-8000-000000000009' })],
    });
    expect(unknown).toEqual({
      data: { estimateTaxes: null },
      errors: [expect.objectContaining({ extensions: { code: 'CLASSIFICATION_NOT_FOUND' } })],
    });
  });

  it('refuses an amount given as a float (minor units are integers) with HTTP 400', async () => {
    const res = await tax.post({
      query: `query($input: QueryEstimateTaxesInput!) { estimateTaxes(input: $input) { currencyCode } }`,
      variables: {
        input: { address: SF, lines: [{ amount: { value: 19.99, currencyCode: 'USD' }, quantity: 1 }] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses a result beyond a GraphQL Int with AMOUNT_OUT_OF_RANGE', async () => {
    const body = await estimate({
      address: SF,
      lines: [{ amount: usd(2_000_000_000), quantity: 2, classificationId: ids.general }],
    });
    expect(body.errors?.[0].extensions.code).toBe('AMOUNT_OUT_OF_RANGE');
  });

  it('records calculateTaxes with an id, the channel and the same figures as estimateTaxes', async () => {
    const input = { address: LA, lines: [line(1999)] };
    const body = await tax.gql(
      `mutation($input: MutationCalculateTaxesInput!) { calculateTaxes(channelId: "web", input: $input) { ${RESULT} channelId } }`,
      { input },
    );
    const recorded = dataOf<{ calculateTaxes: Result & { channelId: string } }>(body).calculateTaxes;
    expect(recorded.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorded.channelId).toBe('web');
    const estimated = resultOf(await estimate(input));
    expect({ ...recorded, id: null, channelId: undefined }).toEqual({ ...estimated, channelId: undefined });
    const [row] = (await tax.dataSource.query(
      `SELECT store_id, channel_id, currency, subtotal, tax_total, result FROM tax.calculations WHERE id = $1`,
      [recorded.id],
    )) as {
      store_id: string;
      channel_id: string;
      currency: string;
      subtotal: string;
      tax_total: string;
      result: { taxTotal: string };
    }[];
    expect(row).toMatchObject({
      store_id: store,
      channel_id: 'web',
      currency: 'USD',
      subtotal: '1999',
      tax_total: '190',
    });
    expect(row.result.taxTotal).toBe('190');
    const reader = await tax.credential(['commerce.tax:read'], [store]);
    const forbidden = await tax.gql(
      `mutation($input: MutationCalculateTaxesInput!) { calculateTaxes(channelId: "web", input: $input) { id } }`,
      { input },
      { cred: reader },
    );
    expect(forbidden.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(cred).toBeDefined();
  });

  it('computes with the data of the selected store only', async () => {
    const other = tax.store(cred);
    const body = await estimate(
      { address: LA, lines: [{ amount: usd(1000), quantity: 1, skuId: 'sku-shirt' }] },
      { store: other },
    );
    expect(resultOf(body)).toMatchObject({ taxTotal: usd(0), jurisdictionIds: [] });
    const named = await estimate({ address: LA, lines: [line(1000)] }, { store: other });
    expect(named.errors?.[0].extensions.code).toBe('CLASSIFICATION_NOT_FOUND');
  });
});
