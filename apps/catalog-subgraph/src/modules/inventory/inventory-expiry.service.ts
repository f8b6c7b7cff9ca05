import { Injectable } from '@nestjs/common';
import { nowMs } from '@platform/graphql-subgraph';
import { DataSource } from 'typeorm';
import { endReservation, lockReservation } from './inventory-ledger';
import { InventoryReservationEntity } from './inventory-reservation.entity';
import { SWEEP_BATCH_SIZE } from './inventory.jobs';

/** A `reservation.expire` job ran before the reservation's expiry: BullMQ retries it with backoff. */
export class ReservationNotDueError extends Error {
  constructor(reservationId: string, expiresAt: Date) {
    super(`reservation ${reservationId} expires at ${expiresAt.toISOString()}, not yet`);
  }
}

/** The worker's side of reservations: expiring those nobody released in time. */
@Injectable()
export class InventoryExpiryService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Expires the reservation if it is still ACTIVE: EXPIRED, its units leave committed, one
   * RELEASE adjustment. Idempotent: true only for the call that expired it; a released, expired or
   * unknown reservation changes nothing.
   */
  expire(storeId: string, reservationId: string, now: Date = nowMs()): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const reservation = await lockReservation(manager, storeId, reservationId);
      if (!reservation || reservation.status !== 'ACTIVE') return false;
      if (reservation.expiresAt.getTime() > now.getTime())
        throw new ReservationNotDueError(reservation.id, reservation.expiresAt);
      await endReservation(manager, reservation, 'EXPIRED');
      return true;
    });
  }

  /** Expires up to SWEEP_BATCH_SIZE ACTIVE reservations already past their expiry; returns how many. */
  async sweep(now: Date = nowMs()): Promise<number> {
    const overdue = await this.dataSource
      .getRepository(InventoryReservationEntity)
      .createQueryBuilder('r')
      .select(['r.id', 'r.storeId'])
      .where(`r.status = 'ACTIVE' AND r.expiresAt <= :now`, { now })
      .orderBy('r.expiresAt', 'ASC')
      .limit(SWEEP_BATCH_SIZE)
      .getMany();
    let expired = 0;
    for (const r of overdue) if (await this.expire(r.storeId, r.id, now)) expired++;
    return expired;
  }
}
