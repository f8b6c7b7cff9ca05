import { ConfigError } from '@platform/config';
import { loadWebhookSettings } from './hosting-webhooks.config';

describe('loadWebhookSettings', () => {
  it('defaults to no allowed host, 15 attempts from 5 s doubling to at most 1 h', () => {
    expect(loadWebhookSettings({})).toEqual({
      allow: [],
      timeoutMs: 10_000,
      maxAttempts: 15,
      backoffMs: 5000,
      backoffMaxMs: 3_600_000,
      sweepEveryMs: 5000,
    });
  });

  it('reads allowed hosts', () => {
    expect(loadWebhookSettings({ HOSTING_WEBHOOK_ALLOW: '127.0.0.1, hooks.internal' }).allow).toEqual([
      { host: '127.0.0.1' },
      { host: 'hooks.internal' },
    ]);
  });

  it('refuses an allowed host:port, which would lift the platform’s own ports', () => {
    expect(() => loadWebhookSettings({ HOSTING_WEBHOOK_ALLOW: '127.0.0.1:5432' })).toThrow(ConfigError);
  });

  it('refuses a longest backoff below the first one', () => {
    expect(() =>
      loadWebhookSettings({ HOSTING_WEBHOOK_BACKOFF_MS: '2000', HOSTING_WEBHOOK_BACKOFF_MAX_MS: '1000' }),
    ).toThrow(/HOSTING_WEBHOOK_BACKOFF_MAX_MS/);
  });
});
