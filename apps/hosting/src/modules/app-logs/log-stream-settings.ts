/**
 * Live log streams (docs/hosting.md, "Live logs"): read once at start by
 * config/hosting-log-streams.config.ts, injected as LOG_STREAM_SETTINGS (API).
 */
export interface LogStreamSettings {
  /** HOSTING_LOG_STREAM_HEARTBEAT_MS: a comment line this often; the token is checked again then. */
  readonly heartbeatMs: number;
  /** HOSTING_LOG_STREAM_POLL_MS: a follower reads new lines at least this often (behind the wake-ups). */
  readonly pollMs: number;
  /** HOSTING_LOG_STREAM_BUFFER_BYTES: bytes queued for one connection before it waits for its reader. */
  readonly bufferBytes: number;
  /** HOSTING_LOG_STREAM_STALL_MS: how long a reader may leave bufferBytes untaken before it is cut. */
  readonly stallMs: number;
  /** HOSTING_LOG_STREAMS_PER_TOKEN: open streams one credential may hold at once (all replicas). */
  readonly maxPerToken: number;
}

export const LOG_STREAM_SETTINGS = Symbol('LOG_STREAM_SETTINGS');

export const DEFAULT_LOG_STREAM_SETTINGS: LogStreamSettings = {
  heartbeatMs: 15_000,
  pollMs: 5000,
  bufferBytes: 1024 * 1024,
  stallMs: 10_000,
  maxPerToken: 5,
};
