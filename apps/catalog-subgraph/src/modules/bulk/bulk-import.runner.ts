import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationContext } from '@platform/queue';
import type { EntityManager } from 'typeorm';
import { MAX_STORED_ERRORS } from './bulk-limits';
import { CatalogBulkOperationEntity, SkuImportMode } from './bulk-operation.entity';
import { BulkOperationsRepository } from './bulk-operations.repository';
import { BulkSkusRepository, type SkuToWrite } from './bulk-skus.repository';
import { CatalogBulkFailureCode } from './bulk.errors';
import { contentLinesOf } from './jsonl-chunks';
import { LineErrorList } from './line-errors';
import { SkuLineValidator, skuRowOf } from './sku-lines';

interface LineError {
  readonly line: number;
  readonly message: string;
}

interface CodedLine {
  readonly line: number;
  readonly code: string;
}

/**
 * One SKU import, run by the worker inside OperationRunner.execute. All or nothing:
 * 1. every line is checked (SkuLineValidator: createSku's rules; codes unique in the file; in
 *    CREATE mode not taken in the store, in UPSERT mode present and not archived), chunk by
 *    chunk, nothing written; any refused line fails the import with INVALID_LINES and the first
 *    MAX_STORED_ERRORS line errors;
 * 2. otherwise the returned commit writes every line, one multi-row INSERT … ON CONFLICT per
 *    chunk, in the transaction that completes the operation: a crash or a retry never leaves half
 *    an import, and a late duplicate run writes nothing. A code taken or archived by someone else
 *    between 1 and 2 aborts the commit with a retryable error: the retry finds it in step 1.
 * Memory holds one chunk of lines plus the file's codes.
 */
@Injectable()
export class BulkImportRunner {
  constructor(
    private readonly operations: BulkOperationsRepository,
    private readonly skus: BulkSkusRepository,
    private readonly validator: SkuLineValidator,
  ) {}

  async run({ record }: OperationContext<CatalogBulkOperationEntity>): Promise<OperationCommit> {
    const upsert = record.mode === SkuImportMode.UPSERT;
    const errors = new LineErrorList(MAX_STORED_ERRORS);
    const codes = new Map<string, number>();
    let processed = 0;
    await this.operations.progress(record.id, 0);
    for await (const chunk of this.operations.chunks(record.id)) {
      const refused: LineError[] = [];
      const coded: CodedLine[] = [];
      for (const { line, text } of contentLinesOf(chunk)) {
        processed += 1;
        const checked = await this.validator.check(text);
        if (!checked.ok) {
          refused.push({ line, message: checked.message });
          continue;
        }
        const code = checked.row.code;
        if (code === null) {
          if (upsert)
            refused.push({ line, message: 'code is required in UPSERT mode: it finds the SKU to replace' });
          continue;
        }
        const earlier = codes.get(code);
        if (earlier !== undefined) {
          refused.push({
            line,
            message: `code "${code}" is also on line ${earlier}; a code appears once per import`,
          });
          continue;
        }
        codes.set(code, line);
        coded.push({ line, code });
      }
      refused.push(...(await this.storedCodeErrors(record.storeId, coded, upsert)));
      refused.sort((a, b) => a.line - b.line);
      for (const e of refused) errors.add(e.line, e.message);
      await this.operations.progress(record.id, processed);
    }
    if (processed !== record.totalLines)
      throw new PermanentFailure(
        CatalogBulkFailureCode.PAYLOAD_MISSING,
        `the stored payload holds ${processed} of the ${record.totalLines} lines received`,
      );
    if (errors.count > 0) {
      await this.operations.recordLineErrors(record.id, errors.count, errors.errors);
      throw new PermanentFailure(
        CatalogBulkFailureCode.INVALID_LINES,
        `${errors.count} of ${record.totalLines} lines were refused (see errors); nothing was imported`,
      );
    }
    return (manager) => this.write(manager, record, upsert);
  }

  /** CREATE: codes the store already has. UPSERT: codes of archived SKUs (they cannot change). */
  private async storedCodeErrors(
    storeId: string,
    lines: readonly CodedLine[],
    upsert: boolean,
  ): Promise<LineError[]> {
    if (lines.length === 0) return [];
    const stored = await this.skus.findCodes(
      storeId,
      lines.map((l) => l.code),
    );
    const statusOf = new Map(stored.map((s) => [s.code, s.status]));
    const errors: LineError[] = [];
    for (const { line, code } of lines) {
      const status = statusOf.get(code);
      if (status === undefined) continue;
      if (!upsert) errors.push({ line, message: `a sku with code "${code}" already exists in this store` });
      else if (status === 'ARCHIVED')
        errors.push({ line, message: `the sku with code "${code}" is archived and can no longer change` });
    }
    return errors;
  }

  private async write(
    manager: EntityManager,
    record: CatalogBulkOperationEntity,
    upsert: boolean,
  ): Promise<void> {
    const operations = this.operations.boundTo(manager);
    const skus = this.skus.boundTo(manager);
    const at = new Date();
    let created = 0;
    let updated = 0;
    for await (const chunk of operations.chunks(record.id)) {
      const rows: (SkuToWrite & { line: number })[] = [];
      for (const { line, text } of contentLinesOf(chunk))
        rows.push({ line, id: randomUUID(), row: skuRowOf(JSON.parse(text) as Record<string, unknown>) });
      if (rows.length === 0) continue;
      const written = await skus.write(record.storeId, rows, upsert, at);
      if (written.length < rows.length) {
        const codes = new Set(written.map((w) => w.code));
        const lost = rows.find((r) => !codes.has(r.row.code));
        throw new Error(
          `line ${lost?.line ?? '?'}: code "${lost?.row.code ?? '?'}" was taken or archived while the import ran; checking the lines again`,
        );
      }
      const ids = new Set(rows.map((r) => r.id));
      const inserted = written.filter((w) => ids.has(w.id)).length;
      created += inserted;
      updated += written.length - inserted;
    }
    await operations.deleteChunks(record.id);
    await operations.recordImportTotals(record.id, created, updated);
  }
}
