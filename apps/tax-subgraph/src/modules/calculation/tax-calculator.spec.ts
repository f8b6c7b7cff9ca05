import {
  Basket,
  BasketLine,
  CalcClassification,
  CalcOverride,
  CalcRate,
  CalculationError,
  TaxData,
  calculateTax,
  divideRoundHalfUp,
  jurisdictionMatches,
} from './tax-calculator';

const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

const STATE = { id: 'j-ca', countryCode: 'US', regionCode: 'CA', postalCodePrefix: null };
const CITY = { id: 'j-la', countryCode: 'US', regionCode: 'US-CA', postalCodePrefix: '900' };
const NEVADA = { id: 'j-nv', countryCode: 'US', regionCode: 'NV', postalCodePrefix: null };

const pct = (id: string, micro: bigint, jurisdictionId: string | null = STATE.id): CalcRate => ({
  id,
  label: id,
  jurisdictionId,
  percentageMicro: micro,
  amount: null,
});

const LA = { countryCode: 'US', regionCode: 'CA', postalCode: '90012' };

function line(overrides: Partial<BasketLine> = {}): BasketLine {
  return {
    ref: null,
    unitAmount: 1000n,
    quantity: 1n,
    currency: 'USD',
    classificationId: 'general',
    skuId: null,
    skuGroupIds: [],
    listIds: [],
    ...overrides,
  };
}

function basket(lines: BasketLine[], more: Partial<Basket> = {}): Basket {
  return { address: LA, lines, taxExempt: false, exemptJurisdictionIds: [], ...more };
}

function data(more: Partial<TaxData> = {}): TaxData {
  const general: CalcClassification = {
    id: 'general',
    createdAt: at(0),
    rates: [pct('state', 7_250_000n), pct('city', 2_250_000n, CITY.id), pct('nv', 6_850_000n, NEVADA.id)],
  };
  return {
    jurisdictions: [STATE, CITY, NEVADA],
    classifications: new Map([['general', general]]),
    classificationMembers: [],
    overrides: new Map(),
    overrideMembers: [],
    ...more,
  };
}

describe('divideRoundHalfUp', () => {
  it.each([
    [5n, 10n, 1n],
    [4n, 10n, 0n],
    [15n, 10n, 2n],
    [25n, 10n, 3n],
    [-25n, 10n, -3n],
    [0n, 7n, 0n],
  ])('%p / %p → %p', (n, d, q) => {
    expect(divideRoundHalfUp(n, d)).toBe(q);
  });
});

describe('jurisdictionMatches', () => {
  it('matches country, region in either spelling and postal prefix ignoring case and spaces', () => {
    expect(jurisdictionMatches(CITY, LA)).toBe(true);
    expect(jurisdictionMatches(CITY, { ...LA, postalCode: '94105' })).toBe(false);
    expect(jurisdictionMatches(STATE, { countryCode: 'us', regionCode: 'us-ca' })).toBe(true);
    expect(jurisdictionMatches(STATE, { countryCode: 'US' })).toBe(false);
    expect(
      jurisdictionMatches(
        { id: 'uk', countryCode: 'GB', regionCode: null, postalCodePrefix: 'sw1a' },
        { countryCode: 'GB', postalCode: 'SW1A 1AA' },
      ),
    ).toBe(true);
  });
});

