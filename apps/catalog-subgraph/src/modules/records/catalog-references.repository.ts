import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CatalogRecordsRepository } from './catalog-records.repository';

/**
 * External references of catalog records (`catalog.external_references`): a record's references
 * by name, written and deleted. `transaction(work)` runs `work` with a copy bound to one
 * transaction; its `records` are the owner records in the same transaction.
 */
@Injectable()
export class CatalogReferencesRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CatalogReferencesRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CatalogReferencesRepository(manager)));
  }

  /** The catalog records, in this copy's transaction. */
  get records(): CatalogRecordsRepository {
    return new CatalogRecordsRepository(this.manager);
  }

  /** Sets the owner's reference of each name to its value (a new name is added, created `at`). */
  async upsert(
    storeId: string,
    ownerId: string,
    valuesByName: ReadonlyMap<string, string>,
    at: Date,
  ): Promise<void> {
    await this.manager.query(
      `INSERT INTO "catalog"."external_references" (store_id, owner_id, name, value, created_at)
       SELECT $1::uuid, $2::uuid, r.name, r.value, $5::timestamptz FROM unnest($3::text[], $4::text[]) AS r(name, value)
       ON CONFLICT (owner_id, name) DO UPDATE SET value = EXCLUDED.value`,
      [storeId, ownerId, [...valuesByName.keys()], [...valuesByName.values()], at],
    );
  }

  /** Deletes the owner's references of those names (a name it has not is skipped). */
  async deleteNamed(ownerId: string, names: readonly string[]): Promise<void> {
    await this.manager.query(
      `DELETE FROM "catalog"."external_references" WHERE owner_id = $1 AND name = ANY($2::text[])`,
      [ownerId, names],
    );
  }
}
