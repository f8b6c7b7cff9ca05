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
 * Catalog records of every kind (`catalog.records`), always within one store and one kind: reads
 * by id, the row lock, saves. `transaction(work)` runs `work` with a copy bound to one
 * transaction; `boundTo(manager)` is a copy in a transaction opened elsewhere (an inventory change).
 */
@Injectable()
export class CatalogRecordsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: CatalogRecordsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new CatalogRecordsRepository(manager)));
  }

  /** This repository in `manager`'s transaction. */
  boundTo(manager: EntityManager): CatalogRecordsRepository {
    return new CatalogRecordsRepository(manager);
  }

  /** The store's records of `kind`, as the alias `r`. */
  ofKind(storeId: string, kind: string): SelectQueryBuilder<CatalogRecordEntity> {
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

  save(row: CatalogRecordEntity): Promise<CatalogRecordEntity> {
    return this.manager.getRepository(CatalogRecordEntity).save(row);
  }
}
