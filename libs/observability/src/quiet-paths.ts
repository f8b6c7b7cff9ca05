/**
 * Probes and scrapes: the health endpoints, /metrics and the gateway's /healthz. Neither the request
 * log nor a new trace is worth having for them (platform-logger.ts, telemetry.ts).
 */
const QUIET_PATHS = /^\/(health\/|metrics|healthz)/;

export function isQuietPath(path: string): boolean {
  return QUIET_PATHS.test(path);
}
