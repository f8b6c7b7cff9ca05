import { allocate, storeOrderQuoteOf } from './store-order-quote';

describe('allocate', () => {
  it('splits in proportion when it divides evenly', () => {
    expect(allocate(100, [1, 1, 2])).toEqual([25, 25, 50]);
  });

  it('gives the remainder to the largest remainders, ties to the earlier weight', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1600, [5997, 5000])).toEqual([873, 727]);
  });

  it('always adds up to the amount, also for amounts and weights near the API maximum', () => {
    const weights = [2_147_483_647, 1_000_003, 7];
    const shares = allocate(2_147_483_000, weights);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(2_147_483_000);
    expect(shares.every((s) => Number.isInteger(s) && s >= 0)).toBe(true);
  });

  it('gives nothing when there is nothing to split or nothing to split it over', () => {
    expect(allocate(0, [1, 2])).toEqual([0, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
    expect(allocate(10, [])).toEqual([]);
  });
});

describe('storeOrderQuoteOf', () => {
  const line = (skuId: string, subTotal: number, taxTotal: number) => ({
    skuId,
    name: skuId,
    quantity: 1,
    unitAmount: subTotal,
    subTotal,
    discountTotal: 0,
    taxTotal,
    details: null,
  });

  it("takes the order's totals and spreads its discounts over the lines so that they add up", () => {
    const quote = storeOrderQuoteOf(
      {
        currencyCode: 'USD',
        subTotal: 3000,
        discountTotal: 301,
        shippingTotal: 500,
        taxTotal: 240,
        feeTotal: 0,
        total: 3439,
      },
      [line('a', 1000, 80), line('b', 2000, 160)],
      [
        { name: 'Ten off', code: 'TEN', amount: 300 },
        { name: 'manual', code: null, amount: 1 },
      ],
      [],
    );
    expect(quote.lines.map((l) => [l.skuId, l.discount, l.total])).toEqual([
      ['a', 100, 980],
      ['b', 201, 1959],
    ]);
    expect(quote.lines.reduce((s, l) => s + l.total, 0) + quote.shippingTotal).toBe(quote.total);
    expect(quote.discounts).toEqual([{ code: 'TEN', title: 'Ten off', amount: 300 }]);
  });
});
