import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CatalogRecordsRepository } from './catalog-records.repository';

/** The SKUs a location carries (record-kinds.ts); inventory changes link theirs (linkSkuToLocation). */
export const LOCATION_SKUS = 'LOCATION:SKU';

/** Each statement's $1 is the owner, $2 the relation, $3… as the statement says. */
const INSERT_LINKS = `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)`;
/** The position of the owner's last member in the relation (0 without any). */
const LAST_POSITION = `COALESCE((SELECT max(position) FROM "catalog"."links" WHERE owner_id = $1::uuid AND relation = $2::varchar), 0)`;

/** Members of one owner's relation to write, in the order given. */
export interface OwnerMembers {
  readonly storeId: string;
  readonly ownerId: string;
  readonly relation: string;
  readonly memberIds: readonly string[];
}

/** $1 to $4 of a write of OwnerMembers. */
function paramsOf(m: OwnerMembers): unknown[] {
  return [m.ownerId, m.relation, m.storeId, m.memberIds];
}

/** One member of an owner's relation, as a loader's batch reads it. */
export interface LinkRow {
  readonly owner: string;
  readonly memberId: string;
}

/**
 * Members of every catalog relation (`catalog.links`): appended, placed, deleted, their locks and
 * the reads the relation rules need (a tree's ancestors, a location's stock). `transaction(work)`
 * runs `work` with a copy bound to one transaction, whose `records` are the owners in the same
 * transaction (an inventory change's copy hands one out too).
 */
@Injectable()
export class CatalogLinksRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CatalogLinksRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CatalogLinksRepository(manager)));
  }

  /** The catalog records, in this copy's transaction. */
  get records(): CatalogRecordsRepository {
    return new CatalogRecordsRepository(this.manager);
  }

  /** Adds the members after the owner's last one, in the order given; a member it has stays where it is. */
  async append(members: OwnerMembers, at: Date): Promise<void> {
    await this.manager.query(
      `${INSERT_LINKS}
       SELECT $1::uuid, $2::varchar, m.id, $3::uuid,
              ${LAST_POSITION} + m.n,
              $5::timestamptz
         FROM unnest($4::text[]) WITH ORDINALITY AS m(id, n)
       ON CONFLICT DO NOTHING`,
      [...paramsOf(members), at],
    );
  }

  /**
   * Makes the members the owner's positions 1…n in the order given: a new one is added (created
   * `at`), one it has moves there. Members not given are left as they are (deleteAllBut).
   */
  async place(members: OwnerMembers, at: Date): Promise<void> {
    await this.manager.query(
      `${INSERT_LINKS}
       SELECT $1::uuid, $2::varchar, m.id, $3::uuid, m.n, $5::timestamptz
         FROM unnest($4::text[]) WITH ORDINALITY AS m(id, n)
       ON CONFLICT (owner_id, relation, member_id) DO UPDATE SET position = EXCLUDED.position`,
      [...paramsOf(members), at],
    );
  }

  async delete(ownerId: string, relation: string, memberIds: readonly string[]): Promise<void> {
    await this.manager.query(
      `DELETE FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 AND member_id = ANY($3::text[])`,
      [ownerId, relation, memberIds],
    );
  }

  /** Deletes the owner's members other than `memberIds`. */
  async deleteAllBut(ownerId: string, relation: string, memberIds: readonly string[]): Promise<void> {
    await this.manager.query(
      `DELETE FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 AND NOT (member_id = ANY($3::text[]))`,
      [ownerId, relation, memberIds],
    );
  }

  /**
   * Links a SKU to a location (after its last SKU). Already linked: nothing changes, but the link
   * row stays locked until the transaction ends (ON CONFLICT DO UPDATE … WHERE false locks the
   * row it does not update), so a concurrent lockMembers waits for this transaction.
   */
  async linkSkuToLocation(storeId: string, locationId: string, skuId: string, at: Date): Promise<void> {
    await this.manager.query(
      `${INSERT_LINKS}
       SELECT $1::uuid, $2::varchar, $3::text, $4::uuid,
              ${LAST_POSITION} + 1,
              $5::timestamptz
       ON CONFLICT (owner_id, relation, member_id) DO UPDATE SET position = "links".position WHERE false`,
      [locationId, LOCATION_SKUS, skuId, storeId, at],
    );
  }

  /** Locks the owner's links to those members (`FOR UPDATE`, in member order) until the transaction ends. */
  async lockMembers(ownerId: string, relation: string, memberIds: readonly string[]): Promise<void> {
    await this.manager.query(
      `SELECT member_id FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 AND member_id = ANY($3::text[])
        ORDER BY member_id FOR UPDATE`,
      [ownerId, relation, memberIds],
    );
  }

  /** The first of the SKUs (by id) with stock on hand or committed at the location, or null. */
  async firstSkuWithInventory(locationId: string, skuIds: readonly string[]): Promise<string | null> {
    const rows: { sku_id: string }[] = await this.manager.query(
      `SELECT sku_id FROM "catalog"."inventory_counts"
        WHERE location_id = $1 AND sku_id::text = ANY($2::text[]) AND (on_hand <> 0 OR committed <> 0)
        ORDER BY sku_id LIMIT 1`,
      [locationId, skuIds],
    );
    return rows[0]?.sku_id ?? null;
  }

  /** One of `candidates` that is an ancestor of `nodeId` in the relation's tree, or null. */
  async ancestorAmong(
    relation: string,
    nodeId: string,
    candidates: readonly string[],
  ): Promise<string | null> {
    const rows: { id: string }[] = await this.manager.query(
      `WITH RECURSIVE ancestors(id) AS (
         SELECT owner_id::text FROM "catalog"."links" WHERE relation = $1 AND member_id = $2
         UNION
         SELECT l.owner_id::text FROM "catalog"."links" l JOIN ancestors a ON l.member_id = a.id WHERE l.relation = $1
       ) SELECT id FROM ancestors WHERE id = ANY($3::text[]) LIMIT 1`,
      [relation, nodeId, candidates],
    );
    return rows[0]?.id ?? null;
  }

  /** The members of each owner (well-formed uuids) in the relation, in position order. */
  membersOf(storeId: string, relation: string, ownerIds: readonly string[]): Promise<LinkRow[]> {
    return this.manager.query(
      `SELECT owner_id::text AS owner, member_id AS "memberId" FROM "catalog"."links"
        WHERE store_id = $1 AND relation = $2 AND owner_id = ANY($3::uuid[])
        ORDER BY position, member_id`,
      [storeId, relation, ownerIds],
    );
  }
}
