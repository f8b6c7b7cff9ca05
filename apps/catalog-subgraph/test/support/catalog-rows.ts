import { randomUUID } from 'node:crypto';
import type { SqlRunner } from './store-products-seed';

/** A catalog record to insert: kind and store, the rest defaulted (ACTIVE, no code or parent). */
export interface RecordRow {
  readonly storeId: string;
  readonly kind: string;
  readonly id?: string;
  readonly name?: string;
  readonly label?: string | null;
  readonly code?: string | null;
  readonly status?: string;
  readonly parentId?: string | null;
  readonly data?: Record<string, unknown>;
  readonly createdAt?: Date;
}

/**
 * Inserts one `catalog.records` row, for the medium-tier specs of the repositories that read the
 * catalog (no GraphQL); answers its id.
 */
export async function insertRecord(db: SqlRunner, row: RecordRow): Promise<string> {
  const id = row.id ?? randomUUID();
  const at = row.createdAt ?? new Date();
  await db.query(
    `INSERT INTO "catalog"."records" (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, NULL)`,
    [
      id,
      row.storeId,
      row.kind,
      row.name ?? `${row.kind} ${id.slice(0, 8)}`,
      row.label ?? null,
      row.code ?? null,
      row.status ?? 'ACTIVE',
      row.parentId ?? null,
      JSON.stringify(row.data ?? {}),
      at,
    ],
  );
  return id;
}

/** Inserts one `catalog.links` row (`relation` as 'OWNER_KIND:MEMBER_KIND'). */
export async function insertLink(
  db: SqlRunner,
  storeId: string,
  ownerId: string,
  relation: string,
  memberId: string,
  position = 1,
): Promise<void> {
  await db.query(
    `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
     VALUES ($1, $2, $3, $4, $5, now())`,
    [ownerId, relation, memberId, storeId, position],
  );
}
