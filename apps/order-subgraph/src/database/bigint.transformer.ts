import type { ValueTransformer } from 'typeorm';

/**
 * bigint columns as JS numbers. Amounts are bounded by the API (GraphQL Int, 32 bits) and order
 * numbers by the store's order count, so they stay far inside Number.MAX_SAFE_INTEGER.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
