import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  ConnectionArgs,
  CountedPage,
  KeysetSort,
  Page,
  PageRequest,
  SortDirection,
  countedKeysetPage,
  filterValues,
} from '@platform/graphql-subgraph';
import { EntityManager, EntityTarget, ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { CatalogLinksRepository } from '../records/catalog-links.repository';
import { CatalogRecordsRepository } from '../records/catalog-records.repository';
import { applyDateRange, applyUuidFilter } from '../records/list-query';
import type { OrderBy, PaginationType, ValuesFilter } from '../records/record-filters';
import type { DateRange } from '../records/record-list-args';
import { RecordSort, ownerCounts, ownerKeysetPages } from '../records/record-keyset';
import { InventoryAdjustmentEntity, InventoryAdjustmentKind } from './inventory-adjustment.entity';
import { InventoryCountEntity } from './inventory-count.entity';
import { InventoryReservationEntity, InventoryReservationStatus } from './inventory-reservation.entity';
import { InventoryLevels } from './inventory-rules';
import {
  INVENTORY_COUNT_TYPES,
  InventoryCountType,
  InventoryTypeCountEntity,
} from './inventory-type-count.entity';

/** inventoryCounts' arguments (inventory.input.ts QueryInventoryCountsArgs). */
export interface CountFilters extends ConnectionArgs {
  id?: ValuesFilter | null;
  skuId?: ValuesFilter | null;
  locationId?: ValuesFilter | null;
  type?: ValuesFilter<InventoryCountType> | null;
  createdAt?: DateRange | null;
  updatedAt?: DateRange | null;
  orderBy?: OrderBy | null;
  paginationType?: PaginationType | null;
}

/** inventoryAdjustments' arguments (inventory.input.ts QueryInventoryAdjustmentsArgs). */
export interface AdjustmentFilters extends ConnectionArgs {
  id?: ValuesFilter | null;
  skuId?: ValuesFilter | null;
  locationId?: ValuesFilter | null;
  type?: ValuesFilter<InventoryAdjustmentKind> | null;
  createdAt?: DateRange | null;
  referenceValue?: ValuesFilter | null;
  orderBy?: OrderBy | null;
  paginationType?: PaginationType | null;
}

/** Which keyset page of a list, in which order. */
export interface KeysetRequest<E> {
  readonly request: PageRequest;
  readonly sort: KeysetSort<E>;
  readonly direction: SortDirection;
}

/** An adjustment to record, explaining a change of a count's levels. */
export type AdjustmentRow = Omit<InventoryAdjustmentEntity, 'id'>;

const SKU_COUNT_ALIAS = 't';
/** `SKU.inventoryCounts`' orderings (sku-inventory-counts.service.ts). */
export const SKU_COUNT_SORTS: Readonly<Record<'createdAt' | 'id', RecordSort>> = {
  createdAt: { key: 'CREATED_AT', sqlType: 'timestamptz', sql: `"${SKU_COUNT_ALIAS}"."created_at"` },
  id: { key: 'ID', sqlType: 'uuid', sql: `"${SKU_COUNT_ALIAS}"."id"` },
};

/**
 * Inventory's storage (`catalog.inventory_counts`, `inventory_type_counts`,
 * `inventory_adjustments`, `inventory_reservations`) as the API, the worker and the Shopping API's
 * reservations use it: the graph's reads and keyset pages, the count and reservation row locks,
 * the writes of a change, the expiry sweep's overdue reservations. `transaction(work)` runs `work`
 * with a copy bound to one transaction; the Shopping API's reservations get theirs from
 * ShoppingReservationsRepository's transaction copy (`inventory`).
 */
@Injectable()
export class InventoryRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: InventoryRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new InventoryRepository(manager)));
  }

  /** The catalog's records in this copy's transaction (a change's SKU, location and reason). */
  get records(): CatalogRecordsRepository {
    return new CatalogRecordsRepository(this.manager);
  }

  /** The catalog's links in this copy's transaction (the SKU joins the location's SKUs). */
  get links(): CatalogLinksRepository {
    return new CatalogLinksRepository(this.manager);
  }

  /** The counts of (location, SKU) in the store by type, or only `type`'s, in type order. */
  findTypeCounts(
    storeId: string,
    locationId: string,
    skuId: string,
    type?: InventoryCountType | null,
  ): Promise<InventoryTypeCountEntity[]> {
    const qb = this.manager
      .getRepository(InventoryTypeCountEntity)
      .createQueryBuilder('t')
      .where('t.storeId = :storeId AND t.locationId = :locationId AND t.skuId = :skuId', {
        storeId,
        locationId,
        skuId,
      });
    if (type != null) qb.andWhere('t.type = :type', { type });
    return qb.orderBy('t.type', 'ASC').getMany();
  }

  /** A keyset page of the store's counts by type that match `args`' filters, with their total. */
  pageTypeCounts(
    storeId: string,
    args: CountFilters,
    { request, sort, direction }: KeysetRequest<InventoryTypeCountEntity>,
  ): Promise<CountedPage<InventoryTypeCountEntity>> {
    const qb = this.filtered(InventoryTypeCountEntity, 't', storeId, args);
    applyDateRange(qb, 't.updatedAt', 'updatedAt', args.updatedAt);
    const types = filterValues(args.type);
    if (types) qb.andWhere(types.length ? 't.type IN (:...types)' : '1 = 0', { types });
    return countedKeysetPage(qb, 't', request, sort, direction, { uuidIds: true });
  }

  /** The store's rows of `entity` that match the id, SKU, location and createdAt filters, in that order. */
  private filtered<E extends ObjectLiteral>(
    entity: EntityTarget<E>,
    alias: string,
    storeId: string,
    args: Pick<CountFilters, 'id' | 'skuId' | 'locationId' | 'createdAt'>,
  ): SelectQueryBuilder<E> {
    const qb = this.manager
      .getRepository(entity)
      .createQueryBuilder(alias)
      .where(`${alias}.storeId = :storeId`, { storeId });
    applyUuidFilter(qb, `${alias}.id`, 'ids', args.id);
    applyUuidFilter(qb, `${alias}.skuId`, 'skuIds', args.skuId);
    applyUuidFilter(qb, `${alias}.locationId`, 'locationIds', args.locationId);
    applyDateRange(qb, `${alias}.createdAt`, 'createdAt', args.createdAt);
    return qb;
  }

  /** The counts by type of each SKU of `skuIds` in the store: one keyset page per SKU, one query. */
  pageTypeCountsOfSkus(
    storeId: string,
    skuIds: readonly string[],
    request: PageRequest,
    sort: RecordSort,
    direction: SortDirection,
  ): Promise<Map<string, Page<InventoryTypeCountEntity> | Error>> {
    return ownerKeysetPages(this.typeCountsOfSku(storeId), skuIds, request, sort, direction);
  }

  /** How many counts by type each SKU of `skuIds` has in the store, in one query. */
  countTypeCountsOfSkus(storeId: string, skuIds: readonly string[]): Promise<Map<string, number>> {
    return ownerCounts(this.typeCountsOfSku(storeId), skuIds);
  }

  private typeCountsOfSku(storeId: string): SelectQueryBuilder<InventoryTypeCountEntity> {
    return this.manager
      .getRepository(InventoryTypeCountEntity)
      .createQueryBuilder(SKU_COUNT_ALIAS)
      .where(`${SKU_COUNT_ALIAS}.storeId = :storeId AND ${SKU_COUNT_ALIAS}.skuId = o.owner_id`, { storeId });
  }

  findAdjustment(storeId: string, id: string): Promise<InventoryAdjustmentEntity | null> {
    return this.manager.getRepository(InventoryAdjustmentEntity).findOneBy({ storeId, id });
  }

  /**
   * A keyset page of the store's adjustments that match `args`' filters, with their total.
   * Adjustments have no external references: a referenceValue filter matches none.
   */
  pageAdjustments(
    storeId: string,
    args: AdjustmentFilters,
    { request, sort, direction }: KeysetRequest<InventoryAdjustmentEntity>,
  ): Promise<CountedPage<InventoryAdjustmentEntity>> {
    const types = filterValues(args.type);
    const qb = this.filtered(InventoryAdjustmentEntity, 'a', storeId, args);
    if (types) qb.andWhere(types.length ? 'a.type IN (:...types)' : '1 = 0', { types });
    if (filterValues(args.referenceValue)) qb.andWhere('1 = 0');
    return countedKeysetPage(qb, 'a', request, sort, direction, { uuidIds: true });
  }

  /**
   * The count of (location, SKU), created at zero (at `at`) when missing and locked FOR UPDATE
   * until the transaction ends: concurrent changes of one count run one after the other, each
   * seeing the levels the previous one left.
   */
  async lockCount(
    storeId: string,
    locationId: string,
    skuId: string,
    at: Date,
  ): Promise<InventoryCountEntity> {
    await this.manager.query(
      `INSERT INTO "catalog"."inventory_counts" (location_id, sku_id, store_id, on_hand, committed, updated_at)
       VALUES ($1, $2, $3, 0, 0, $4) ON CONFLICT (location_id, sku_id) DO NOTHING`,
      [locationId, skuId, storeId, at],
    );
    return this.manager
      .getRepository(InventoryCountEntity)
      .createQueryBuilder('c')
      .where('c.locationId = :locationId AND c.skuId = :skuId', { locationId, skuId })
      .setLock('pessimistic_write')
      .getOneOrFail();
  }

  /**
   * Sets the count's levels and its ON_HAND, COMMITTED and AVAILABLE rows
   * (inventory-type-count.entity.ts) to `quantities`: the type rows are made with new ids the first
   * time, later only the quantities that changed move (and their updatedAt).
   */
  async writeLevels(
    count: Pick<InventoryCountEntity, 'storeId' | 'locationId' | 'skuId'>,
    levels: InventoryLevels,
    quantities: Readonly<Record<InventoryCountType, number>>,
    at: Date,
  ): Promise<void> {
    await this.manager
      .getRepository(InventoryCountEntity)
      .update(
        { locationId: count.locationId, skuId: count.skuId },
        { onHand: levels.onHand, committed: levels.committed, updatedAt: at },
      );
    const types = [...INVENTORY_COUNT_TYPES];
    await this.manager.query(
      `INSERT INTO "catalog"."inventory_type_counts" (id, store_id, location_id, sku_id, type, quantity, created_at, updated_at)
       SELECT t.id, $1::uuid, $2::uuid, $3::uuid, t.type, t.quantity, $7::timestamptz, $7::timestamptz
         FROM unnest($4::uuid[], $5::varchar[], $6::int[]) AS t(id, type, quantity)
       ON CONFLICT (location_id, sku_id, type) DO UPDATE SET quantity = EXCLUDED.quantity, updated_at = EXCLUDED.updated_at
        WHERE "inventory_type_counts".quantity IS DISTINCT FROM EXCLUDED.quantity`,
      [
        count.storeId,
        count.locationId,
        count.skuId,
        types.map(() => randomUUID()),
        types,
        types.map((type) => quantities[type]),
        at,
      ],
    );
  }

  /** Records an adjustment under a new id; answers it as stored. */
  insertAdjustment(row: AdjustmentRow): Promise<InventoryAdjustmentEntity> {
    const adjustments = this.manager.getRepository(InventoryAdjustmentEntity);
    return adjustments.save(adjustments.create({ id: randomUUID(), ...row }));
  }

  /** The reservation, locked FOR UPDATE; null when it is not one of the store's. */
  lockReservation(storeId: string, reservationId: string): Promise<InventoryReservationEntity | null> {
    return this.manager
      .getRepository(InventoryReservationEntity)
      .createQueryBuilder('r')
      .where('r.id = :reservationId AND r.storeId = :storeId', { reservationId, storeId })
      .setLock('pessimistic_write')
      .getOne();
  }

  /** A new reservation (its id given). */
  async insertReservation(row: InventoryReservationEntity): Promise<InventoryReservationEntity> {
    const reservation = this.manager.getRepository(InventoryReservationEntity).create(row);
    await this.manager.getRepository(InventoryReservationEntity).insert(reservation);
    return reservation;
  }

  async setReservationStatus(id: string, status: InventoryReservationStatus, at: Date): Promise<void> {
    await this.manager.getRepository(InventoryReservationEntity).update({ id }, { status, updatedAt: at });
  }

  /** Up to `limit` ACTIVE reservations whose expiry is at or before `now`, most overdue first. */
  findOverdueReservations(
    now: Date,
    limit: number,
  ): Promise<Pick<InventoryReservationEntity, 'id' | 'storeId'>[]> {
    return this.manager
      .getRepository(InventoryReservationEntity)
      .createQueryBuilder('r')
      .select(['r.id', 'r.storeId'])
      .where(`r.status = 'ACTIVE' AND r.expiresAt <= :now`, { now })
      .orderBy('r.expiresAt', 'ASC')
      .limit(limit)
      .getMany();
  }
}
