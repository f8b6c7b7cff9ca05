import { PlatformError } from '@platform/errors';
import { isUuid } from '@platform/ids';
import { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import {
  type Page,
  type PageRequest,
  type SortColumn,
  type SortDirection,
  type TimestampedRow,
  keysetPage,
  nowMs,
} from '@platform/graphql-subgraph';

/** What every store-scoped row has: its id, its store (column store_id) and its times (see TimestampedRow). */
export interface StoreScopedRow extends TimestampedRow {
  id: string;
  storeId: string;
}

/**
 * Store isolation and keyset paging for one entity: every read names the store, so a row of
 * store A is invisible through store B; a malformed id is simply not found (never a SQL error).
 */
export class StoreScopedRepository<E extends StoreScopedRow> {
  constructor(
    private readonly repository: Repository<E>,
    /** The feature's not-found error (RATE_NOT_FOUND, …). */
    private readonly notFound: (id: string) => PlatformError,
    private readonly alias: string,
  ) {}

  /** The same repository bound to a transaction's manager. */
  withManager(manager: EntityManager): StoreScopedRepository<E> {
    return new StoreScopedRepository(
      manager.getRepository<E>(this.repository.target),
      this.notFound,
      this.alias,
    );
  }

  query(storeId: string): SelectQueryBuilder<E> {
    return this.repository
      .createQueryBuilder(this.alias)
      .where(`${this.alias}.storeId = :storeId`, { storeId });
  }

  async find(storeId: string, id: string): Promise<E | null> {
    if (!isUuid(id)) return null;
    return this.query(storeId).andWhere(`${this.alias}.id = :id`, { id }).getOne();
  }

  async get(storeId: string, id: string): Promise<E> {
    const row = await this.find(storeId, id);
    if (!row) throw this.notFound(id);
    return row;
  }

  /** Rows of `ids` in the store, by id; unknown or malformed ids are absent (a loader's batch function). */
  async byIds(storeId: string, ids: readonly string[]): Promise<Map<string, E>> {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (valid.length === 0) return new Map();
    const rows = await this.query(storeId)
      .andWhere(`${this.alias}.id IN (:...ids)`, { ids: valid })
      .getMany();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Narrows a list query to `ids` (an id filter); malformed ids match nothing. */
  whereIdIn(qb: SelectQueryBuilder<E>, ids: readonly string[]): void {
    const valid = [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];
    if (valid.length === 0) qb.andWhere('1 = 0');
    else qb.andWhere(`${this.alias}.id IN (:...filterIds)`, { filterIds: valid });
  }

  /** Throws the not-found error unless every id names a row of the store. */
  async assertExist(storeId: string, ids: readonly string[]): Promise<void> {
    const found = await this.byIds(storeId, ids);
    const missing = ids.find((id) => !found.has(id.toLowerCase()));
    if (missing !== undefined) throw this.notFound(missing);
  }

  async insert(values: Omit<E, 'id' | 'createdAt' | 'updatedAt'> & Partial<E>): Promise<E> {
    const at = nowMs();
    const entity = this.repository.create({ ...values, createdAt: at, updatedAt: at } as unknown as E);
    return this.repository.save(entity);
  }

  /** Applies `changes` to the row (404 when it is not the store's) and stamps updatedAt. */
  async update(storeId: string, id: string, changes: Partial<E>): Promise<E> {
    const row = await this.get(storeId, id);
    Object.assign(row, changes, { updatedAt: nowMs() });
    return this.repository.save(row);
  }

  async delete(storeId: string, id: string): Promise<void> {
    const row = await this.get(storeId, id);
    await this.repository.delete({ id: row.id } as never);
  }

  /**
   * One keyset page of the store's rows (see keysetPage); cursor ids must be uuids.
   */
  async page(
    storeId: string,
    request: PageRequest,
    sort: SortColumn<E>,
    direction: SortDirection,
    filter?: (qb: SelectQueryBuilder<E>) => void,
  ): Promise<Page<E>> {
    const qb = this.query(storeId);
    filter?.(qb);
    return keysetPage(qb, this.alias, request, sort, direction, { uuidIds: true });
  }
}
