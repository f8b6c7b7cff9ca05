import { Injectable } from '@nestjs/common';
import { RelationService, isUuid, nowMs } from '@platform/graphql-subgraph';
import { DataSource, EntityManager } from 'typeorm';
import { RecordErrors } from './records.errors';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogRecordsRepository } from './catalog-records.repository';
import { CatalogRecordsService } from './catalog-records.service';
import type { RelationKind } from './record-kind';
import { relationOf } from './record-kinds';

/** The SKUs a location carries (record-kinds.ts); inventory changes link theirs (linkInTransaction). */
export const LOCATION_SKUS = 'LOCATION:SKU';

/**
 * Members of every catalog relation (links table). Adding an existing member or removing a
 * missing one changes nothing; each call runs in one transaction under a lock on the owner row,
 * so concurrent adds keep positions in order and a tree never gets a cycle.
 */
@Injectable()
export class CatalogLinksService implements RelationService<CatalogRecordEntity, string> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: CatalogRecordsService,
  ) {}

  add(storeId: string, ownerId: string, key: string, ids: readonly string[]): Promise<CatalogRecordEntity> {
    const relation = relationOf(key);
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.lockOwner(manager, storeId, relation, ownerId);
      const members = [...new Set(ids.map((id) => id.toLowerCase()))];
      if ('kind' in relation.member) {
        await this.records.assertExist(
          storeId,
          relation.member.kind,
          members,
          new CatalogRecordsRepository(manager),
        );
        if (relation.member.kind === relation.owner)
          await this.assertNoCycle(manager, relation, owner.id, members);
      } else {
        const bad = members.find((id) => !isUuid(id));
        if (bad !== undefined) throw RecordErrors.invalidChannelId(relation.idsField, bad);
      }
      const at = nowMs();
      await manager.query(
        `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
         SELECT $1::uuid, $2::varchar, m.id, $3::uuid,
                COALESCE((SELECT max(position) FROM "catalog"."links" WHERE owner_id = $1::uuid AND relation = $2::varchar), 0) + m.n,
                $5::timestamptz
           FROM unnest($4::text[]) WITH ORDINALITY AS m(id, n)
         ON CONFLICT DO NOTHING`,
        [owner.id, relation.relation, storeId, members, at],
      );
      return this.touch(manager, owner, at);
    });
  }

  remove(
    storeId: string,
    ownerId: string,
    key: string,
    ids: readonly string[],
  ): Promise<CatalogRecordEntity> {
    const relation = relationOf(key);
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.lockOwner(manager, storeId, relation, ownerId);
      const members = ids.map((id) => id.toLowerCase());
      if (relation.relation === LOCATION_SKUS) await this.assertNoInventory(manager, owner.id, members);
      await manager.query(
        `DELETE FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 AND member_id = ANY($3::text[])`,
        [owner.id, relation.relation, members],
      );
      return this.touch(manager, owner, nowMs());
    });
  }

  /**
   * Sets the owner's members to exactly `ids`, in that order (positions 1…n): new ones join,
   * members not named leave, an empty list leaves none. Every id must be a record of the member
   * kind in the store; an id named twice is DUPLICATE_ID. One transaction under the owner's lock.
   */
  replace(
    storeId: string,
    ownerId: string,
    key: string,
    ids: readonly string[],
  ): Promise<CatalogRecordEntity> {
    const relation = relationOf(key);
    if (!('kind' in relation.member)) throw new Error(`${key} has no record members`);
    const memberKind = relation.member.kind;
    const members = ids.map((id) => id.toLowerCase());
    const twice = members.find((id, i) => members.indexOf(id) !== i);
    if (twice !== undefined) throw RecordErrors.duplicateId(relation.idsField, twice);
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.lockOwner(manager, storeId, relation, ownerId);
      await this.records.assertExist(storeId, memberKind, members, new CatalogRecordsRepository(manager));
      await manager.query(
        `DELETE FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 AND NOT (member_id = ANY($3::text[]))`,
        [owner.id, relation.relation, members],
      );
      const at = nowMs();
      await manager.query(
        `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
         SELECT $1::uuid, $2::varchar, m.id, $3::uuid, m.n, $5::timestamptz
           FROM unnest($4::text[]) WITH ORDINALITY AS m(id, n)
         ON CONFLICT (owner_id, relation, member_id) DO UPDATE SET position = EXCLUDED.position`,
        [owner.id, relation.relation, storeId, members, at],
      );
      return this.touch(manager, owner, at);
    });
  }

  /**
   * Links a SKU to a location inside the caller's transaction (an inventory change): a SKU with
   * inventory at a location is one the location carries. Already linked: nothing changes, but the
   * link row stays locked until the caller commits (ON CONFLICT DO UPDATE … WHERE false locks the
   * row it does not update), so a concurrent removeSkusFromLocation waits and then sees the stock.
   */
  async linkInTransaction(
    manager: EntityManager,
    storeId: string,
    locationId: string,
    skuId: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO "catalog"."links" (owner_id, relation, member_id, store_id, position, created_at)
       SELECT $1::uuid, $2::varchar, $3::text, $4::uuid,
              COALESCE((SELECT max(position) FROM "catalog"."links" WHERE owner_id = $1::uuid AND relation = $2::varchar), 0) + 1,
              $5::timestamptz
       ON CONFLICT (owner_id, relation, member_id) DO UPDATE SET position = "links".position WHERE false`,
      [locationId, LOCATION_SKUS, skuId, storeId, nowMs()],
    );
  }

  /**
   * A SKU leaves a location only with nothing on hand or committed there. The links are locked
   * first: an inventory change in flight holds its link (linkInTransaction), so this waits for it
   * and then reads the levels it committed; one that starts later links the SKU again.
   */
  private async assertNoInventory(
    manager: EntityManager,
    locationId: string,
    skuIds: readonly string[],
  ): Promise<void> {
    await manager.query(
      `SELECT member_id FROM "catalog"."links" WHERE owner_id = $1 AND relation = $2 AND member_id = ANY($3::text[])
        ORDER BY member_id FOR UPDATE`,
      [locationId, LOCATION_SKUS, skuIds],
    );
    const rows = (await manager.query(
      `SELECT sku_id FROM "catalog"."inventory_counts"
        WHERE location_id = $1 AND sku_id::text = ANY($2::text[]) AND (on_hand <> 0 OR committed <> 0)
        ORDER BY sku_id LIMIT 1`,
      [locationId, skuIds],
    )) as { sku_id: string }[];
    if (rows.length > 0) throw RecordErrors.skuHasInventory(locationId, rows[0].sku_id);
  }

  /** Member ids of each owner, in the order they were added (one query for a loader's batch). */
  async memberIds(storeId: string, key: string, ownerIds: readonly string[]): Promise<Map<string, string[]>> {
    const valid = ownerIds.filter((id) => isUuid(id));
    const result = new Map<string, string[]>(valid.map((id) => [id, []]));
    if (valid.length === 0) return result;
    const rows = (await this.dataSource.query(
      `SELECT owner_id, member_id FROM "catalog"."links"
        WHERE store_id = $1 AND relation = $2 AND owner_id = ANY($3::uuid[])
        ORDER BY position, member_id`,
      [storeId, key, valid],
    )) as { owner_id: string; member_id: string }[];
    for (const row of rows) result.get(row.owner_id)?.push(row.member_id);
    return result;
  }

  /** Member records of each owner, in link order; archived members are left out. */
  async members(
    storeId: string,
    key: string,
    ownerIds: readonly string[],
  ): Promise<Map<string, CatalogRecordEntity[]>> {
    const relation = relationOf(key);
    if (!('kind' in relation.member)) throw new Error(`${key} has no record members`);
    const ids = await this.memberIds(storeId, key, ownerIds);
    const all = [...new Set([...ids.values()].flat())];
    const rows = await this.records.byIds(storeId, relation.member.kind, all);
    return new Map(
      [...ids].map(([owner, memberIds]) => [
        owner,
        memberIds.flatMap((id) => {
          const row = rows.get(id);
          return row && row.status !== 'ARCHIVED' ? [row] : [];
        }),
      ]),
    );
  }

  private async lockOwner(
    manager: EntityManager,
    storeId: string,
    relation: RelationKind,
    ownerId: string,
  ): Promise<CatalogRecordEntity> {
    const owner = isUuid(ownerId)
      ? await manager
          .getRepository(CatalogRecordEntity)
          .createQueryBuilder('o')
          .where('o.storeId = :storeId AND o.kind = :kind AND o.id = :ownerId', {
            storeId,
            kind: relation.owner,
            ownerId,
          })
          .setLock('pessimistic_write')
          .getOne()
      : null;
    if (!owner) throw RecordErrors.notFound(relation.owner, ownerId);
    if (owner.status === 'ARCHIVED') throw RecordErrors.archived(relation.owner, ownerId);
    return owner;
  }

  /** A node may not become a child of itself or of any of its descendants. */
  private async assertNoCycle(
    manager: EntityManager,
    relation: RelationKind,
    ownerId: string,
    members: readonly string[],
  ): Promise<void> {
    if (members.includes(ownerId)) throw RecordErrors.cycle(ownerId, ownerId);
    const rows = (await manager.query(
      `WITH RECURSIVE ancestors(id) AS (
         SELECT owner_id::text FROM "catalog"."links" WHERE relation = $1 AND member_id = $2
         UNION
         SELECT l.owner_id::text FROM "catalog"."links" l JOIN ancestors a ON l.member_id = a.id WHERE l.relation = $1
       ) SELECT id FROM ancestors WHERE id = ANY($3::text[]) LIMIT 1`,
      [relation.relation, ownerId, members],
    )) as { id: string }[];
    if (rows.length > 0) throw RecordErrors.cycle(ownerId, rows[0].id);
  }

  private async touch(
    manager: EntityManager,
    owner: CatalogRecordEntity,
    at: Date,
  ): Promise<CatalogRecordEntity> {
    owner.updatedAt = at;
    return manager.getRepository(CatalogRecordEntity).save(owner);
  }
}
