import { Injectable } from '@nestjs/common';
import { drainInBatches } from '@platform/database';
import { OperationStatus } from '@platform/queue';
import { EntityManager } from 'typeorm';
import { CatalogBulkOperationEntity } from './bulk-operation.entity';
import type { JsonlChunk } from './jsonl-chunks';

/** Chunks written per INSERT when an import is stored (about 2.5 MB of JSON Lines). */
const CHUNKS_PER_INSERT = 10;

/**
 * Bulk operations (`catalog.bulk_operations`) and their stored JSON Lines
 * (`catalog.bulk_operation_chunks`: an import's payload, an export's result), as the API, the
 * worker's runners and the retention job use them. `boundTo(manager)` is a copy bound to the
 * transaction OperationRunner opens (the start's `alsoWrite`, a runner's commit).
 */
@Injectable()
export class BulkOperationsRepository {
  constructor(private readonly manager: EntityManager) {}

  /** This repository in `manager`'s transaction. */
  boundTo(manager: EntityManager): BulkOperationsRepository {
    return new BulkOperationsRepository(manager);
  }

  findInStore(storeId: string, id: string): Promise<CatalogBulkOperationEntity | null> {
    return this.manager.getRepository(CatalogBulkOperationEntity).findOneBy({ id, storeId });
  }

  /**
   * The store's operations EXECUTING, this transaction's new one included, once the store's
   * starts are serialised by a transaction lock (two concurrent starts cannot both count one less).
   */
  async countExecutingLocked(storeId: string): Promise<number> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `catalog-bulk:${storeId}`,
    ]);
    const [{ executing }]: { executing: number }[] = await this.manager.query(
      `SELECT count(*)::int AS executing FROM "catalog"."bulk_operations" WHERE store_id = $1 AND status = $2`,
      [storeId, OperationStatus.EXECUTING],
    );
    return executing;
  }

  /** The operation's chunks in line order, read one at a time (memory: one chunk). */
  async *chunks(operationId: string): AsyncGenerator<JsonlChunk> {
    let after = 0;
    for (;;) {
      const [chunk]: JsonlChunk[] = await this.manager.query(
        `SELECT first_line AS "firstLine", line_count AS "lineCount", jsonl
           FROM "catalog"."bulk_operation_chunks"
          WHERE operation_id = $1 AND first_line > $2
          ORDER BY first_line LIMIT 1`,
        [operationId, after],
      );
      if (!chunk) return;
      yield chunk;
      after = chunk.firstLine;
    }
  }

  /** The chunks holding lines `from` to `to − 1` (the one where `from` falls, and those after it). */
  chunksHoldingLines(
    operationId: string,
    from: number,
    to: number,
  ): Promise<Pick<JsonlChunk, 'firstLine' | 'jsonl'>[]> {
    return this.manager.query(
      `SELECT first_line AS "firstLine", jsonl FROM "catalog"."bulk_operation_chunks"
        WHERE operation_id = $1 AND first_line < $3
          AND first_line >= COALESCE((SELECT max(first_line) FROM "catalog"."bulk_operation_chunks"
                                       WHERE operation_id = $1 AND first_line <= $2), 1)
        ORDER BY first_line`,
      [operationId, from, to],
    );
  }

  async append(operationId: string, chunk: JsonlChunk): Promise<void> {
    await this.insertChunks(operationId, [chunk]);
  }

  /** Stores `chunks`, CHUNKS_PER_INSERT per statement. */
  async insertChunks(operationId: string, chunks: readonly JsonlChunk[]): Promise<void> {
    // Plain parameters, not arrays: pg would copy every text again to escape it into an array literal.
    for (let i = 0; i < chunks.length; i += CHUNKS_PER_INSERT) {
      const group = chunks.slice(i, i + CHUNKS_PER_INSERT);
      await this.manager.query(
        `INSERT INTO "catalog"."bulk_operation_chunks" (operation_id, first_line, line_count, jsonl) VALUES ${group
          .map((_, k) => `($1, $${3 * k + 2}, $${3 * k + 3}, $${3 * k + 4})`)
          .join(', ')}`,
        [operationId, ...group.flatMap((c) => [c.firstLine, c.lineCount, c.jsonl])],
      );
    }
  }

  async deleteChunks(operationId: string): Promise<void> {
    await this.manager.query(`DELETE FROM "catalog"."bulk_operation_chunks" WHERE operation_id = $1`, [
      operationId,
    ]);
  }

  /** Progress of an operation still EXECUTING (a late write to an ended one changes nothing). */
  async progress(operationId: string, processedLines: number): Promise<void> {
    await this.manager.query(
      `UPDATE "catalog"."bulk_operations" SET processed_lines = $2, updated_at = now()
        WHERE id = $1 AND status = $3`,
      [operationId, processedLines, OperationStatus.EXECUTING],
    );
  }

  /** An import's refused lines (the first stored ones) and their count, while it is EXECUTING. */
  async recordLineErrors(
    operationId: string,
    failedCount: number,
    lineErrors: readonly { line: number; message: string }[],
  ): Promise<void> {
    await this.manager.query(
      `UPDATE "catalog"."bulk_operations" SET failed_count = $2, line_errors = $3::jsonb, updated_at = now()
        WHERE id = $1 AND status = $4`,
      [operationId, failedCount, JSON.stringify(lineErrors), OperationStatus.EXECUTING],
    );
  }

  /** An export's totals, in its completing commit. */
  async recordExportTotals(operationId: string, lines: number, bytes: number): Promise<void> {
    await this.manager.query(
      `UPDATE "catalog"."bulk_operations" SET total_lines = $2, processed_lines = $2, jsonl_bytes = $3 WHERE id = $1`,
      [operationId, lines, bytes],
    );
  }

  /** An import's counts, in its completing commit, stamped when its writes end. */
  async recordImportTotals(operationId: string, created: number, updated: number): Promise<void> {
    // clock_timestamp(): the runner stamps the start of this transaction, seconds before the writes end.
    await this.manager.query(
      `UPDATE "catalog"."bulk_operations"
          SET created_count = $2, updated_count = $3, processed_lines = total_lines,
              completed_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE id = $1`,
      [operationId, created, updated],
    );
  }

  /** Deletes the payload of imports no longer EXECUTING, `batch` operations per statement; how many chunks. */
  purgeEndedImportPayloads(batch: number): Promise<number> {
    return drainInBatches(
      this.manager.connection,
      `DELETE FROM "catalog"."bulk_operation_chunks" c
        WHERE c.operation_id IN (
          SELECT o.id FROM "catalog"."bulk_operations" o
           WHERE o.type = 'IMPORT' AND o.status <> $1
             AND EXISTS (SELECT 1 FROM "catalog"."bulk_operation_chunks" x WHERE x.operation_id = o.id)
           LIMIT $2)`,
      [OperationStatus.EXECUTING],
      batch,
    );
  }

  /** Deletes operations that ended more than `days` ago (their chunks go with them); how many. */
  purgeEndedBefore(days: number, batch: number): Promise<number> {
    return drainInBatches(
      this.manager.connection,
      `DELETE FROM "catalog"."bulk_operations"
        WHERE id IN (
          SELECT id FROM "catalog"."bulk_operations"
           WHERE completed_at < now() - make_interval(days => $1)
           LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [days],
      batch,
    );
  }
}
