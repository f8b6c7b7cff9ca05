import { Injectable } from '@nestjs/common';
import { nowMs } from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogRecordsService } from './catalog-records.service';

/**
 * External references of catalog records (addReferencesTo<X>, removeReferencesFrom<X>,
 * <X>.references): each call in one transaction, under the owner record of `kind`.
 */
@Injectable()
export class CatalogReferencesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: CatalogRecordsService,
  ) {}

  upsert(
    storeId: string,
    kind: string,
    ownerId: string,
    references: readonly { name: string; value: string }[],
  ): Promise<CatalogRecordEntity> {
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.records.get(storeId, kind, ownerId, manager);
      const at = nowMs();
      // The last value of a name repeated in one call wins.
      const byName = new Map(references.map((r) => [r.name, r.value]));
      await manager.query(
        `INSERT INTO "catalog"."external_references" (store_id, owner_id, name, value, created_at)
         SELECT $1::uuid, $2::uuid, r.name, r.value, $5::timestamptz FROM unnest($3::text[], $4::text[]) AS r(name, value)
         ON CONFLICT (owner_id, name) DO UPDATE SET value = EXCLUDED.value`,
        [storeId, owner.id, [...byName.keys()], [...byName.values()], at],
      );
      owner.updatedAt = at;
      return manager.getRepository(CatalogRecordEntity).save(owner);
    });
  }

  delete(
    storeId: string,
    kind: string,
    ownerId: string,
    names: readonly string[],
  ): Promise<CatalogRecordEntity> {
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.records.get(storeId, kind, ownerId, manager);
      await manager.query(
        `DELETE FROM "catalog"."external_references" WHERE owner_id = $1 AND name = ANY($2::text[])`,
        [owner.id, names],
      );
      owner.updatedAt = nowMs();
      return manager.getRepository(CatalogRecordEntity).save(owner);
    });
  }
}
