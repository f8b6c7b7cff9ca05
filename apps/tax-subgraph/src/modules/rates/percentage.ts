/**
 * Tax percentages as exact decimals, never floats: a string of up to three integer digits and
 * up to six decimals, 0 to 100 inclusive, kept as an integer count of millionths of a percent
 * (`micro`) in arithmetic and as numeric(9,6) in PostgreSQL.
 */
export const PERCENTAGE_PATTERN = /^\d{1,3}(\.\d{1,6})?$/;

/** 100 % in millionths of a percent. */
export const MAX_PERCENTAGE_MICRO = 100_000_000n;

export type PercentageParse =
  | { readonly ok: true; readonly micro: bigint; readonly canonical: string }
  | { readonly ok: false; readonly code: 'INVALID_FORMAT' | 'OUT_OF_RANGE'; readonly message: string };

function toMicro(text: string): bigint {
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
}

/** "8.875" → 8.875 %; refuses exponents, signs, spaces, commas, more than 6 decimals and values above 100. */
export function parsePercentage(text: string): PercentageParse {
  if (!PERCENTAGE_PATTERN.test(text)) {
    return {
      ok: false,
      code: 'INVALID_FORMAT',
      message:
        'percentage must be a decimal string such as "8.875": digits, optionally a dot and 1 to 6 decimals',
    };
  }
  const micro = toMicro(text);
  if (micro > MAX_PERCENTAGE_MICRO) {
    return { ok: false, code: 'OUT_OF_RANGE', message: 'percentage must be between 0 and 100' };
  }
  return { ok: true, micro, canonical: formatPercentage(micro) };
}

/** The shortest exact decimal: 8875000n → "8.875", 10000000n → "10", 0n → "0". */
export function formatPercentage(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole.toString();
}

/** A numeric(9,6) value as PostgreSQL returns it ("8.875000") → millionths of a percent. */
export function percentageMicroFromNumeric(value: string): bigint {
  if (!/^\d+(\.\d+)?$/.test(value)) throw new Error(`not a stored percentage: ${value}`);
  const [whole, fraction = ''] = value.split('.');
  return BigInt(whole) * 1_000_000n + BigInt(fraction.slice(0, 6).padEnd(6, '0'));
}

/** Millionths of a percent → the numeric(9,6) literal to store ("8.875000"). */
export function percentageToNumeric(micro: bigint): string {
  return `${micro / 1_000_000n}.${(micro % 1_000_000n).toString().padStart(6, '0')}`;
}
