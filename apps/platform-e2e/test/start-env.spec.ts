import { join } from 'node:path';

interface StartEnv {
  gatewayUrl(gatewayPort: string | number): string;
  publicBaseUrl(env: NodeJS.ProcessEnv, gatewayPort: string | number): string;
  sharedChildEnv(
    env: NodeJS.ProcessEnv,
    opts: { databaseUrl: string; redisUrl: string; gatewayPort: string | number },
  ): Record<string, string>;
}

/** scripts/start-env.js: plain JavaScript, as `npm start` runs it without a build. */
const { gatewayUrl, publicBaseUrl, sharedChildEnv } = require(
  join(__dirname, '../../../scripts/start-env.js'),
) as StartEnv;

const DB = 'postgres://postgres@127.0.0.1:5432/platform';
const REDIS = 'redis://127.0.0.1:6379';

describe("npm start's child environment (scripts/start-env.js)", () => {
  it('derives PUBLIC_BASE_URL from the gateway port when it is unset', () => {
    expect(publicBaseUrl({ PORT: '45887' }, '45887')).toBe('http://127.0.0.1:45887');
  });

  it('derives it from a port PORTS=auto picked (a number)', () => {
    expect(publicBaseUrl({ PORTS: 'auto' }, 23456)).toBe('http://127.0.0.1:23456');
  });

  it('treats an empty PUBLIC_BASE_URL as unset, as the services do', () => {
    expect(publicBaseUrl({ PUBLIC_BASE_URL: '' }, '45887')).toBe('http://127.0.0.1:45887');
  });

  it('keeps an explicitly set PUBLIC_BASE_URL untouched', () => {
    const env = { PUBLIC_BASE_URL: 'https://platform.example.test/base/', PORT: '45887' };
    expect(publicBaseUrl(env, '45887')).toBe('https://platform.example.test/base/');
  });

  it('gives every child the databases and the public base URL, and changes nothing in the parent env', () => {
    const env: NodeJS.ProcessEnv = { PORT: '45887' };
    expect(sharedChildEnv(env, { databaseUrl: DB, redisUrl: REDIS, gatewayPort: '45887' })).toEqual({
      DATABASE_URL: DB,
      REDIS_URL: REDIS,
      PUBLIC_BASE_URL: 'http://127.0.0.1:45887',
    });
    expect(env).toEqual({ PORT: '45887' });
    expect(
      sharedChildEnv(
        { PUBLIC_BASE_URL: 'https://api.example.test' },
        { databaseUrl: DB, redisUrl: REDIS, gatewayPort: 8080 },
      ).PUBLIC_BASE_URL,
    ).toBe('https://api.example.test');
  });

  it('names the gateway as npm start prints it', () => {
    expect(gatewayUrl('45887')).toBe('http://127.0.0.1:45887');
  });
});
