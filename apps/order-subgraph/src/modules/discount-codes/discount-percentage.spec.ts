import { PERCENTAGE, percentOf } from './discount-percentage';

describe('discount percentages', () => {
  it('takes a percentage of minor units, rounding half up', () => {
    expect(percentOf(5997, '10')).toBe(600);
    expect(percentOf(1000, '12.5')).toBe(125);
    expect(percentOf(1, '50')).toBe(1);
    expect(percentOf(1, '49.9999')).toBe(0);
    expect(percentOf(2_147_483_647, '100')).toBe(2_147_483_647);
  });

  it('accepts decimals above 0 and at most 100 with up to 4 places', () => {
    expect(['10', '0.5', '12.5', '99.9999', '100', '100.0'].every((p) => PERCENTAGE.test(p))).toBe(true);
    expect(['100.01', '101', '-1', '1.23456', 'ten', ''].some((p) => PERCENTAGE.test(p))).toBe(false);
  });
});
