import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CountedPage, KeysetSort, isUuid, nowMs, pageRequest } from '@platform/graphql-subgraph';
import { RecordErrors } from '../records/records.errors';
import { assertCursorPaging, sortOf } from '../records/list-query';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
import { CatalogRecordsService } from '../records/catalog-records.service';
import { InventoryAdjustmentEntity } from './inventory-adjustment.entity';
import { InventoryExpiryProducer } from './inventory-expiry.producer';
import { applyChange, endReservation, lockCount } from './inventory-ledger';
import { InventoryReservationEntity } from './inventory-reservation.entity';
import { InventoryCountType, InventoryTypeCountEntity } from './inventory-type-count.entity';
import { DEFAULT_RESERVATION_SECONDS, adjust, commit, stock } from './inventory-rules';
import { InventoryErrors } from './inventory.errors';
import { AdjustmentFilters, CountFilters, InventoryRepository } from './inventory.repository';

export type { AdjustmentFilters, CountFilters } from './inventory.repository';

export interface StockRequest {
  readonly locationId: string;
  readonly skuId: string;
  readonly quantity: number;
  readonly reasonId?: string | null;
}

export interface CommitRequest {
  readonly locationId: string;
  readonly skuId: string;
  readonly quantity: number;
  readonly expiresInSeconds?: number | null;
}

export interface AdjustRequest {
  readonly locationId: string;
  readonly skuId: string;
  readonly delta: number;
  readonly reasonId: string;
}

const CREATED_AT: KeysetSort<InventoryAdjustmentEntity> = {
  key: 'CREATED_AT',
  property: 'createdAt',
  sqlType: 'timestamptz',
  valueOf: (row) => row.createdAt.toISOString(),
};
const ADJUSTMENT_SORTS = {
  createdAt: CREATED_AT,
  id: { key: 'ID', property: 'id', sqlType: 'uuid', valueOf: (row: InventoryAdjustmentEntity) => row.id },
};
const COUNT_SORTS = {
  createdAt: {
    key: 'CREATED_AT',
    property: 'createdAt',
    sqlType: 'timestamptz',
    valueOf: (row: InventoryTypeCountEntity) => row.createdAt.toISOString(),
  },
  id: { key: 'ID', property: 'id', sqlType: 'uuid', valueOf: (row: InventoryTypeCountEntity) => row.id },
};

/**
 * Inventory of a store's SKUs at its locations. Every change runs in one transaction that checks
 * the SKU, location and reason are the store's, locks the count row, applies the rule of
 * inventory-rules.ts and records the adjustment; a reservation's expiry job is added in the same
 * transaction, before it commits.
 */
@Injectable()
export class InventoryService {
  constructor(
    private readonly inventory: InventoryRepository,
    private readonly expiry: InventoryExpiryProducer,
    private readonly records: CatalogRecordsService,
  ) {}

  /**
   * The counts of (location, SKU) in the store by type (AVAILABLE, COMMITTED, ON_HAND), or only
   * `type`'s; none when nothing was ever stocked or committed there.
   */
  async count(
    storeId: string,
    locationId: string,
    skuId: string,
    type?: InventoryCountType | null,
  ): Promise<InventoryTypeCountEntity[]> {
    if (!isUuid(locationId) || !isUuid(skuId)) return [];
    return this.inventory.findTypeCounts(storeId, locationId, skuId, type);
  }

  /** The store's counts by type, oldest first (createdAt, then id), keyset-paged. */
  async counts(storeId: string, args: CountFilters): Promise<CountedPage<InventoryTypeCountEntity>> {
    assertCursorPaging(args.paginationType);
    const request = pageRequest(args);
    const [sort, direction] = sortOf(args.orderBy, COUNT_SORTS);
    return this.inventory.pageTypeCounts(storeId, args, { request, sort, direction });
  }

  /** One adjustment of the store; INVENTORY_ADJUSTMENT_NOT_FOUND otherwise. */
  async adjustment(storeId: string, id: string): Promise<InventoryAdjustmentEntity> {
    const row = isUuid(id) ? await this.inventory.findAdjustment(storeId, id) : null;
    if (!row) throw InventoryErrors.adjustmentNotFound(id);
    return row;
  }

  /** The store's adjustments, oldest first, keyset-paged on (createdAt, id). */
  async adjustments(
    storeId: string,
    args: AdjustmentFilters,
  ): Promise<CountedPage<InventoryAdjustmentEntity>> {
    assertCursorPaging(args.paginationType);
    const request = pageRequest(args);
    const [sort, direction] = sortOf(args.orderBy, ADJUSTMENT_SORTS);
    return this.inventory.pageAdjustments(storeId, args, { request, sort, direction });
  }

  /** Units received: on hand +quantity; one STOCK adjustment. */
  stock(storeId: string, input: StockRequest): Promise<InventoryAdjustmentEntity[]> {
    return this.inventory.transaction(async (tx) => {
      const { location, sku } = await this.target(tx, storeId, input);
      const reasonId = input.reasonId != null ? await this.reasonId(tx, storeId, input.reasonId) : null;
      const count = await lockCount(tx, storeId, location.id, sku.id);
      return [
        await applyChange(tx, count, stock(count, input.quantity), {
          type: 'STOCK',
          quantity: input.quantity,
          reasonId,
        }),
      ];
    });
  }

