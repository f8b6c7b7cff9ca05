import { Injectable } from '@nestjs/common';
import { nowMs } from '@platform/graphql-subgraph';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogRecordsService } from './catalog-records.service';
import { CatalogReferencesRepository } from './catalog-references.repository';

/**
 * External references of catalog records (addReferencesTo<X>, removeReferencesFrom<X>,
 * <X>.references): each call in one transaction, under the owner record of `kind`.
 */
@Injectable()
export class CatalogReferencesService {
  constructor(
    private readonly references: CatalogReferencesRepository,
    private readonly records: CatalogRecordsService,
  ) {}

  upsert(
    storeId: string,
    kind: string,
    ownerId: string,
    references: readonly { name: string; value: string }[],
  ): Promise<CatalogRecordEntity> {
    return this.references.transaction(async (tx) => {
      const owner = await this.records.get(storeId, kind, ownerId, tx.records);
      const at = nowMs();
      // The last value of a name repeated in one call wins.
      await tx.upsert(storeId, owner.id, new Map(references.map((r) => [r.name, r.value])), at);
      owner.updatedAt = at;
      return tx.records.save(owner);
    });
  }

  delete(
    storeId: string,
    kind: string,
    ownerId: string,
    names: readonly string[],
  ): Promise<CatalogRecordEntity> {
    return this.references.transaction(async (tx) => {
      const owner = await this.records.get(storeId, kind, ownerId, tx.records);
      await tx.deleteNamed(owner.id, names);
      owner.updatedAt = nowMs();
      return tx.records.save(owner);
    });
  }
}
