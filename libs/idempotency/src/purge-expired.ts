import type { DataSource } from 'typeorm';
import { drainInBatches } from '@platform/database';

/**
 * One batch: rows past their expiry, oldest first along the expires_at index. SKIP LOCKED leaves
 * a row that a request is taking over right now to that request; the outer condition re-checks
 * expiry on the locked row.
 */
const PURGE_BATCH = `
DELETE FROM "idempotency"."idempotency_records"
WHERE ("credential_id", "route", "idempotency_key") IN (
  SELECT "credential_id", "route", "idempotency_key" FROM "idempotency"."idempotency_records"
  WHERE "expires_at" <= $1
  ORDER BY "expires_at"
  LIMIT $2
  FOR UPDATE SKIP LOCKED)
AND "expires_at" <= $1`;

export const DEFAULT_PURGE_BATCH_SIZE = 1000;

/**
 * Deletes every idempotency record that expired at or before `now`, in batches of `batchSize`
 * (short statements, short locks). Returns how many rows it deleted. Safe to run concurrently.
 */
export function purgeExpired(
  dataSource: DataSource,
  now: Date,
  batchSize = DEFAULT_PURGE_BATCH_SIZE,
): Promise<number> {
  return drainInBatches(dataSource, PURGE_BATCH, [now], batchSize);
}
