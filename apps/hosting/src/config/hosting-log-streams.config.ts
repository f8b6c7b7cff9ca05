import { Env, envInteger } from '@platform/config';
import { DEFAULT_LOG_STREAM_SETTINGS as D } from '../modules/app-logs/log-stream-settings';
import type { LogStreamSettings } from '../modules/app-logs/log-stream-settings';

/**
 * Live log streams (docs/hosting.md, "Live logs"), API only: HOSTING_LOG_STREAM_HEARTBEAT_MS (15000,
 * 100 to 300000), HOSTING_LOG_STREAM_POLL_MS (5000, 50 to 600000), HOSTING_LOG_STREAM_BUFFER_BYTES
 * (1048576, 65536 to 67108864), HOSTING_LOG_STREAM_STALL_MS (10000, 100 to
 * 600000), HOSTING_LOG_STREAMS_PER_TOKEN (5, 1 to 100).
 */
export function loadLogStreamSettings(env: Env): LogStreamSettings {
  return {
    heartbeatMs: envInteger(env, 'HOSTING_LOG_STREAM_HEARTBEAT_MS', D.heartbeatMs, 100, 300_000),
    pollMs: envInteger(env, 'HOSTING_LOG_STREAM_POLL_MS', D.pollMs, 50, 600_000),
    bufferBytes: envInteger(env, 'HOSTING_LOG_STREAM_BUFFER_BYTES', D.bufferBytes, 65_536, 64 * 1024 * 1024),
    stallMs: envInteger(env, 'HOSTING_LOG_STREAM_STALL_MS', D.stallMs, 100, 600_000),
    maxPerToken: envInteger(env, 'HOSTING_LOG_STREAMS_PER_TOKEN', D.maxPerToken, 1, 100),
  };
}
