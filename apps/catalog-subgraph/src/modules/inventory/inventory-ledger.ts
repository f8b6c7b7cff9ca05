import { nowMs } from '@platform/graphql-subgraph';
import { InventoryAdjustmentEntity, InventoryAdjustmentKind } from './inventory-adjustment.entity';
import { InventoryCountEntity } from './inventory-count.entity';
import { InventoryReservationEntity, InventoryReservationStatus } from './inventory-reservation.entity';
import { InventoryOutcome, availableOf, release } from './inventory-rules';
import { InventoryCountType } from './inventory-type-count.entity';
import { InventoryErrors } from './inventory.errors';
import type { InventoryRepository } from './inventory.repository';

/**
 * The transactional steps every inventory change is made of, shared by the API (stock, commit,
 * release, adjust) and the worker (expiry). Each takes the InventoryRepository copy of a
 * transaction the caller opened; locks are always taken reservation first, then count, so two
 * changes never deadlock.
 */

/**
 * The count of (location, SKU), created at zero when missing and locked FOR UPDATE until the
 * transaction ends: concurrent changes of one count run one after the other, each seeing the
 * levels the previous one left.
 */
export function lockCount(
  tx: InventoryRepository,
  storeId: string,
  locationId: string,
  skuId: string,
): Promise<InventoryCountEntity> {
  return tx.lockCount(storeId, locationId, skuId, nowMs());
}

export interface AdjustmentFields {
  readonly type: InventoryAdjustmentKind;
  readonly quantity: number;
  readonly reasonId?: string | null;
  readonly reservationId?: string | null;
}

/**
 * Writes `outcome` into the locked count (with its ON_HAND, COMMITTED and AVAILABLE rows, inside
 * the transaction that holds the count's lock) and records the adjustment that explains it; a
 * refused outcome throws its error (the transaction rolls back, nothing is written).
 */
export async function applyChange(
  tx: InventoryRepository,
  count: InventoryCountEntity,
  outcome: InventoryOutcome,
  fields: AdjustmentFields,
): Promise<InventoryAdjustmentEntity> {
  if (!outcome.ok) throw InventoryErrors.refused(outcome.refusal, count.skuId, count.locationId);
  const at = nowMs();
  const levels = outcome.levels;
  const quantities: Record<InventoryCountType, number> = {
    ON_HAND: levels.onHand,
    COMMITTED: levels.committed,
    AVAILABLE: availableOf(levels),
  };
  await tx.writeLevels(count, levels, quantities, at);
  Object.assign(count, levels, { updatedAt: at });
  return tx.insertAdjustment({
    storeId: count.storeId,
    locationId: count.locationId,
    skuId: count.skuId,
    type: fields.type,
    quantity: fields.quantity,
    reasonId: fields.reasonId ?? null,
    reservationId: fields.reservationId ?? null,
    createdAt: at,
  });
}

/**
 * Ends a locked ACTIVE reservation (RELEASED by the API, EXPIRED by the worker): its units leave
 * `committed` and a RELEASE adjustment names it. The caller checked it is ACTIVE under the lock,
 * so this runs at most once per reservation.
 */
export async function endReservation(
  tx: InventoryRepository,
  reservation: InventoryReservationEntity,
  status: Exclude<InventoryReservationStatus, 'ACTIVE'>,
): Promise<InventoryAdjustmentEntity> {
  const count = await lockCount(tx, reservation.storeId, reservation.locationId, reservation.skuId);
  const adjustment = await applyChange(tx, count, release(count, reservation.quantity), {
    type: 'RELEASE',
    quantity: reservation.quantity,
    reservationId: reservation.id,
  });
  await tx.setReservationStatus(reservation.id, status, adjustment.createdAt);
  reservation.status = status;
  return adjustment;
}
