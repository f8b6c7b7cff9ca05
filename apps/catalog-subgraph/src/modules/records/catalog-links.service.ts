import { Injectable } from '@nestjs/common';
import { RelationService, isUuid, nowMs } from '@platform/graphql-subgraph';
import { RecordErrors } from './records.errors';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogLinksRepository, LOCATION_SKUS } from './catalog-links.repository';
import { CatalogRecordsService } from './catalog-records.service';
import type { RelationKind } from './record-kind';
import { relationOf } from './record-kinds';

/**
 * Members of every catalog relation (links table). Adding an existing member or removing a
 * missing one changes nothing; each call runs in one transaction under a lock on the owner row,
 * so concurrent adds keep positions in order and a tree never gets a cycle.
 */
@Injectable()
export class CatalogLinksService implements RelationService<CatalogRecordEntity, string> {
  constructor(
    private readonly links: CatalogLinksRepository,
    private readonly records: CatalogRecordsService,
  ) {}

  add(storeId: string, ownerId: string, key: string, ids: readonly string[]): Promise<CatalogRecordEntity> {
    const relation = relationOf(key);
    return this.links.transaction(async (tx) => {
      const owner = await this.lockOwner(tx, storeId, relation, ownerId);
      const members = [...new Set(ids.map((id) => id.toLowerCase()))];
      if ('kind' in relation.member) {
        await this.records.assertExist(storeId, relation.member.kind, members, tx.records);
        if (relation.member.kind === relation.owner)
          await this.assertNoCycle(tx, relation, owner.id, members);
      } else {
        const bad = members.find((id) => !isUuid(id));
        if (bad !== undefined) throw RecordErrors.invalidChannelId(relation.idsField, bad);
      }
      const at = nowMs();
      await tx.append({ storeId, ownerId: owner.id, relation: relation.relation, memberIds: members }, at);
      return this.touch(tx, owner, at);
    });
  }

  remove(
    storeId: string,
    ownerId: string,
    key: string,
    ids: readonly string[],
  ): Promise<CatalogRecordEntity> {
    const relation = relationOf(key);
    return this.links.transaction(async (tx) => {
      const owner = await this.lockOwner(tx, storeId, relation, ownerId);
      const members = ids.map((id) => id.toLowerCase());
      if (relation.relation === LOCATION_SKUS) await this.assertNoInventory(tx, owner.id, members);
      await tx.delete(owner.id, relation.relation, members);
      return this.touch(tx, owner, nowMs());
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
    return this.links.transaction(async (tx) => {
      const owner = await this.lockOwner(tx, storeId, relation, ownerId);
      await this.records.assertExist(storeId, memberKind, members, tx.records);
      await tx.deleteAllBut(owner.id, relation.relation, members);
      const at = nowMs();
      await tx.place({ storeId, ownerId: owner.id, relation: relation.relation, memberIds: members }, at);
      return this.touch(tx, owner, at);
    });
  }

  /**
   * A SKU leaves a location only with nothing on hand or committed there. The links are locked
   * first: an inventory change in flight holds its link (linkSkuToLocation), so this waits for it
   * and then reads the levels it committed; one that starts later links the SKU again.
   */
  private async assertNoInventory(
    tx: CatalogLinksRepository,
    locationId: string,
    skuIds: readonly string[],
  ): Promise<void> {
    await tx.lockMembers(locationId, LOCATION_SKUS, skuIds);
    const stocked = await tx.firstSkuWithInventory(locationId, skuIds);
    if (stocked !== null) throw RecordErrors.skuHasInventory(locationId, stocked);
  }

  /** Member ids of each owner, in the order they were added (one query for a loader's batch). */
  async memberIds(storeId: string, key: string, ownerIds: readonly string[]): Promise<Map<string, string[]>> {
    const valid = ownerIds.filter((id) => isUuid(id));
    const result = new Map<string, string[]>(valid.map((id) => [id, []]));
    if (valid.length === 0) return result;
    for (const row of await this.links.membersOf(storeId, key, valid))
      result.get(row.owner)?.push(row.memberId);
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
    tx: CatalogLinksRepository,
    storeId: string,
    relation: RelationKind,
    ownerId: string,
  ): Promise<CatalogRecordEntity> {
    const owner = await tx.records.findOfKindForUpdate(storeId, relation.owner, ownerId);
    if (!owner) throw RecordErrors.notFound(relation.owner, ownerId);
    if (owner.status === 'ARCHIVED') throw RecordErrors.archived(relation.owner, ownerId);
    return owner;
  }

  /** A node may not become a child of itself or of any of its descendants. */
  private async assertNoCycle(
    tx: CatalogLinksRepository,
    relation: RelationKind,
    ownerId: string,
    members: readonly string[],
  ): Promise<void> {
    if (members.includes(ownerId)) throw RecordErrors.cycle(ownerId, ownerId);
    const ancestor = await tx.ancestorAmong(relation.relation, ownerId, members);
    if (ancestor !== null) throw RecordErrors.cycle(ownerId, ancestor);
  }

  private touch(
    tx: CatalogLinksRepository,
    owner: CatalogRecordEntity,
    at: Date,
  ): Promise<CatalogRecordEntity> {
    owner.updatedAt = at;
    return tx.records.save(owner);
  }
}
