import { Injectable } from '@nestjs/common';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { DataSource } from 'typeorm';
import { CHUNK_LINES } from './bulk-limits';
import { BulkChunksRepository } from './bulk-chunks.repository';
import type { CatalogBulkOperationEntity } from './bulk-operation.entity';
import { SKU_KIND, SkuRow, skuLineOf } from './sku-lines';

interface StoredSku extends SkuRow {
  readonly id: string;
  readonly createdAt: Date;
}

interface Cursor {
  readonly createdAt: Date | '-infinity';
  readonly id: string;
}

/** Before every (created_at, id): the first page. */
const START: Cursor = { createdAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

/**
 * One SKU export, run by the worker inside OperationRunner.execute: every SKU of the store that
 * is not archived, in keyset order (created_at, id) over records_store_kind_created_idx, one page
 * of CHUNK_LINES per query, each page stored at once as one chunk of the result (memory: one
 * page). Each page is its own short read: a SKU created during the export may be included (it
 * sorts last), one archived during it may be too; every SKU that stays unchanged is written
 * exactly once. An attempt starts by deleting what an earlier, interrupted one wrote; the
 * result is served only once the commit marked the operation COMPLETED with its totals.
 */
@Injectable()
export class BulkExportRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly chunks: BulkChunksRepository,
  ) {}

  async run({ record }: OperationContext<CatalogBulkOperationEntity>): Promise<OperationCommit> {
    const manager = this.dataSource.manager;
    await this.chunks.deleteAll(manager, record.id);
    await this.chunks.progress(record.id, 0);
    let after: Cursor = START;
    let written = 0;
    let bytes = 0;
    for (;;) {
      const page = await this.page(record.storeId, after);
      if (page.length === 0) break;
      const jsonl = page.map(skuLineOf).join('\n');
      await this.chunks.append(manager, record.id, { firstLine: written + 1, lineCount: page.length, jsonl });
      written += page.length;
      bytes += Buffer.byteLength(jsonl, 'utf8') + 1; // served with a "\n" after every line
      await this.chunks.progress(record.id, written);
      const last = page[page.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
      if (page.length < CHUNK_LINES) break;
    }
    return async (tx) => {
      await tx.query(
        `UPDATE "catalog"."bulk_operations" SET total_lines = $2, processed_lines = $2, jsonl_bytes = $3 WHERE id = $1`,
        [record.id, written, bytes],
      );
    };
  }

  private page(storeId: string, after: Cursor): Promise<StoredSku[]> {
    return this.dataSource.query(
      `SELECT id, name, label, code, status, data, created_at AS "createdAt"
         FROM "catalog"."records"
        WHERE store_id = $1 AND kind = $2 AND status <> 'ARCHIVED'
          AND (created_at, id) > ($3::timestamptz, $4::uuid)
        ORDER BY created_at, id
        LIMIT $5`,
      [storeId, SKU_KIND.kind, after.createdAt, after.id, CHUNK_LINES],
    );
  }
}
