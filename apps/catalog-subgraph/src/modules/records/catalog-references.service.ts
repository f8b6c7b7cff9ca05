import { Injectable, Type } from '@nestjs/common';
import { ReferenceRecord, ReferencesService, isUuid, nowMs } from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogRecordsService } from './catalog-records.service';

/**
 * External references of the records of one kind (createReferencesFor<X>, deleteReferencesFrom<X>,
 * <X>.references). One subclass per kind (referencesServiceFor) because the lib's resolver
 * factory injects its service by class.
 */
@Injectable()
export abstract class CatalogReferencesService implements ReferencesService<CatalogRecordEntity> {
  protected abstract readonly kind: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly records: CatalogRecordsService,
  ) {}

  upsert(
    storeId: string,
    ownerId: string,
    references: readonly { name: string; value: string }[],
  ): Promise<CatalogRecordEntity> {
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.records.get(storeId, this.kind, ownerId, manager);
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

  delete(storeId: string, ownerId: string, names: readonly string[]): Promise<CatalogRecordEntity> {
    return this.dataSource.transaction(async (manager) => {
      const owner = await this.records.get(storeId, this.kind, ownerId, manager);
      await manager.query(
        `DELETE FROM "catalog"."external_references" WHERE owner_id = $1 AND name = ANY($2::text[])`,
        [owner.id, names],
      );
      owner.updatedAt = nowMs();
      return manager.getRepository(CatalogRecordEntity).save(owner);
    });
  }

  async forOwners(
    storeId: string,
    ownerIds: readonly string[],
  ): Promise<ReadonlyMap<string, ReferenceRecord[]>> {
    const valid = ownerIds.filter((id) => isUuid(id));
    const result = new Map<string, ReferenceRecord[]>(valid.map((id) => [id, []]));
    if (valid.length === 0) return result;
    const rows = (await this.dataSource.query(
      `SELECT id, owner_id, name, value FROM "catalog"."external_references"
        WHERE store_id = $1 AND owner_id = ANY($2::uuid[]) ORDER BY name`,
      [storeId, valid],
    )) as { id: string; owner_id: string; name: string; value: string }[];
    for (const r of rows)
      result.get(r.owner_id)?.push({ id: r.id, ownerId: r.owner_id, name: r.name, value: r.value });
    return result;
  }
}

const SERVICES = new Map<string, Type<CatalogReferencesService>>();

/** The references service of one kind (one class per kind, made once). */
export function referencesServiceFor(kind: string): Type<CatalogReferencesService> {
  let service = SERVICES.get(kind);
  if (!service) {
    @Injectable()
    class KindReferences extends CatalogReferencesService {
      protected readonly kind = kind;
    }
    Object.defineProperty(KindReferences, 'name', { value: `${kind}ReferencesService` });
    service = KindReferences;
    SERVICES.set(kind, service);
  }
  return service;
}
