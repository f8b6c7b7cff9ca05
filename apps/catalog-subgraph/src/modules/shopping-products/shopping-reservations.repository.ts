import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { InventoryRepository } from '../inventory/inventory.repository';
import { ShoppingReservationEntity, ShoppingReservationStatus } from './shopping-reservation.entity';

/** A count of the SKU at a location, as a reservation plans from it. */
export interface SkuStockRow {
  readonly location_id: string;
  readonly available: number;
  readonly allows_negative: boolean;
  /** The location's status; null when the location is not a record of the catalog. */
  readonly location_status: string | null;
}

/**
 * The Shopping API's reservations (`catalog.shopping_reservations`, a reference's row and its
 * inventory reservation ids) and what a reservation reads of the catalog under its locks (the
 * sellable SKUs, a SKU's location links and counts). `transaction(work)` runs `work` with a copy
 * bound to one transaction; its `inventory` is the InventoryRepository in the same transaction.
 */
@Injectable()
export class ShoppingReservationsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: ShoppingReservationsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new ShoppingReservationsRepository(manager)));
  }

  /** Inventory's repository, in this copy's transaction. */
  get inventory(): InventoryRepository {
    return new InventoryRepository(this.manager);
  }

  /**
   * Inserts the reference's row (no reservation ids yet) unless the store has one; true when this
   * call inserted it (the reference is this transaction's until it commits).
   */
  async insertIfAbsent(
    storeId: string,
    reference: string,
    linesHash: string,
    status: ShoppingReservationStatus,
    at: Date,
  ): Promise<boolean> {
    const inserted = (await this.manager.query(
      `INSERT INTO "catalog"."shopping_reservations"
         (store_id, reference, lines_hash, reservation_ids, status, created_at, updated_at)
       VALUES ($1, $2, $3, '{}', $4, $5, $5) ON CONFLICT DO NOTHING RETURNING reference`,
      [storeId, reference, linesHash, status, at],
    )) as unknown[];
    return inserted.length > 0;
  }

  /** The reference's row, locked FOR UPDATE until the transaction ends (it must exist). */
  lockByReference(storeId: string, reference: string): Promise<ShoppingReservationEntity> {
    return this.manager
      .getRepository(ShoppingReservationEntity)
      .createQueryBuilder('r')
      .where('r.storeId = :storeId AND r.reference = :reference', { storeId, reference })
      .setLock('pessimistic_write')
      .getOneOrFail();
  }

  async setReservationIds(
    storeId: string,
    reference: string,
    reservationIds: string[],
    at: Date,
  ): Promise<void> {
    await this.manager
      .getRepository(ShoppingReservationEntity)
      .update({ storeId, reference }, { reservationIds, updatedAt: at });
  }

  async setStatus(
    storeId: string,
    reference: string,
    status: ShoppingReservationStatus,
    at: Date,
  ): Promise<void> {
    await this.manager
      .getRepository(ShoppingReservationEntity)
      .update({ storeId, reference }, { status, updatedAt: at });
  }

  /** The ids among `skuIds` of the store's SKUs that are ACTIVE. */
  async findSellableSkuIds(storeId: string, skuIds: readonly string[]): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT id::text AS id FROM "catalog"."records"
        WHERE store_id = $1 AND kind = 'SKU' AND id = ANY($2::uuid[]) AND status = 'ACTIVE'`,
      [storeId, skuIds],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /**
   * The SKU's counts at each location (in location id order, with the location's status and
   * whether it allows negative inventory), locked until the transaction ends: the SKU's location
   * links first, then the counts, as every inventory change takes them (InventoryService links the
   * SKU before it locks a count), so no lock order is inverted.
   */
  async lockSkuStock(storeId: string, skuId: string): Promise<SkuStockRow[]> {
    await this.manager.query(
      `SELECT 1 FROM "catalog"."links"
        WHERE store_id = $1 AND relation = 'LOCATION:SKU' AND member_id = $2
        ORDER BY owner_id FOR UPDATE`,
      [storeId, skuId],
    );
    return this.manager.query(
      `SELECT c.location_id::text AS location_id, c.on_hand - c.committed AS available,
              COALESCE(loc."data"->>'allowNegativeInventory' = 'true', false) AS allows_negative,
              loc.status AS location_status
         FROM "catalog"."inventory_counts" c
         LEFT JOIN "catalog"."records" loc ON loc.id = c.location_id AND loc.kind = 'LOCATION'
        WHERE c.store_id = $1 AND c.sku_id = $2
        ORDER BY c.location_id
          FOR UPDATE OF c`,
      [storeId, skuId],
    );
  }
}
