import { declareQueue } from '@platform/queue';

export const OUTBOX_RELAY_JOB = 'outbox.relay';

/**
 * The order outbox's relay, run by the order subgraph's worker: one job name, `outbox.relay`,
 * which publishes every due outbox row to its queue (OutboxRelay.drain). It is added by the API
 * after a commit that wrote outbox rows, by a worker when it starts, and by the sweep's job
 * scheduler every OUTBOX_SWEEP_EVERY_MS (rows whose wake-up was lost, rows backing off).
 */
export const OrdersOutboxQueue = declareQueue({ name: 'orders-outbox', jobs: [OUTBOX_RELAY_JOB] });

/** Fixed job scheduler id: one sweep schedule however many workers start. */
export const OUTBOX_SWEEP_SCHEDULER = 'orders-outbox-sweep';

/** Period of the sweep, the safety net behind the wake-ups. */
export const OUTBOX_SWEEP_EVERY_MS = 5_000;

/**
 * Deduplication id of the wake-ups: at most one waits while one runs (BullMQ keepLastIfActive),
 * however many commits ask, and a commit made while a relay runs still gets a run after it.
 */
export const OUTBOX_WAKE_UP_ID = 'orders-outbox-wake-up';
