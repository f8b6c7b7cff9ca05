import type { DataSource } from 'typeorm';

/**
 * Deletes expired store attributes of every store, `batchSize` rows at a time along the
 * `expires_at` index; `FOR UPDATE SKIP LOCKED`, so several workers purging at once skip each
 * other's rows. Reads never depend on it (they filter on `expires_at > now()`). Returns how many
 * rows went.
 */
export async function purgeExpiredStoreAttributes(dataSource: DataSource, batchSize = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const [, affected]: [unknown[], number] = await dataSource.query(
      `DELETE FROM "commerce"."store_attributes"
       WHERE ("store_id", "name") IN (
         SELECT "store_id", "name" FROM "commerce"."store_attributes"
         WHERE "expires_at" <= now() ORDER BY "expires_at" LIMIT $1 FOR UPDATE SKIP LOCKED)`,
      [batchSize],
    );
    total += affected;
    if (affected < batchSize) return total;
  }
}
