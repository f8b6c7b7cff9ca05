import { ConfigError } from '@platform/config';
import { DEFAULT_LOG_STREAM_SETTINGS } from '../modules/app-logs/log-stream-settings';
import { loadLogStreamSettings } from './hosting-log-streams.config';

describe('live log stream settings', () => {
  it('default to a heartbeat every 15 s, a poll every 5 s, 1 MiB and 10 s per reader, 5 streams per token', () => {
    expect(loadLogStreamSettings({})).toEqual(DEFAULT_LOG_STREAM_SETTINGS);
    expect(DEFAULT_LOG_STREAM_SETTINGS).toEqual({
      heartbeatMs: 15_000,
      pollMs: 5000,
      bufferBytes: 1024 * 1024,
      stallMs: 10_000,
      maxPerToken: 5,
    });
  });

  it('refuses a value out of its range, naming the variable', () => {
    expect(() => loadLogStreamSettings({ HOSTING_LOG_STREAM_BUFFER_BYTES: '1024' })).toThrow(ConfigError);
    expect(() => loadLogStreamSettings({ HOSTING_LOG_STREAMS_PER_TOKEN: '0' })).toThrow(
      /HOSTING_LOG_STREAMS_PER_TOKEN/,
    );
  });
});
