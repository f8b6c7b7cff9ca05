import { ConfigError } from '@platform/config';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { loadGatewayConfig } from '../src/config/gateway.config';

const load = (env: Record<string, string>) =>
  loadGatewayConfig({ env: { SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY, ...env } });

describe('gateway config: CORS and compression', () => {
  it('has CORS off and compresses from 1024 bytes by default', () => {
    const config = load({});
    expect(config.cors).toBeNull();
    expect(config.compression).toEqual({ minBytes: 1024 });
  });

  it('reads a list of origins, or * alone, with the preflight max-age', () => {
    expect(
      load({ CORS_ALLOWED_ORIGINS: 'https://shop.example, http://localhost:5173', CORS_MAX_AGE_S: '60' })
        .cors,
    ).toEqual({
      allowedOrigins: ['https://shop.example', 'http://localhost:5173'],
      maxAgeSec: 60,
    });
    expect(load({ CORS_ALLOWED_ORIGINS: '*' }).cors).toEqual({ allowedOrigins: '*', maxAgeSec: 600 });
  });

  it.each([
    'https://shop.example/',
    'shop.example',
    'ftp://shop.example',
    'https://shop.example/path',
    '*, https://a.example',
  ])('refuses CORS_ALLOWED_ORIGINS=%s at boot, naming the variable', (value) => {
    expect(() => load({ CORS_ALLOWED_ORIGINS: value })).toThrow(ConfigError);
    expect(() => load({ CORS_ALLOWED_ORIGINS: value })).toThrow(/CORS_ALLOWED_ORIGINS/);
  });
});
