import { Injectable } from '@nestjs/common';
import { BULK_RETENTION_DAYS } from './bulk-limits';
import { BulkOperationsRepository } from './bulk-operations.repository';

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
  constructor(private readonly operations: BulkOperationsRepository) {}

  /** Returns how many ended imports lost their payload and how many operations were deleted. */
  async purge(): Promise<{ payloads: number; operations: number }> {
    const payloads = await this.operations.purgeEndedImportPayloads(PURGE_BATCH);
    const operations = await this.operations.purgeEndedBefore(BULK_RETENTION_DAYS, PURGE_BATCH);
    return { payloads, operations };
  }
}
