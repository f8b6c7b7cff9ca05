import { Injectable } from '@nestjs/common';
import { nowMs } from '@platform/graphql-subgraph';
import { endReservation } from './inventory-ledger';
import { SWEEP_BATCH_SIZE } from './inventory.jobs';
import { InventoryRepository } from './inventory.repository';

/** A `reservation.expire` job ran before the reservation's expiry: BullMQ retries it with backoff. */
export class ReservationNotDueError extends Error {
  constructor(reservationId: string, expiresAt: Date) {
    super(`reservation ${reservationId} expires at ${expiresAt.toISOString()}, not yet`);
  }
}

/** The worker's side of reservations: expiring those nobody released in time. */
@Injectable()
export class InventoryExpiryService {
  constructor(private readonly inventory: InventoryRepository) {}

  /**
   * Expires the reservation if it is still ACTIVE: EXPIRED, its units leave committed, one
   * RELEASE adjustment. Idempotent: true only for the call that expired it; a released, expired or
   * unknown reservation changes nothing.
   */
  expire(storeId: string, reservationId: string, now: Date = nowMs()): Promise<boolean> {
    return this.inventory.transaction(async (tx) => {
      const reservation = await tx.lockReservation(storeId, reservationId);
      if (!reservation || reservation.status !== 'ACTIVE') return false;
      if (reservation.expiresAt.getTime() > now.getTime())
        throw new ReservationNotDueError(reservation.id, reservation.expiresAt);
      await endReservation(tx, reservation, 'EXPIRED');
      return true;
    });
  }

  /** Expires up to SWEEP_BATCH_SIZE ACTIVE reservations already past their expiry; returns how many. */
  async sweep(now: Date = nowMs()): Promise<number> {
    const overdue = await this.inventory.findOverdueReservations(now, SWEEP_BATCH_SIZE);
    let expired = 0;
    for (const r of overdue) if (await this.expire(r.storeId, r.id, now)) expired++;
    return expired;
  }
}
