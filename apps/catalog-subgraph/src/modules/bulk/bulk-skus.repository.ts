import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { SKU_KIND, SkuRow } from './sku-lines';

/** A stored SKU as an export reads it. */
export interface StoredSku extends SkuRow {
  readonly id: string;
  readonly createdAt: Date;
}

/** Where an export's next page starts: after this (created_at, id). */
export interface SkuCursor {
  readonly createdAt: Date | '-infinity';
  readonly id: string;
}

/** A line of an import to write, with the id it gets if it is new. */
export interface SkuToWrite {
  readonly id: string;
  readonly row: SkuRow;
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
 * A store's SKUs (`catalog.records` of kind SKU) as bulk operations read and write them: an
 * export's keyset pages, an import's code checks and its multi-row writes. `boundTo(manager)` is a
 * copy bound to the transaction that completes an import.
 */
@Injectable()
export class BulkSkusRepository {
  constructor(private readonly manager: EntityManager) {}

  /** This repository in `manager`'s transaction. */
  boundTo(manager: EntityManager): BulkSkusRepository {
    return new BulkSkusRepository(manager);
  }

  /**
   * Up to `limit` SKUs of the store that are not archived, after `after` in (created_at, id)
   * order, over records_store_kind_created_idx.
   */
  pageAfter(storeId: string, after: SkuCursor, limit: number): Promise<StoredSku[]> {
    return this.manager.query(
      `SELECT id, name, label, code, status, data, created_at AS "createdAt"
         FROM "catalog"."records"
        WHERE store_id = $1 AND kind = $2 AND status <> 'ARCHIVED'
          AND (created_at, id) > ($3::timestamptz, $4::uuid)
        ORDER BY created_at, id
        LIMIT $5`,
      [storeId, SKU_KIND.kind, after.createdAt, after.id, limit],
    );
  }

  /** Which of `codes` the store's SKUs have, with the status of each. */
  findCodes(storeId: string, codes: readonly string[]): Promise<{ code: string; status: string }[]> {
    return this.manager.query(
      `SELECT code, status FROM "catalog"."records" WHERE store_id = $1 AND kind = $2 AND code = ANY($3::varchar[])`,
      [storeId, SKU_KIND.kind, codes],
    );
  }

  /**
   * Writes `rows` in one statement: inserted (CREATE, a taken code left out) or upserted by code
   * (UPSERT, an archived SKU left out). Returns the rows written: a new one has the id given.
   */
  write(
    storeId: string,
    rows: readonly SkuToWrite[],
    upsert: boolean,
    at: Date,
  ): Promise<{ id: string; code: string | null }[]> {
    return this.manager.query(upsert ? UPSERT_SQL : INSERT_SQL, [
      storeId,
      SKU_KIND.kind,
      rows.map((r) => r.id),
      rows.map((r) => r.row.name),
      rows.map((r) => r.row.label),
      rows.map((r) => r.row.code),
      rows.map((r) => r.row.status),
      rows.map((r) => JSON.stringify(r.row.data)),
      at,
    ]);
  }
}
