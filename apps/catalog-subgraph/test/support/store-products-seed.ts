import { randomBytes } from 'node:crypto';

/** Anything that runs parameterised SQL: a TypeORM DataSource or EntityManager, a pg Client or Pool. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

export interface StoreProductsSeed {
  /** SKU groups to create (products). */
  readonly groups: number;
  /** SKUs per group (variants); default 1. */
  readonly skusPerGroup?: number;
  /** Group `i` is named `${namePrefix} ${i}`, its SKU `j` `${namePrefix} ${i}-${j}`; default 'Seed product'. */
  readonly namePrefix?: string;
  /** Price of SKU j of group i: basePrice + i, minor units; default 1000. */
  readonly basePrice?: number;
  readonly currencyCode?: string;
  /** Records' createdAt: `createdFrom` + n ms for the n-th group (SKUs beside theirs); default now. */
  readonly createdFrom?: Date;
}

export interface SeededStoreProducts {
  /** Group ids in creation (search) order. */
  readonly groupIds: string[];
  /** SKU ids, group by group, in link order. */
  readonly skuIds: string[];
}

/**
 * Inserts `groups` ACTIVE SKU groups with `skusPerGroup` ACTIVE SKUs each (priced in `data.price`,
 * linked SKU_GROUP:SKU) into a store's catalog in three statements generated server-side
 * (generate_series), as a benchmark needs 100 000 SKUs: no GraphQL, no per-row round trip. Ids are
 * uuids made from a random seed, codes `S<seed>-<i>-<j>` are unique in the store.
 */
export async function seedStoreProducts(
  db: SqlRunner,
  storeId: string,
  seed: StoreProductsSeed,
): Promise<SeededStoreProducts> {
  const perGroup = seed.skusPerGroup ?? 1;
  const prefix = seed.namePrefix ?? 'Seed product';
  const basePrice = seed.basePrice ?? 1000;
  const currency = seed.currencyCode ?? 'USD';
  const from = seed.createdFrom ?? new Date();
  const tag = randomBytes(4).toString('hex');
  // md5 of (tag, kind, i, j) as a uuid: the SKU's group id is computable without a lookup.
  const groupId = (i: string) => `md5('${tag}:g:' || ${i})::uuid`;
  const skuId = (i: string, j: string) => `md5('${tag}:s:' || ${i} || ':' || ${j})::uuid`;
  const groupRows = rowsOf<{ id: string }>(
    await db.query(
      `INSERT INTO "catalog"."records" (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
     SELECT ${groupId('i')}, $1, 'SKU_GROUP', $2 || ' ' || i, NULL, NULL, 'ACTIVE', NULL,
            jsonb_build_object('description', 'Seeded group ' || i),
            $3::timestamptz + make_interval(secs => i / 1000.0), $3::timestamptz + make_interval(secs => i / 1000.0), NULL
       FROM generate_series(1, $4::int) AS i
     RETURNING id::text AS id`,
      [storeId, prefix, from, seed.groups],
    ),
  );
  const skuRows = rowsOf<{ id: string }>(
    await db.query(
      `INSERT INTO "catalog"."records" (id, store_id, kind, name, label, code, status, parent_id, data, created_at, updated_at, archived_at)
     SELECT ${skuId('i', 'j')}, $1, 'SKU', $2 || ' ' || i || '-' || j, NULL, 'S' || $3 || '-' || i || '-' || j, 'ACTIVE', NULL,
            jsonb_build_object('price', jsonb_build_object('value', $4::int + i, 'currencyCode', $5::text)),
            $6::timestamptz + make_interval(secs => i / 1000.0), $6::timestamptz + make_interval(secs => i / 1000.0), NULL
       FROM generate_series(1, $7::int) AS i, generate_series(1, $8::int) AS j
      ORDER BY i, j
     RETURNING id::text AS id`,
      [storeId, prefix, tag, basePrice, currency, from, seed.groups, perGroup],
    ),
  );
  await db.query(
    `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
     SELECT ${groupId('i')}, 'SKU_GROUP:SKU', (${skuId('i', 'j')})::text, $1, j,
            $2::timestamptz + make_interval(secs => i / 1000.0)
       FROM generate_series(1, $3::int) AS i, generate_series(1, $4::int) AS j`,
    [storeId, from, seed.groups, perGroup],
  );
  return { groupIds: groupRows.map((r) => r.id), skuIds: skuRows.map((r) => r.id) };
}

/** A DataSource answers the rows, a pg Client a result holding them. */
function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
