import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { drainInBatches } from '@platform/database';
import { OperationStatus } from '@platform/queue';
import { DataSource } from 'typeorm';
import { BULK_RETENTION_DAYS } from './bulk-limits';
import { BULK_PURGE_EVERY_MS } from './bulk.jobs';
import { errorMessage } from '@platform/errors';

/** Operations deleted per statement (their chunks go with them, ON DELETE CASCADE). */
const PURGE_BATCH = 100;

/**
 * Every hour, in the worker: deletes the payload of imports that ended (a COMPLETED import's is
 * deleted by its own commit; a FAILED one's is not needed any more), and every operation that
 * ended more than BULK_RETENTION_DAYS ago with its lines. Idempotent, safe on every replica;
 * a failed run is logged and tried again at the next tick.
 */
@Injectable()
export class BulkRetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BulkRetentionService.name);
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly dataSource: DataSource) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), BULK_PURGE_EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

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

  private async tick(): Promise<void> {
    try {
      const purged = await this.purge();
      if (purged.operations > 0) this.logger.log(`deleted ${purged.operations} ended bulk operations`);
    } catch (error) {
      this.logger.warn(`bulk purge failed: ${errorMessage(error)}`);
    }
  }
}
