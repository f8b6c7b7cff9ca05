import { Injectable } from '@nestjs/common';
import { drainInBatches } from '@platform/database';
import { OperationStatus } from '@platform/queue';
import { DataSource } from 'typeorm';
import { BULK_RETENTION_DAYS } from './bulk-limits';

/** Operations deleted per statement (their chunks go with them, ON DELETE CASCADE). */
const PURGE_BATCH = 100;

/**
 * Deletes the payload of imports that ended (a COMPLETED import's is deleted by its own commit; a
 * FAILED one's is not needed any more), and every operation that ended more than
 * BULK_RETENTION_DAYS ago with its lines. Idempotent, safe from several workers at once; run
 * every hour by a job scheduler in the worker (BulkRetentionModule).
 */
@Injectable()
export class BulkRetentionService {
  constructor(private readonly dataSource: DataSource) {}

  /** Returns how many ended imports lost their payload and how many operations were deleted. */
  async purge(): Promise<{ payloads: number; operations: number }> {
    const payloads = await drainInBatches(
      this.dataSource,
      `DELETE FROM "catalog"."bulk_operation_chunks" c
        WHERE c.operation_id IN (
          SELECT o.id FROM "catalog"."bulk_operations" o
           WHERE o.type = 'IMPORT' AND o.status <> $1
             AND EXISTS (SELECT 1 FROM "catalog"."bulk_operation_chunks" x WHERE x.operation_id = o.id)
           LIMIT $2)`,
      [OperationStatus.EXECUTING],
      PURGE_BATCH,
    );
    const operations = await drainInBatches(
      this.dataSource,
      `DELETE FROM "catalog"."bulk_operations"
        WHERE id IN (
          SELECT id FROM "catalog"."bulk_operations"
           WHERE completed_at < now() - make_interval(days => $1)
           LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [BULK_RETENTION_DAYS],
      PURGE_BATCH,
    );
    return { payloads, operations };
  }
}