describe('calculateTax', () => {
  it('applies every rate of the classification in a jurisdiction covering the address, rounded half up per line', () => {
    // 1999 × 7.25 % = 144.9275 → 145; 1999 × 2.25 % = 44.9775 → 45
    const result = calculateTax(basket([line({ unitAmount: 1999n })]), data());
    expect(result.lines[0].taxes.map((t) => [t.rateId, t.amount])).toEqual([
      ['state', 145n],
      ['city', 45n],
    ]);
    expect(result).toMatchObject({
      subtotal: 1999n,
      taxTotal: 190n,
      total: 2189n,
      jurisdictionIds: ['j-ca', 'j-la'],
    });
  });

  it('rounds an exact half up: 10 × 5 % = 0.5 → 1', () => {
    const five: CalcClassification = {
      id: 'general',
      createdAt: at(0),
      rates: [pct('five', 5_000_000n, null)],
    };
    const result = calculateTax(
      basket([line({ unitAmount: 10n })]),
      data({ classifications: new Map([['general', five]]) }),
    );
    expect(result.taxTotal).toBe(1n);
  });

  it('rounds each line, not the basket: three lines of 0.4 cents make 0, not 1', () => {
    const four: CalcClassification = {
      id: 'general',
      createdAt: at(0),
      rates: [pct('four', 4_000_000n, null)],
    };
    const lines = [line({ unitAmount: 10n }), line({ unitAmount: 10n }), line({ unitAmount: 10n })];
    const result = calculateTax(basket(lines), data({ classifications: new Map([['general', four]]) }));
    expect(result.lines.map((l) => l.taxTotal)).toEqual([0n, 0n, 0n]);
    expect(result.taxTotal).toBe(0n);
    expect(result.taxes).toEqual([
      expect.objectContaining({ rateId: 'four', taxableAmount: 30n, amount: 0n }),
    ]);
  });

  it('taxes the line subtotal (unit amount × quantity) before rounding', () => {
    // 3 × 333 = 999; 999 × 7.25 % = 72.4275 → 72 (per unit rounding would give 3 × 24 = 72 too; 8.875 % shows the difference)
    const rate: CalcClassification = {
      id: 'general',
      createdAt: at(0),
      rates: [pct('ny', 8_875_000n, null)],
    };
    const result = calculateTax(
      basket([line({ unitAmount: 333n, quantity: 3n })]),
      data({ classifications: new Map([['general', rate]]) }),
    );
    // 999 × 8.875 % = 88.66125 → 89, whereas 3 × round(29.55375) = 90
    expect(result.lines[0]).toMatchObject({ subtotal: 999n, taxTotal: 89n });
  });

  it('uses exact decimals: 0.000001 % of 100,000,000 minor units is 1', () => {
    const tiny: CalcClassification = { id: 'general', createdAt: at(0), rates: [pct('tiny', 1n, null)] };
    const result = calculateTax(
      basket([line({ unitAmount: 100_000_000n })]),
      data({ classifications: new Map([['general', tiny]]) }),
    );
    expect(result.taxTotal).toBe(1n);
  });

  it('charges a fixed-amount rate per unit', () => {
    const deposit: CalcRate = {
      id: 'deposit',
      label: 'Bottle deposit',
      jurisdictionId: null,
      percentageMicro: null,
      amount: { value: 5n, currency: 'USD' },
    };
    const cls: CalcClassification = { id: 'general', createdAt: at(0), rates: [deposit] };
    const result = calculateTax(
      basket([line({ quantity: 6n })]),
      data({ classifications: new Map([['general', cls]]) }),
    );
    expect(result.taxTotal).toBe(30n);
  });

  it('refuses a fixed-amount rate in another currency than the basket', () => {
    const eur: CalcRate = {
      id: 'eur',
      label: 'x',
      jurisdictionId: null,
      percentageMicro: null,
      amount: { value: 5n, currency: 'EUR' },
    };
    const cls: CalcClassification = { id: 'general', createdAt: at(0), rates: [eur] };
    expect(() =>
      calculateTax(basket([line()]), data({ classifications: new Map([['general', cls]]) })),
    ).toThrow(CalculationError);
  });

  it('refuses lines in different currencies', () => {
    expect(() => calculateTax(basket([line(), line({ currency: 'EUR' })]), data())).toThrow(
      expect.objectContaining({ failure: { kind: 'currency-mismatch' } }),
    );
  });

  it('taxes nothing for a line without classification', () => {
    const result = calculateTax(basket([line({ classificationId: null })]), data());
    expect(result.lines[0]).toMatchObject({ classificationId: null, taxTotal: 0n, taxes: [] });
  });

  it('finds the classification through the most specific member: SKU before SKU group before list', () => {
    const food: CalcClassification = { id: 'food', createdAt: at(5), rates: [pct('food', 1_000_000n)] };
    const general = data().classifications.get('general') as CalcClassification;
    const result = calculateTax(
      basket([line({ classificationId: null, skuId: 'sku-1', listIds: ['list-1'] })]),
      data({
        classifications: new Map([
          ['general', general],
          ['food', food],
        ]),
        classificationMembers: [
          { ownerId: 'general', kind: 'LIST', memberId: 'list-1' },
          { ownerId: 'food', kind: 'SKU', memberId: 'sku-1' },
        ],
      }),
    );
    expect(result.lines[0]).toMatchObject({ classificationId: 'food', taxTotal: 10n });
  });

  it('lets a RATES override replace the rates of its jurisdiction only', () => {
    const reduced: CalcOverride = {
      id: 'o1',
      type: 'RATES',
      jurisdictionId: STATE.id,
      createdAt: at(1),
      rates: [pct('reduced', 1_000_000n)],
    };
    const result = calculateTax(
      basket([line({ skuId: 'sku-1' })]),
      data({
        overrides: new Map([['o1', reduced]]),
        overrideMembers: [{ ownerId: 'o1', kind: 'SKU', memberId: 'sku-1' }],
      }),
    );
    expect(result.lines[0].overrideId).toBe('o1');
    expect(result.lines[0].taxes.map((t) => [t.rateId, t.amount])).toEqual([
      ['city', 23n],
      ['reduced', 10n],
    ]);
  });

  it('lets an EXEMPTION override without jurisdiction exempt the line everywhere', () => {
    const exempt: CalcOverride = {
      id: 'o2',
      type: 'EXEMPTION',
      jurisdictionId: null,
      createdAt: at(1),
      rates: [],
    };
    const result = calculateTax(
      basket([line({ skuGroupIds: ['g-1'] }), line()]),
      data({
        overrides: new Map([['o2', exempt]]),
        overrideMembers: [{ ownerId: 'o2', kind: 'SKU_GROUP', memberId: 'g-1' }],
      }),
    );
    expect(result.lines[0]).toMatchObject({ exemption: 'OVERRIDE_EXEMPTION', taxTotal: 0n });
    // 1000 × 7.25 % = 72.5 → 73; 1000 × 2.25 % = 22.5 → 23
    expect(result.lines[1].taxTotal).toBe(96n);
  });

  it('ignores an override whose jurisdiction does not cover the address', () => {
    const nevadaOnly: CalcOverride = {
      id: 'o3',
      type: 'EXEMPTION',
      jurisdictionId: NEVADA.id,
      createdAt: at(1),
      rates: [],
    };
    const result = calculateTax(
      basket([line({ skuId: 'sku-1' })]),
      data({
        overrides: new Map([['o3', nevadaOnly]]),
        overrideMembers: [{ ownerId: 'o3', kind: 'SKU', memberId: 'sku-1' }],
      }),
    );
    expect(result.lines[0]).toMatchObject({ overrideId: null, taxTotal: 96n });
  });

  it('prefers the most specific override, then an exemption, then the oldest', () => {
    const listRates: CalcOverride = {
      id: 'o-list',
      type: 'EXEMPTION',
      jurisdictionId: null,
      createdAt: at(0),
      rates: [],
    };
    const skuRates: CalcOverride = {
      id: 'o-sku',
      type: 'RATES',
      jurisdictionId: null,
      createdAt: at(9),
      rates: [pct('sku', 3_000_000n, null)],
    };
    const result = calculateTax(
      basket([line({ skuId: 'sku-1', listIds: ['list-1'] })]),
      data({
        overrides: new Map([
          ['o-list', listRates],
          ['o-sku', skuRates],
        ]),
        overrideMembers: [
          { ownerId: 'o-list', kind: 'LIST', memberId: 'list-1' },
          { ownerId: 'o-sku', kind: 'SKU', memberId: 'sku-1' },
        ],
      }),
    );
    expect(result.lines[0]).toMatchObject({ overrideId: 'o-sku', taxTotal: 30n });
  });

  it('exempts a buyer everywhere, or only in the jurisdictions named', () => {
    expect(calculateTax(basket([line()], { taxExempt: true }), data())).toMatchObject({
      taxTotal: 0n,
      lines: [expect.objectContaining({ exemption: 'BUYER_EXEMPT' })],
    });
    const partly = calculateTax(basket([line()], { exemptJurisdictionIds: [CITY.id] }), data());
    expect(partly.lines[0].taxes.map((t) => t.rateId)).toEqual(['state']);
  });

  it('sums the per-rate summary over lines', () => {
    const result = calculateTax(basket([line({ unitAmount: 1999n }), line({ unitAmount: 2n })]), data());
    // second line: 2 × 7.25 % = 0.145 → 0; 2 × 2.25 % = 0.045 → 0
    expect(result.taxes).toEqual([
      expect.objectContaining({ rateId: 'state', taxableAmount: 2001n, amount: 145n }),
      expect.objectContaining({ rateId: 'city', taxableAmount: 2001n, amount: 45n }),
    ]);
  });
});
