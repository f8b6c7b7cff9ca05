import type { ValueTransformer } from 'typeorm';

/**
 * A bigint column as a JS number, where the application bounds its values far inside
 * Number.MAX_SAFE_INTEGER (amounts in minor or micro units, per-store counters); pg hands bigint
 * back as a string.
 */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
