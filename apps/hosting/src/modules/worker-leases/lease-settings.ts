import { ConfigError, envInteger as integer, envUrl as url } from '@platform/config';
import type { Env } from '@platform/config';

/** How a hosting worker holds its lease (docs/hosting.md, "Several workers"); read once, at boot. */
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

/** The lease settings; `port` is the worker's HTTP port (PlatformConfig.port) for the default address. */
export function loadLeaseSettings(port: number, env: Env = process.env): LeaseSettings {
  const heartbeatMs = integer(env, 'HOSTING_LEASE_HEARTBEAT_MS', 2000, 50, 60_000);
  const ttlMs = integer(env, 'HOSTING_LEASE_TTL_MS', 10_000, 100, 300_000);
  if (ttlMs <= 2 * heartbeatMs)
    throw new ConfigError(
      'HOSTING_LEASE_TTL_MS',
      `must be more than twice HOSTING_LEASE_HEARTBEAT_MS (${heartbeatMs}), got ${ttlMs}`,
    );
  const handoffWaitMs = integer(env, 'HOSTING_LEASE_HANDOFF_WAIT_MS', 30_000, 100, 600_000);
  const address = url(env, 'HOSTING_WORKER_ADDRESS', `http://127.0.0.1:${port}`, ['http:', 'https:']).replace(
    /\/+$/,
    '',
  );
  return { heartbeatMs, ttlMs, handoffWaitMs, address };
}
