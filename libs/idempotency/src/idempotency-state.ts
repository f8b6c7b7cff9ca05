/** IN_FLIGHT: a request holds the key and runs; COMPLETED: its response is stored for replay. */
export const IdempotencyState = {
  IN_FLIGHT: 'IN_FLIGHT',
  COMPLETED: 'COMPLETED',
} as const;

export type IdempotencyState = (typeof IdempotencyState)[keyof typeof IdempotencyState];
