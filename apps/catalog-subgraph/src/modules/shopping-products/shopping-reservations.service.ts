import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { nowMs } from '@platform/graphql-subgraph';
import type { StoreReservation } from '@platform/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { InventoryExpiryProducer } from '../inventory/inventory-expiry.producer';
import { InventoryReservationEntity } from '../inventory/inventory-reservation.entity';
import { DEFAULT_RESERVATION_SECONDS } from '../inventory/inventory-rules';
import { InventoryRepository } from '../inventory/inventory.repository';
import { InventoryService } from '../inventory/inventory.service';
import { ShoppingReservationEntity } from './shopping-reservation.entity';
import { ShoppingErrors } from './shopping-products.errors';

export interface ReservationInput {
  readonly reference: string;
  readonly lines: readonly { readonly skuId: string; readonly quantity: number }[];
  readonly ttlSeconds?: number;
}

export type ReservationOutcome =
  | { readonly ok: true; readonly reservation: StoreReservation }
  | { readonly ok: false; readonly skuIds: string[] };

/** The lines' SKUs that cannot be reserved; thrown inside the transaction so it rolls back. */
class OutOfStock extends Error {
  constructor(readonly skuIds: string[]) {
    super(`out of stock: ${skuIds.join(', ')}`);
  }
}

interface CountRow {
  location_id: string;
  available: number;
  allows_negative: boolean;
}

/**
 * The Shopping API's reservations: every line or none, through the inventory's own commit
 * (InventoryService.commitInTransaction: the SKU and location checks, the count lock, the rules of
 * inventory-rules.ts, the ledger, the expiry job) in one transaction, recorded under the caller's
 * reference so a replay answers the same reservation ids.
 *
 * A SKU tracks inventory when it has a count at some location (it was stocked, committed or
 * adjusted there once); one without is always available and takes no reservation. A tracked
 * line takes units from the SKU's unarchived locations, most available first (several
 * reservations when one location has too few); what no location has is taken from one that allows
 * negative inventory, else the line is out of stock. Unknown SKUs, and SKUs not ACTIVE, are out of
 * stock too (the Shopping API checked them by lookup first: this is a race).
 */
