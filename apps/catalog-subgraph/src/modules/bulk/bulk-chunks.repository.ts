import { Injectable } from '@nestjs/common';
import { OperationStatus } from '@platform/queue';
import { DataSource, EntityManager } from 'typeorm';
import type { JsonlChunk } from './jsonl-chunks';

/** Stored JSON Lines of bulk operations, and the progress column the worker moves as it goes. */
@Injectable()
export class BulkChunksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The operation's chunks in line order, read one at a time (memory: one chunk). */
  async *chunks(
    operationId: string,
    manager: EntityManager = this.dataSource.manager,
  ): AsyncGenerator<JsonlChunk> {
    let after = 0;
    for (;;) {
      const [chunk]: JsonlChunk[] = await manager.query(
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

  async append(manager: EntityManager, operationId: string, chunk: JsonlChunk): Promise<void> {
    await manager.query(
      `INSERT INTO "catalog"."bulk_operation_chunks" (operation_id, first_line, line_count, jsonl) VALUES ($1, $2, $3, $4)`,
      [operationId, chunk.firstLine, chunk.lineCount, chunk.jsonl],
    );
  }

  async deleteAll(manager: EntityManager, operationId: string): Promise<void> {
    await manager.query(`DELETE FROM "catalog"."bulk_operation_chunks" WHERE operation_id = $1`, [
      operationId,
    ]);
  }

  /** Progress of an operation still EXECUTING (a late write to an ended one changes nothing). */
  async progress(operationId: string, processedLines: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE "catalog"."bulk_operations" SET processed_lines = $2, updated_at = now()
        WHERE id = $1 AND status = $3`,
      [operationId, processedLines, OperationStatus.EXECUTING],
    );
  }
}
