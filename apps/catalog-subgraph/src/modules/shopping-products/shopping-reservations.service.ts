import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { nowMs } from '@platform/graphql-subgraph';
import type { StoreReservation } from '@platform/contracts';
import { InventoryExpiryProducer } from '../inventory/inventory-expiry.producer';
import { InventoryReservationEntity } from '../inventory/inventory-reservation.entity';
import { DEFAULT_RESERVATION_SECONDS } from '../inventory/inventory-rules';
import { InventoryService } from '../inventory/inventory.service';
import { ShoppingReservationEntity } from './shopping-reservation.entity';
import { ShoppingReservationsRepository } from './shopping-reservations.repository';
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
    private readonly reservations: ShoppingReservationsRepository,
    private readonly inventory: InventoryService,
    private readonly expiry: InventoryExpiryProducer,
  ) {}

  async reserve(storeId: string, input: ReservationInput): Promise<ReservationOutcome> {
    const lines = mergeLines(input.lines);
    const linesHash = createHash('sha256').update(JSON.stringify(lines)).digest('hex');
    try {
      return await this.reservations.transaction(async (tx) => {
        const existing = await this.claim(tx, storeId, input.reference, linesHash);
        if (existing) {
          if (existing.status === 'RELEASED') throw ShoppingErrors.referenceReleased(input.reference);
          if (existing.linesHash !== linesHash) throw ShoppingErrors.referenceReused(input.reference);
          return { ok: true, reservation: reservationOf(existing) };
        }
        const skus = new Set(
          await tx.findSellableSkuIds(
            storeId,
            lines.map((l) => l.skuId),
          ),
        );
        const missing = lines.filter((l) => !skus.has(l.skuId)).map((l) => l.skuId);
        if (missing.length) throw new OutOfStock(missing);
        const reservations: InventoryReservationEntity[] = [];
        const short: string[] = [];
        // Lines in SKU id order, locations in a fixed order: concurrent reservations lock counts
        // in the same order and never deadlock.
        for (const line of lines) {
          const plan = await this.plan(tx, storeId, line.skuId, line.quantity);
          if (plan === 'untracked') continue;
          if (plan === 'short') {
            short.push(line.skuId);
            continue;
          }
          if (short.length) continue;
          for (const part of plan) {
            const { reservation } = await this.inventory.commitInTransaction(tx.inventory, storeId, {
              locationId: part.locationId,
              skuId: line.skuId,
              quantity: part.quantity,
              expiresInSeconds: input.ttlSeconds ?? DEFAULT_RESERVATION_SECONDS,
            });
            reservations.push(reservation);
          }
        }
        if (short.length) throw new OutOfStock(short);
        await tx.setReservationIds(
          storeId,
          input.reference,
          reservations.map((r) => r.id),
          nowMs(),
        );
        const row = await tx.lockByReference(storeId, input.reference);
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
    const row = await this.reservations.transaction(async (tx) => {
      await tx.insertIfAbsent(storeId, reference, '', 'RELEASED', nowMs());
      const found = await tx.lockByReference(storeId, reference);
      if (found.status === 'RELEASED') return found;
      for (const id of [...found.reservationIds].sort())
        if (await this.inventory.releaseIfActiveInTransaction(tx.inventory, storeId, id)) released.push(id);
      await tx.setStatus(storeId, reference, 'RELEASED', nowMs());
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
    tx: ShoppingReservationsRepository,
    storeId: string,
    reference: string,
    linesHash: string,
  ): Promise<ShoppingReservationEntity | null> {
    const inserted = await tx.insertIfAbsent(storeId, reference, linesHash, 'ACTIVE', nowMs());
    return inserted ? null : tx.lockByReference(storeId, reference);
  }

  /**
   * Where a line's units come from, under the locks of the SKU's location links and counts:
   * 'untracked' without counts, 'short' when the unarchived locations cannot give `quantity`.
   */
  private async plan(
    tx: ShoppingReservationsRepository,
    storeId: string,
    skuId: string,
    quantity: number,
  ): Promise<'untracked' | 'short' | { locationId: string; quantity: number }[]> {
    const counts = await tx.lockSkuStock(storeId, skuId);
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