@Injectable()
export class ShoppingReservationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly inventory: InventoryService,
    private readonly inventoryRows: InventoryRepository,
    private readonly expiry: InventoryExpiryProducer,
  ) {}

  async reserve(storeId: string, input: ReservationInput): Promise<ReservationOutcome> {
    const lines = mergeLines(input.lines);
    const linesHash = createHash('sha256').update(JSON.stringify(lines)).digest('hex');
    try {
      return await this.dataSource.transaction(async (manager) => {
        const existing = await this.claim(manager, storeId, input.reference, linesHash);
        if (existing) {
          if (existing.status === 'RELEASED') throw ShoppingErrors.referenceReleased(input.reference);
          if (existing.linesHash !== linesHash) throw ShoppingErrors.referenceReused(input.reference);
          return { ok: true, reservation: reservationOf(existing) };
        }
        const skus = await this.sellableSkus(
          manager,
          storeId,
          lines.map((l) => l.skuId),
        );
        const missing = lines.filter((l) => !skus.has(l.skuId)).map((l) => l.skuId);
        if (missing.length) throw new OutOfStock(missing);
        const reservations: InventoryReservationEntity[] = [];
        const short: string[] = [];
        // Lines in SKU id order, locations in a fixed order: concurrent reservations lock counts
        // in the same order and never deadlock.
        for (const line of lines) {
          const plan = await this.plan(manager, storeId, line.skuId, line.quantity);
          if (plan === 'untracked') continue;
          if (plan === 'short') {
            short.push(line.skuId);
            continue;
          }
          if (short.length) continue;
          for (const part of plan) {
            const { reservation } = await this.inventory.commitInTransaction(
              this.inventoryRows.boundTo(manager),
              storeId,
              {
                locationId: part.locationId,
                skuId: line.skuId,
                quantity: part.quantity,
                expiresInSeconds: input.ttlSeconds ?? DEFAULT_RESERVATION_SECONDS,
              },
            );
            reservations.push(reservation);
          }
        }
        if (short.length) throw new OutOfStock(short);
        const row = await this.record(
          manager,
          storeId,
          input.reference,
          reservations.map((r) => r.id),
        );
        // Last, inside the transaction, as commitInventory does: if Redis refuses, nothing is kept.
        for (const reservation of reservations) await this.expiry.scheduleExpiry(reservation);
        return { ok: true, reservation: reservationOf(row) };
      });
    } catch (e) {
      if (e instanceof OutOfStock) return { ok: false, skuIds: e.skuIds };
      throw e;
    }
  }

  /**
   * Gives the reservation's units back (every inventory reservation still ACTIVE is RELEASED;
   * expired ones gave theirs back already). Idempotent: a released reference answers the same; an
   * unknown one is recorded as released with no reservations, so a reserve of it arriving late
   * (RESERVATION_RELEASED) holds nothing.
   */
  async release(storeId: string, reference: string): Promise<StoreReservation> {
    const released: string[] = [];
    const row = await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO "catalog"."shopping_reservations"
           (store_id, reference, lines_hash, reservation_ids, status, created_at, updated_at)
         VALUES ($1, $2, '', '{}', 'RELEASED', $3, $3) ON CONFLICT DO NOTHING`,
        [storeId, reference, nowMs()],
      );
      const found = await this.lockRow(manager, storeId, reference);
      if (found.status === 'RELEASED') return found;
      for (const id of [...found.reservationIds].sort())
        if (
          await this.inventory.releaseIfActiveInTransaction(this.inventoryRows.boundTo(manager), storeId, id)
        )
          released.push(id);
      await manager
        .getRepository(ShoppingReservationEntity)
        .update({ storeId, reference }, { status: 'RELEASED', updatedAt: nowMs() });
      return found;
    });
    for (const id of released) await this.expiry.cancelExpiry(id);
    return reservationOf(row);
  }

  /**
   * The reference's row when one exists (locked; a concurrent reserve of the same reference waits
   * here until the first commits or rolls back), else null and the reference is ours until commit.
   */
  private async claim(
    manager: EntityManager,
    storeId: string,
    reference: string,
    linesHash: string,
  ): Promise<ShoppingReservationEntity | null> {
    const at = nowMs();
    const inserted = (await manager.query(
      `INSERT INTO "catalog"."shopping_reservations"
         (store_id, reference, lines_hash, reservation_ids, status, created_at, updated_at)
       VALUES ($1, $2, $3, '{}', 'ACTIVE', $4, $4) ON CONFLICT DO NOTHING RETURNING reference`,
      [storeId, reference, linesHash, at],
    )) as unknown[];
    return inserted.length ? null : this.lockRow(manager, storeId, reference);
  }

  private async record(
    manager: EntityManager,
    storeId: string,
    reference: string,
    reservationIds: string[],
  ): Promise<ShoppingReservationEntity> {
    await manager
      .getRepository(ShoppingReservationEntity)
      .update({ storeId, reference }, { reservationIds, updatedAt: nowMs() });
    return this.lockRow(manager, storeId, reference);
  }

  private lockRow(
    manager: EntityManager,
    storeId: string,
    reference: string,
  ): Promise<ShoppingReservationEntity> {
    return manager
      .getRepository(ShoppingReservationEntity)
      .createQueryBuilder('r')
      .where('r.storeId = :storeId AND r.reference = :reference', { storeId, reference })
      .setLock('pessimistic_write')
      .getOneOrFail();
  }

  /** The SKUs among `skuIds` that are the store's and ACTIVE. */
  private async sellableSkus(
    manager: EntityManager,
    storeId: string,
    skuIds: string[],
  ): Promise<Set<string>> {
    const rows = (await manager.query(
      `SELECT id::text AS id FROM "catalog"."records"
        WHERE store_id = $1 AND kind = 'SKU' AND id = ANY($2::uuid[]) AND status = 'ACTIVE'`,
      [storeId, skuIds],
    )) as { id: string }[];
    return new Set(rows.map((r) => r.id));
  }

  /**
   * Where a line's units come from, under the locks of the SKU's location links and counts:
   * 'untracked' without counts, 'short' when the unarchived locations cannot give `quantity`.
   */
  private async plan(
    manager: EntityManager,
    storeId: string,
    skuId: string,
    quantity: number,
  ): Promise<'untracked' | 'short' | { locationId: string; quantity: number }[]> {
    // The location links first, then the counts, as every inventory change takes them
    // (InventoryService.target links the SKU before lockCount): no lock order is inverted.
    await manager.query(
      `SELECT 1 FROM "catalog"."links"
        WHERE store_id = $1 AND relation = 'LOCATION:SKU' AND member_id = $2
        ORDER BY owner_id FOR UPDATE`,
      [storeId, skuId],
    );
    const counts = (await manager.query(
      `SELECT c.location_id::text AS location_id, c.on_hand - c.committed AS available,
              COALESCE(loc."data"->>'allowNegativeInventory' = 'true', false) AS allows_negative,
              loc.status AS location_status
         FROM "catalog"."inventory_counts" c
         LEFT JOIN "catalog"."records" loc ON loc.id = c.location_id AND loc.kind = 'LOCATION'
        WHERE c.store_id = $1 AND c.sku_id = $2
        ORDER BY c.location_id
          FOR UPDATE OF c`,
      [storeId, skuId],
    )) as (CountRow & { location_status: string | null })[];
    if (counts.length === 0) return 'untracked';
    const usable = counts
      .filter((c) => c.location_status !== null && c.location_status !== 'ARCHIVED')
      .sort((a, b) => b.available - a.available || a.location_id.localeCompare(b.location_id));
    const parts: { locationId: string; quantity: number }[] = [];
    let left = quantity;
    for (const c of usable) {
      if (left === 0) break;
      const take = Math.min(left, Math.max(c.available, 0));
      if (take > 0) {
        parts.push({ locationId: c.location_id, quantity: take });
        left -= take;
      }
    }
    if (left > 0) {
      const backorder = usable.find((c) => c.allows_negative);
      if (!backorder) return 'short';
      const part = parts.find((p) => p.locationId === backorder.location_id);
      if (part) part.quantity += left;
      else parts.push({ locationId: backorder.location_id, quantity: left });
    }
    return parts;
  }
}

/** One line per SKU (quantities added), in SKU id order. */
function mergeLines(lines: ReservationInput['lines']): { skuId: string; quantity: number }[] {
  const total = new Map<string, number>();
  for (const l of lines) {
    const id = l.skuId.toLowerCase();
    total.set(id, (total.get(id) ?? 0) + l.quantity);
  }
  return [...total.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([skuId, quantity]) => ({ skuId, quantity }));
}

function reservationOf(row: ShoppingReservationEntity): StoreReservation {
  return { reference: row.reference, reservationIds: row.reservationIds };
}
