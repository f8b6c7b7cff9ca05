import { randomUUID } from 'node:crypto';
import { nowMs } from '@platform/graphql-subgraph';
import { EntityManager } from 'typeorm';
import { InventoryAdjustmentEntity, InventoryAdjustmentKind } from './inventory-adjustment.entity';
import { InventoryCountEntity } from './inventory-count.entity';
import { InventoryReservationEntity, InventoryReservationStatus } from './inventory-reservation.entity';
import { InventoryOutcome, availableOf, release } from './inventory-rules';
import { INVENTORY_COUNT_TYPES, InventoryCountType } from './inventory-type-count.entity';
import { InventoryErrors } from './inventory.errors';

/**
 * The transactional steps every inventory change is made of, shared by the API (stock, commit,
 * release, adjust) and the worker (expiry). Each takes the manager of a transaction the caller
 * opened; locks are always taken reservation first, then count, so two changes never deadlock.
 */

/**
 * The count of (location, SKU), created at zero when missing and locked FOR UPDATE until the
 * transaction ends: concurrent changes of one count run one after the other, each seeing the
 * levels the previous one left.
 */
export async function lockCount(
  manager: EntityManager,
  storeId: string,
  locationId: string,
  skuId: string,
): Promise<InventoryCountEntity> {
  await manager.query(
    `INSERT INTO "catalog"."inventory_counts" (location_id, sku_id, store_id, on_hand, committed, updated_at)
     VALUES ($1, $2, $3, 0, 0, $4) ON CONFLICT (location_id, sku_id) DO NOTHING`,
    [locationId, skuId, storeId, nowMs()],
  );
  return manager
    .getRepository(InventoryCountEntity)
    .createQueryBuilder('c')
    .where('c.locationId = :locationId AND c.skuId = :skuId', { locationId, skuId })
    .setLock('pessimistic_write')
    .getOneOrFail();
}

export interface AdjustmentFields {
  readonly type: InventoryAdjustmentKind;
  readonly quantity: number;
  readonly reasonId?: string | null;
  readonly reservationId?: string | null;
}

/**
 * Writes `outcome` into the locked count and records the adjustment that explains it; a refused
 * outcome throws its error (the transaction rolls back, nothing is written).
 */
export async function applyChange(
  manager: EntityManager,
  count: InventoryCountEntity,
  outcome: InventoryOutcome,
  fields: AdjustmentFields,
): Promise<InventoryAdjustmentEntity> {
  if (!outcome.ok) throw InventoryErrors.refused(outcome.refusal, count.skuId, count.locationId);
  const at = nowMs();
  await manager
    .getRepository(InventoryCountEntity)
    .update(
      { locationId: count.locationId, skuId: count.skuId },
      { onHand: outcome.levels.onHand, committed: outcome.levels.committed, updatedAt: at },
    );
  Object.assign(count, outcome.levels, { updatedAt: at });
  await writeTypeCounts(manager, count, at);
  const adjustments = manager.getRepository(InventoryAdjustmentEntity);
  return adjustments.save(
    adjustments.create({
      id: randomUUID(),
      storeId: count.storeId,
      locationId: count.locationId,
      skuId: count.skuId,
      type: fields.type,
      quantity: fields.quantity,
      reasonId: fields.reasonId ?? null,
      reservationId: fields.reservationId ?? null,
      createdAt: at,
    }),
  );
}

/**
 * The count's ON_HAND, COMMITTED and AVAILABLE rows (inventory-type-count.entity.ts) set to its
 * levels, inside the transaction that holds the count's lock: made with new ids the first time,
 * later only the quantities that changed move (and their updatedAt).
 */
async function writeTypeCounts(manager: EntityManager, count: InventoryCountEntity, at: Date): Promise<void> {
  const quantities: Record<InventoryCountType, number> = {
    ON_HAND: count.onHand,
    COMMITTED: count.committed,
    AVAILABLE: availableOf(count),
  };
  const types = [...INVENTORY_COUNT_TYPES];
  await manager.query(
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

/** The reservation, locked FOR UPDATE; null when it is not one of the store's. */
export function lockReservation(
  manager: EntityManager,
  storeId: string,
  reservationId: string,
): Promise<InventoryReservationEntity | null> {
  return manager
    .getRepository(InventoryReservationEntity)
    .createQueryBuilder('r')
    .where('r.id = :reservationId AND r.storeId = :storeId', { reservationId, storeId })
    .setLock('pessimistic_write')
    .getOne();
}

/**
 * Ends a locked ACTIVE reservation (RELEASED by the API, EXPIRED by the worker): its units leave
 * `committed` and a RELEASE adjustment names it. The caller checked it is ACTIVE under the lock,
 * so this runs at most once per reservation.
 */
export async function endReservation(
  manager: EntityManager,
  reservation: InventoryReservationEntity,
  status: Exclude<InventoryReservationStatus, 'ACTIVE'>,
): Promise<InventoryAdjustmentEntity> {
  const count = await lockCount(manager, reservation.storeId, reservation.locationId, reservation.skuId);
  const adjustment = await applyChange(manager, count, release(count, reservation.quantity), {
    type: 'RELEASE',
    quantity: reservation.quantity,
    reservationId: reservation.id,
  });
  await manager
    .getRepository(InventoryReservationEntity)
    .update({ id: reservation.id }, { status, updatedAt: adjustment.createdAt });
  reservation.status = status;
  return adjustment;
}
