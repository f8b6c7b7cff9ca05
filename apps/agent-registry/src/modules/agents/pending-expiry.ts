import { drainInBatches } from '@platform/database';
import type { DataSource } from 'typeorm';

/**
 * One batch of lapsed PENDING_VALIDATION registrations → EXPIRED, along the partial index
 * agents_pending_expiry_idx. SKIP LOCKED leaves a row another worker holds to that worker.
 */
const EXPIRE_BATCH = `
UPDATE "agents"."agents" SET "status" = 'EXPIRED', "updated_at" = $1
WHERE "agent_id" IN (
  SELECT "agent_id" FROM "agents"."agents"
  WHERE "status" = 'PENDING_VALIDATION' AND "expires_at" <= $1
  ORDER BY "expires_at"
  LIMIT $2
  FOR UPDATE SKIP LOCKED)
AND "status" = 'PENDING_VALIDATION'`;

/**
 * Expires every PENDING_VALIDATION registration whose expiresAt is at or before `now`, in
 * batches; returns how many. The ansName stays taken (ANS: a name is consumed for good).
 */
export function expirePendingRegistrations(
  dataSource: DataSource,
  now: Date,
  batchSize = 500,
): Promise<number> {
  return drainInBatches(dataSource, EXPIRE_BATCH, [now], batchSize);
}
