import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from './env-readers';
import { DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL, loadPlatformConfig } from './platform-config';

const key = 'ab'.repeat(32);
const load = (env: Record<string, string>) =>
  loadPlatformConfig({ serviceName: 'svc', defaultPort: 3000, env: { SECRETS_ENCRYPTION_KEY: key, ...env } });

describe('loadPlatformConfig', () => {
  it('applies the documented defaults', () => {
    const config = load({});
    expect(config).toMatchObject({
      serviceName: 'svc',
      port: 3000,
      databaseUrl: DEFAULT_DATABASE_URL,
      redisUrl: DEFAULT_REDIS_URL,
      rateLimit: { credentialLimit: 600, credentialWindowSeconds: 1380, ipMultiplier: 1 },
      migrations: 'auto',
      shutdown: { delayMs: 0, graceMs: 20_000 },
      tokenCacheTtlMs: 5000,
    });
    expect(config.secretsEncryptionKey).toHaveLength(32);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '9000',
      DATABASE_URL: 'postgresql://u@db:5432/x',
      REDIS_URL: 'redis://cache:6379',
      RATE_LIMIT_CREDENTIAL_LIMIT: '5',
      RATE_LIMIT_CREDENTIAL_WINDOW_S: '60',
      RATE_LIMIT_IP_MULTIPLIER: '2.5',
      MIGRATIONS: 'job',
      SHUTDOWN_DELAY_MS: '5000',
      SHUTDOWN_GRACE_MS: '25000',
      AUTH_TOKEN_CACHE_TTL_MS: '0',
    });
    expect(config).toMatchObject({
      port: 9000,
      databaseUrl: 'postgresql://u@db:5432/x',
      redisUrl: 'redis://cache:6379',
      rateLimit: { credentialLimit: 5, credentialWindowSeconds: 60, ipMultiplier: 2.5 },
      migrations: 'job',
      shutdown: { delayMs: 5000, graceMs: 25_000 },
      tokenCacheTtlMs: 0,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['DATABASE_URL', 'not a url'],
    ['REDIS_URL', 'http://x'],
    ['RATE_LIMIT_CREDENTIAL_LIMIT', '0'],
    ['RATE_LIMIT_IP_MULTIPLIER', '-1'],
    ['SECRETS_ENCRYPTION_KEY', 'short'],
    ['MIGRATIONS', 'sometimes'],
    ['LOG_LEVEL', 'loud'],
    ['SHUTDOWN_DELAY_MS', '-1'],
    ['SHUTDOWN_GRACE_MS', 'soon'],
    ['AUTH_TOKEN_CACHE_TTL_MS', '60001'],
  ])('names the bad variable %s=%s', (variable, value) => {
    expect(() => load({ [variable]: value })).toThrow(ConfigError);
    expect(() => load({ [variable]: value })).toThrow(new RegExp(`^invalid configuration: ${variable} `));
  });

  it('generates a development key once and reuses it, telling the caller', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cfg-')), 'key');
    const seen: string[] = [];
    const opts = {
      serviceName: 's',
      defaultPort: 1,
      env: {},
      devKeyFile: file,
      onDevKey: (f: string) => seen.push(f),
    };
    const first = loadPlatformConfig(opts).secretsEncryptionKey;
    const second = loadPlatformConfig(opts).secretsEncryptionKey;
    expect(first.equals(second)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
    expect(seen).toEqual([file, file]);
  });
});

describe('loadPlatformConfig without secrets', () => {
  it('neither reads nor generates a key for a process that keeps no secrets', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cfg-')), 'key');
    const config = loadPlatformConfig({
      serviceName: 'gw',
      defaultPort: 1,
      env: {},
      devKeyFile: file,
      secrets: false,
    });
    expect(config.secretsEncryptionKey).toHaveLength(0);
    expect(() => readFileSync(file)).toThrow();
  });
});
