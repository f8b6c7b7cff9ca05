import type { ValueTransformer } from 'typeorm';

/**
 * bigint columns as JS numbers: micro-unit prices, at most 10 years × the dearest TLD, far below
 * Number.MAX_SAFE_INTEGER.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
