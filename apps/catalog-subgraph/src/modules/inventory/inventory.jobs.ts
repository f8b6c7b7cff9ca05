import { declareQueue } from '@platform/queue';

/**
 * Reservation expiry, run by the worker:
 * - `reservation.expire`: one delayed job per reservation (job id = reservation id, delay = its
 *   lifetime), added by commitInventory;
 * - `reservations.sweep`: a repeatable job expiring every ACTIVE reservation past its expiry whose
 *   own job was lost (Redis flushed, the job failed every attempt).
 * Both are idempotent: only an ACTIVE reservation expires, once.
 */
export const CatalogInventoryQueue = declareQueue({
  name: 'catalog-inventory',
  jobs: ['reservation.expire', 'reservations.sweep'],
});

export const EXPIRE_RESERVATION_JOB = 'reservation.expire';
export const SWEEP_RESERVATIONS_JOB = 'reservations.sweep';

/** Payload of `reservation.expire`: ids only. */
export interface ExpireReservationJobData {
  readonly storeId: string;
  readonly reservationId: string;
}

/** Period of the sweep, and how many overdue reservations one sweep expires at most. */
export const SWEEP_EVERY_MS = 60_000;
export const SWEEP_BATCH_SIZE = 500;

/** Expiry jobs run in parallel up to this many per worker process. */
export const INVENTORY_WORKER_CONCURRENCY = 4;
