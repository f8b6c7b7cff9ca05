import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import {
  CatalogInventoryQueue,
  EXPIRE_RESERVATION_JOB,
  type ExpireReservationJobData,
} from './inventory.jobs';
import { errorMessage } from '@platform/errors';

/** The API's side of the `catalog-inventory` queue: the only place that adds its jobs. */
@Injectable()
export class InventoryExpiryProducer {
  private readonly logger = new Logger(InventoryExpiryProducer.name);

  constructor(
    @InjectQueue(CatalogInventoryQueue.name) private readonly queue: Queue<ExpireReservationJobData>,
  ) {}

  /**
   * A delayed `reservation.expire` job due at `expiresAt`, with the reservation id as job id (one
   * job per reservation, however often this is called).
   */
  async scheduleExpiry(reservation: { id: string; storeId: string; expiresAt: Date }): Promise<void> {
    await this.queue.add(
      EXPIRE_RESERVATION_JOB,
      { storeId: reservation.storeId, reservationId: reservation.id },
      { jobId: reservation.id, delay: Math.max(0, reservation.expiresAt.getTime() - Date.now()) },
    );
  }

  /**
   * Drops the expiry job of a reservation that ended. Best effort: a job left behind finds the
   * reservation no longer ACTIVE and does nothing.
   */
  async cancelExpiry(reservationId: string): Promise<void> {
    try {
      await this.queue.remove(reservationId);
    } catch (e) {
      this.logger.warn(`expiry job of reservation ${reservationId} not removed: ${errorMessage(e)}`);
    }
  }
}
