import { Injectable } from '@nestjs/common';
import { CountedPage, PageRequest, SortDirection, isUuid } from '@platform/graphql-subgraph';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { CatalogRecordEntity } from './catalog-record.entity';
import { uuidsOf } from './list-query';
import { RECORDS_ALIAS, RecordSort, recordKeysetPage } from './record-keyset';
import type { RecordKind } from './record-kind';
import type { RecordListArgs } from './record-list-args';
import { applyRecordFilters } from './record-list-where';

const ALIAS = RECORDS_ALIAS;

/**
 * Catalog records of every kind (`catalog.records`), always read within one store and one kind:
 * by id, the row lock, a batch's children, the filtered keyset lists, the code check under its
 * lock; saves, archiving, and the deletion of a removed record's links. `transaction(work)` runs
 * `work` with a copy bound to one transaction (an inventory change's copy hands one out too).
 */
@Injectable()
export class CatalogRecordsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CatalogRecordsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CatalogRecordsRepository(manager)));
  }

  /** The store's records of `kind`, as the alias `r`. */
  private ofKind(storeId: string, kind: string): SelectQueryBuilder<CatalogRecordEntity> {
    return this.manager
      .getRepository(CatalogRecordEntity)
      .createQueryBuilder(ALIAS)
      .where(`${ALIAS}.storeId = :storeId AND ${ALIAS}.kind = :kind`, { storeId, kind });
  }

  /** The store's record of `kind` with that id; a malformed id is none. */
  findOfKind(storeId: string, kind: string, id: string): Promise<CatalogRecordEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.ofKind(storeId, kind).andWhere(`${ALIAS}.id = :id`, { id }).getOne();
  }

  /** As findOfKind, its row locked (`FOR UPDATE`) until the transaction ends. */
  findOfKindForUpdate(storeId: string, kind: string, id: string): Promise<CatalogRecordEntity | null> {
    if (!isUuid(id)) return Promise.resolve(null);
    return this.ofKind(storeId, kind)
      .andWhere(`${ALIAS}.id = :id`, { id })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** The store's records of `kind` among `ids` (malformed ones left out). */
  findByIds(storeId: string, kind: string, ids: readonly string[]): Promise<CatalogRecordEntity[]> {
    const valid = uuidsOf(ids);
    if (valid.length === 0) return Promise.resolve([]);
    return this.ofKind(storeId, kind).andWhere(`${ALIAS}.id IN (:...ids)`, { ids: valid }).getMany();
  }

  /** The kind's records in the store that `args`' filters keep (no paging), as the alias `r`. */
  filtered(storeId: string, def: RecordKind, args: RecordListArgs): SelectQueryBuilder<CatalogRecordEntity> {
    const qb = this.ofKind(storeId, def.kind);
    applyRecordFilters(qb, def, args);
    return qb;
  }

  /** One keyset page of the kind's records that `args`' filters keep and, on demand, how many. */
  page(
    storeId: string,
    def: RecordKind,
    args: RecordListArgs,
    request: PageRequest,
    sort: RecordSort,
    direction: SortDirection,
  ): Promise<CountedPage<CatalogRecordEntity>> {
    return recordKeysetPage(this.filtered(storeId, def, args), request, sort, direction);
  }

  /** The store's records of `kind` under the parents (well-formed ids), archived ones left out, oldest first. */
  findLiveChildren(
    storeId: string,
    kind: string,
    parentIds: readonly string[],
  ): Promise<CatalogRecordEntity[]> {
    return this.ofKind(storeId, kind)
      .andWhere(`${ALIAS}.parentId IN (:...parentIds)`, { parentIds })
      .andWhere(`${ALIAS}.status <> 'ARCHIVED'`)
      .orderBy(`${ALIAS}.createdAt`, 'ASC')
      .addOrderBy(`${ALIAS}.id`, 'ASC')
      .getMany();
  }

  /**
   * Whether a record of the kind in the store other than `exceptId` has the code, once a
   * transaction lock on (store, kind, code) serialises the writers of that code: of two concurrent
   * creates, the second waits and then sees the first one's record.
   */
  async codeTakenLocked(storeId: string, kind: string, code: string, exceptId?: string): Promise<boolean> {
    await this.manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [
      `catalog-code:${storeId}:${kind}:${code}`,
    ]);
    return this.ofKind(storeId, kind)
      .andWhere(`${ALIAS}.code = :code`, { code })
      .andWhere(exceptId ? `${ALIAS}.id <> :exceptId` : '1 = 1', { exceptId })
      .getExists();
  }

  save(row: CatalogRecordEntity): Promise<CatalogRecordEntity> {
    return this.manager.getRepository(CatalogRecordEntity).save(row);
  }

  /** Archives those of the records not archived yet (status ARCHIVED, archived and updated `at`). */
  async archiveLive(ids: readonly string[], at: Date): Promise<void> {
    await this.manager
      .getRepository(CatalogRecordEntity)
      .createQueryBuilder()
      .update()
      .set({ status: 'ARCHIVED', archivedAt: at, updatedAt: at })
      .where('id IN (:...ids) AND status <> :archived', { ids, archived: 'ARCHIVED' })
      .execute();
  }

  /** Deletes every link from or to the record: it leaves every group, list and tree. */
  async deleteLinksOf(storeId: string, recordId: string): Promise<void> {
    await this.manager.query(
      `DELETE FROM "catalog"."links" WHERE store_id = $1 AND (owner_id = $2 OR member_id = $3)`,
      [storeId, recordId, recordId],
    );
  }

  /**
   * Deletes the records' links in the relations they own (`asOwner`) and those they are members of
   * (`asMember`): by relation, so the primary key and (store, relation, member) serve it.
   */
  async deleteLinksIn(
    storeId: string,
    recordIds: readonly string[],
    asOwner: readonly string[],
    asMember: readonly string[],
  ): Promise<void> {
    await this.manager.query(
      `DELETE FROM "catalog"."links" WHERE store_id = $1
          AND ((relation = ANY($2::varchar[]) AND owner_id = ANY($4::uuid[]))
            OR (relation = ANY($3::varchar[]) AND member_id = ANY($4::text[])))`,
      [storeId, asOwner, asMember, recordIds],
    );
  }
}