  /**
   * Reserves units: committed +quantity under a new ACTIVE reservation (its id is the COMMIT
   * adjustment's reservationId), refused with INSUFFICIENT_INVENTORY when fewer are available,
   * unless the location allows negative inventory. The reservation expires after
   * `expiresInSeconds` unless released first.
   */
  commit(storeId: string, input: CommitRequest): Promise<InventoryAdjustmentEntity[]> {
    return this.inventory.transaction(async (tx) => {
      const { adjustment, reservation } = await this.commitInTransaction(tx, storeId, input);
      // Last, still inside the transaction: if Redis refuses the job nothing is committed; if the
      // commit fails after it, the job finds no reservation and does nothing.
      await this.expiry.scheduleExpiry(reservation);
      return [adjustment];
    });
  }

  /**
   * commit's steps inside the caller's transaction (`tx`, the InventoryRepository bound to it), without the expiry job: the caller schedules
   * it (InventoryExpiryProducer.scheduleExpiry) before its transaction commits. For callers that
   * reserve several lines all or nothing (the Shopping API's reservations).
   */
  async commitInTransaction(
    tx: InventoryRepository,
    storeId: string,
    input: CommitRequest,
  ): Promise<{ adjustment: InventoryAdjustmentEntity; reservation: InventoryReservationEntity }> {
    const { location, sku } = await this.target(tx, storeId, input);
    const count = await lockCount(tx, storeId, location.id, sku.id);
    const outcome = commit(count, input.quantity, allowsNegative(location));
    const at = nowMs();
    const seconds = input.expiresInSeconds ?? DEFAULT_RESERVATION_SECONDS;
    const reservation: InventoryReservationEntity = {
      id: randomUUID(),
      storeId,
      locationId: location.id,
      skuId: sku.id,
      quantity: input.quantity,
      status: 'ACTIVE',
      expiresAt: new Date(at.getTime() + seconds * 1000),
      createdAt: at,
      updatedAt: at,
    };
    const adjustment = await applyChange(tx, count, outcome, {
      type: 'COMMIT',
      quantity: input.quantity,
      reservationId: reservation.id,
    });
    return { adjustment, reservation: await tx.insertReservation(reservation) };
  }

  /**
   * Gives an ACTIVE reservation's units back (committed -quantity, one RELEASE adjustment).
   * RESERVATION_NOT_ACTIVE once it was released, expired or fulfilled.
   */
  async release(storeId: string, reservationId: string): Promise<InventoryAdjustmentEntity[]> {
    const adjustment = await this.inventory.transaction(async (tx) => {
      const reservation = isUuid(reservationId) ? await tx.lockReservation(storeId, reservationId) : null;
      if (!reservation) throw InventoryErrors.reservationNotFound(reservationId);
      if (reservation.status !== 'ACTIVE')
        throw InventoryErrors.reservationNotActive(reservation.id, reservation.status);
      return endReservation(tx, reservation, 'RELEASED');
    });
    await this.expiry.cancelExpiry(adjustment.reservationId ?? reservationId);
    return [adjustment];
  }

  /**
   * release's step inside the caller's transaction (`tx`, the InventoryRepository bound to it), for callers that end reservations they may
   * have ended before: the RELEASE adjustment when the reservation was ACTIVE, null when it was
   * already released, expired or fulfilled, or is not the store's. The caller cancels the expiry
   * job (InventoryExpiryProducer.cancelExpiry) once its transaction committed.
   */
  async releaseIfActiveInTransaction(
    tx: InventoryRepository,
    storeId: string,
    reservationId: string,
  ): Promise<InventoryAdjustmentEntity | null> {
    const reservation = isUuid(reservationId) ? await tx.lockReservation(storeId, reservationId) : null;
    if (!reservation || reservation.status !== 'ACTIVE') return null;
    return endReservation(tx, reservation, 'RELEASED');
  }

  /**
   * A correction of on hand by `delta`, with a reason; one ADJUST adjustment. A decrease that would
   * take on hand below committed is INSUFFICIENT_INVENTORY unless the location allows negative.
   */
  adjust(storeId: string, input: AdjustRequest): Promise<InventoryAdjustmentEntity[]> {
    return this.inventory.transaction(async (tx) => {
      const { location, sku } = await this.target(tx, storeId, input);
      const reasonId = await this.reasonId(tx, storeId, input.reasonId);
      const count = await lockCount(tx, storeId, location.id, sku.id);
      return [
        await applyChange(tx, count, adjust(count, input.delta, allowsNegative(location)), {
          type: 'ADJUST',
          quantity: input.delta,
          reasonId,
        }),
      ];
    });
  }

  /**
   * The location and SKU of a change, both the store's (LOCATION_NOT_FOUND, SKU_NOT_FOUND) and
   * not archived (LOCATION_ARCHIVED, SKU_ARCHIVED): an archived record takes no new stock or
   * reservations; reservations made before still release and expire. The SKU joins the location's
   * SKUs in the same transaction.
   */
  private async target(
    tx: InventoryRepository,
    storeId: string,
    input: { locationId: string; skuId: string },
  ): Promise<{ location: CatalogRecordEntity; sku: CatalogRecordEntity }> {
    const location = await this.records.get(storeId, 'LOCATION', input.locationId, tx.records);
    const sku = await this.records.get(storeId, 'SKU', input.skuId, tx.records);
    for (const record of [location, sku])
      if (record.status === 'ARCHIVED') throw RecordErrors.archived(record.kind, record.id);
    // A SKU with inventory at a location is one the location carries (Location.skus).
    await tx.links.linkSkuToLocation(storeId, location.id, sku.id, nowMs());
    return { location, sku };
  }

  private async reasonId(tx: InventoryRepository, storeId: string, id: string): Promise<string> {
    return (await this.records.get(storeId, 'INVENTORY_ADJUSTMENT_REASON', id, tx.records)).id;
  }
}

function allowsNegative(location: CatalogRecordEntity): boolean {
  return location.data.allowNegativeInventory === true;
}
