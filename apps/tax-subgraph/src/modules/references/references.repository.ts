import { Injectable } from '@nestjs/common';
import { groupBy, nowMs, type ReferenceRecord } from '@platform/graphql-subgraph';
import { EntityManager, EntityTarget, In, Repository, SelectQueryBuilder } from 'typeorm';
import { ReferenceEntity, ReferenceOwnerType } from './reference.entity';

/**
 * Narrows a list query (main alias `alias`) to owners having a reference whose value is one of
 * `values`.
 */
export function whereHasReferenceValue<E extends object>(
  qb: SelectQueryBuilder<E>,
  alias: string,
  ownerType: ReferenceOwnerType,
  values: readonly string[],
): void {
  qb.andWhere(
    `EXISTS (SELECT 1 FROM "tax"."external_references" ref WHERE ref.store_id = ${alias}.store_id AND ref.owner_type = :refOwnerType AND ref.owner_id = ${alias}.id AND ref.value IN (:...refValues))`,
    { refOwnerType: ownerType, refValues: values.length ? [...values] : [''] },
  );
}

/** External references of every owner type: one table, one set of operations. */
@Injectable()
export class ReferencesRepository {
  private readonly references: Repository<ReferenceEntity>;

  constructor(private readonly manager: EntityManager) {
    this.references = manager.getRepository(ReferenceEntity);
  }

  /** Sets each reference by name: a new name is added, an existing one gets the new value. */
  async upsert(
    storeId: string,
    ownerType: ReferenceOwnerType,
    ownerId: string,
    references: readonly { name: string; value: string }[],
  ): Promise<void> {
    // The last value given for a name wins, as if the pairs were applied in order.
    const byName = new Map(references.map((r) => [r.name, r.value]));
    const createdAt = nowMs();
    await this.references
      .createQueryBuilder()
      .insert()
      .values([...byName].map(([name, value]) => ({ storeId, ownerType, ownerId, name, value, createdAt })))
      .orUpdate(['value'], ['owner_type', 'owner_id', 'name'])
      .execute();
  }

  async delete(
    storeId: string,
    ownerType: ReferenceOwnerType,
    ownerId: string,
    names: readonly string[],
  ): Promise<void> {
    await this.references.delete({ storeId, ownerType, ownerId, name: In([...names]) });
  }

  /** Deletes the owner's row (of `entity`) and its references, in one transaction. */
  async deleteWithOwner(
    storeId: string,
    ownerType: ReferenceOwnerType,
    entity: EntityTarget<{ id: string; storeId: string }>,
    ownerId: string,
  ): Promise<void> {
    await this.manager.transaction(async (manager) => {
      await manager.getRepository(ReferenceEntity).delete({ ownerType, ownerId });
      await manager.getRepository(entity).delete({ id: ownerId, storeId });
    });
  }

  async forOwners(
    storeId: string,
    ownerType: ReferenceOwnerType,
    ownerIds: readonly string[],
  ): Promise<Map<string, ReferenceRecord[]>> {
    if (ownerIds.length === 0) return new Map();
    const rows = await this.references.find({
      where: { storeId, ownerType, ownerId: In([...ownerIds]) },
      order: { name: 'ASC' },
    });
    return groupBy(
      rows.map((r) => ({ id: r.id, ownerId: r.ownerId, name: r.name, value: r.value })),
      (r) => r.ownerId,
    );
  }
}
