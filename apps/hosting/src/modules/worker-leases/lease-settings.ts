/**
 * How a hosting worker holds its lease (docs/hosting.md, "Several workers"): read once at worker
 * start by config/hosting.config.ts, injected as LEASE_SETTINGS.
 */
export interface LeaseSettings {
  /** How often the worker extends its lease and claims orphans: HOSTING_LEASE_HEARTBEAT_MS, default 2000. */
  readonly heartbeatMs: number;
  /** How long a lease lasts past its last heartbeat: HOSTING_LEASE_TTL_MS, default 10000 (> 2 × heartbeat). */
  readonly ttlMs: number;
  /**
   * How long a new owner waits for the previous owner to stop its copy before giving up (the start
   * fails, retried later): HOSTING_LEASE_HANDOFF_WAIT_MS, default 30000.
   */
  readonly handoffWaitMs: number;
  /** Base URL other workers forward `/hosted/…` to: HOSTING_WORKER_ADDRESS, default `http://127.0.0.1:<PORT>`. */
  readonly address: string;
}

export const LEASE_SETTINGS = Symbol('LEASE_SETTINGS');
