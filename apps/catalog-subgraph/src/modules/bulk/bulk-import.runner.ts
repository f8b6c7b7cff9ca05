import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { OperationStatus, PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { DataSource, EntityManager } from 'typeorm';
import { MAX_STORED_ERRORS } from './bulk-limits';
import { BulkChunksRepository } from './bulk-chunks.repository';
import { CatalogBulkOperationEntity, SkuImportMode } from './bulk-operation.entity';
import { CatalogBulkFailureCode } from './bulk.errors';
import { contentLinesOf } from './jsonl-chunks';
import { LineErrorList } from './line-errors';
import { SKU_KIND, SkuLineValidator, SkuRow, skuRowOf } from './sku-lines';

interface LineError {
  readonly line: number;
  readonly message: string;
}

interface CodedLine {
  readonly line: number;
  readonly code: string;
}

/** The row of every line: its own columns from unnest, the store, kind and time from $1, $2, $9. */
const SELECT_ROWS = `SELECT u.id, $1::uuid, $2::varchar, u.name, u.label, u.code, u.status, NULL, u.data,
         $9::timestamptz, $9::timestamptz, NULL`;
const UNNEST = `unnest($3::uuid[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[], $8::jsonb[])
                  AS u(id, name, label, code, status, data)`;

/** CREATE: a code the store has (or gets meanwhile) is not inserted, and RETURNING leaves it out. */
const INSERT_SQL = `
  INSERT INTO "catalog"."records"
    (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
  ${SELECT_ROWS} FROM ${UNNEST}
  ON CONFLICT (store_id, kind, code) WHERE code IS NOT NULL DO NOTHING
  RETURNING id, code`;

/**
 * UPSERT: a code the store has replaces that SKU's fields (id, createdAt kept) unless it is
 * archived, in which case RETURNING leaves it out.
 */
const UPSERT_SQL = `
  INSERT INTO "catalog"."records"
    (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
  ${SELECT_ROWS} FROM ${UNNEST}
  ON CONFLICT (store_id, kind, code) WHERE code IS NOT NULL DO UPDATE
     SET name = EXCLUDED.name, label = EXCLUDED.label, status = EXCLUDED.status,
         data = EXCLUDED.data, updated_at = EXCLUDED.updated_at
   WHERE "records".status <> 'ARCHIVED'
  RETURNING id, code`;

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
    private readonly dataSource: DataSource,
    private readonly chunks: BulkChunksRepository,
    private readonly validator: SkuLineValidator,
  ) {}

  async run({ record }: OperationContext<CatalogBulkOperationEntity>): Promise<OperationCommit> {
    const upsert = record.mode === SkuImportMode.UPSERT;
    const errors = new LineErrorList(MAX_STORED_ERRORS);
    const codes = new Map<string, number>();
    let processed = 0;
    await this.chunks.progress(record.id, 0);
    for await (const chunk of this.chunks.chunks(record.id)) {
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
      await this.chunks.progress(record.id, processed);
    }
    if (processed !== record.totalLines)
      throw new PermanentFailure(
        CatalogBulkFailureCode.PAYLOAD_MISSING,
        `the stored payload holds ${processed} of the ${record.totalLines} lines received`,
      );
    if (errors.count > 0) {
      await this.refuse(record.id, errors);
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
    const stored: { code: string; status: string }[] = await this.dataSource.query(
      `SELECT code, status FROM "catalog"."records" WHERE store_id = $1 AND kind = $2 AND code = ANY($3::varchar[])`,
      [storeId, SKU_KIND.kind, lines.map((l) => l.code)],
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

  private async refuse(operationId: string, errors: LineErrorList): Promise<void> {
    await this.dataSource.query(
      `UPDATE "catalog"."bulk_operations" SET failed_count = $2, line_errors = $3::jsonb, updated_at = now()
        WHERE id = $1 AND status = $4`,
      [operationId, errors.count, JSON.stringify(errors.errors), OperationStatus.EXECUTING],
    );
  }

  private async write(
    manager: EntityManager,
    record: CatalogBulkOperationEntity,
    upsert: boolean,
  ): Promise<void> {
    const at = new Date();
    let created = 0;
    let updated = 0;
    for await (const chunk of this.chunks.chunks(record.id, manager)) {
      const rows: { line: number; id: string; row: SkuRow }[] = [];
      for (const { line, text } of contentLinesOf(chunk))
        rows.push({ line, id: randomUUID(), row: skuRowOf(JSON.parse(text) as Record<string, unknown>) });
      if (rows.length === 0) continue;
      const written: { id: string; code: string | null }[] = await manager.query(
        upsert ? UPSERT_SQL : INSERT_SQL,
        [
          record.storeId,
          SKU_KIND.kind,
          rows.map((r) => r.id),
          rows.map((r) => r.row.name),
          rows.map((r) => r.row.label),
          rows.map((r) => r.row.code),
          rows.map((r) => r.row.status),
          rows.map((r) => JSON.stringify(r.row.data)),
          at,
        ],
      );
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
    await this.chunks.deleteAll(manager, record.id);
    // clock_timestamp(): the runner stamps the start of this transaction, seconds before the writes end.
    await manager.query(
      `UPDATE "catalog"."bulk_operations"
          SET created_count = $2, updated_count = $3, processed_lines = total_lines,
              completed_at = clock_timestamp(), updated_at = clock_timestamp()
        WHERE id = $1`,
      [record.id, created, updated],
    );
  }
}
