import { Injectable } from '@nestjs/common';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { CHUNK_LINES } from './bulk-limits';
import type { CatalogBulkOperationEntity } from './bulk-operation.entity';
import { BulkOperationsRepository } from './bulk-operations.repository';
import { BulkSkusRepository, type SkuCursor } from './bulk-skus.repository';
import { skuLineOf } from './sku-lines';

/** Before every (created_at, id): the first page. */
const START: SkuCursor = { createdAt: '-infinity', id: '00000000-0000-0000-0000-000000000000' };

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
    private readonly operations: BulkOperationsRepository,
    private readonly skus: BulkSkusRepository,
  ) {}

  async run({ record }: OperationContext<CatalogBulkOperationEntity>): Promise<OperationCommit> {
    await this.operations.deleteChunks(record.id);
    await this.operations.progress(record.id, 0);
    let after: SkuCursor = START;
    let written = 0;
    let bytes = 0;
    for (;;) {
      const page = await this.skus.pageAfter(record.storeId, after, CHUNK_LINES);
      if (page.length === 0) break;
      const jsonl = page.map(skuLineOf).join('\n');
      await this.operations.append(record.id, { firstLine: written + 1, lineCount: page.length, jsonl });
      written += page.length;
      bytes += Buffer.byteLength(jsonl, 'utf8') + 1; // served with a "\n" after every line
      await this.operations.progress(record.id, written);
      const last = page[page.length - 1];
      after = { createdAt: last.createdAt, id: last.id };
      if (page.length < CHUNK_LINES) break;
    }
    return (tx) => this.operations.boundTo(tx).recordExportTotals(record.id, written, bytes);
  }
}
