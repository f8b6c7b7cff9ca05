import {
  formatPercentage,
  parsePercentage,
  percentageMicroFromNumeric,
  percentageToNumeric,
} from './percentage';

describe('parsePercentage', () => {
  it.each([
    ['0', 0n, '0'],
    ['7', 7_000_000n, '7'],
    ['8.875', 8_875_000n, '8.875'],
    ['10.50', 10_500_000n, '10.5'],
    ['0.000001', 1n, '0.000001'],
    ['99.999999', 99_999_999n, '99.999999'],
    ['100', 100_000_000n, '100'],
    ['100.000000', 100_000_000n, '100'],
    ['007.25', 7_250_000n, '7.25'],
  ])('accepts %p as exactly %p millionths (%p)', (text, micro, canonical) => {
    expect(parsePercentage(text)).toEqual({ ok: true, micro, canonical });
  });

  it.each([
    '',
    ' 5',
    '5 ',
    '-1',
    '+5',
    '5.',
    '.5',
    '1e2',
    '5,5',
    '0x10',
    '1000',
    '8.8750001',
    'NaN',
    'Infinity',
    '５',
  ])('refuses %p as INVALID_FORMAT', (text) => {
    expect(parsePercentage(text)).toMatchObject({ ok: false, code: 'INVALID_FORMAT' });
  });

  it.each(['100.000001', '101', '999.999999'])('refuses %p as OUT_OF_RANGE', (text) => {
    expect(parsePercentage(text)).toMatchObject({ ok: false, code: 'OUT_OF_RANGE' });
  });

  it('keeps values a float would round: 0.1 + 0.2 style decimals stay exact', () => {
    const sum =
      (parsePercentage('0.1') as { micro: bigint }).micro +
      (parsePercentage('0.2') as { micro: bigint }).micro;
    expect(formatPercentage(sum)).toBe('0.3');
  });
});

describe('numeric(9,6) round trip', () => {
  it.each([
    ['8.875000', 8_875_000n],
    ['0.000000', 0n],
    ['100.000000', 100_000_000n],
  ])('reads %p as %p and writes it back', (numeric, micro) => {
    expect(percentageMicroFromNumeric(numeric)).toBe(micro);
    expect(percentageToNumeric(micro)).toBe(numeric);
  });
});
