import { ConfigError } from './env-readers';
import { hostnameOfHostHeader, loadPlatformHosts } from './platform-hosts';

describe('platform hosts', () => {
  const hosts = loadPlatformHosts({
    PUBLIC_BASE_URL: 'https://API.Platform.test:8443/',
    PLATFORM_HOST_NAMES: ' console.platform.test , *.edge.platform.test ',
  });

  it.each([
    '',
    '127.0.0.1',
    '::1',
    '[::1]',
    'gateway',
    'localhost',
    'app.localhost',
    'printer.local',
    'db.internal',
    'x.invalid',
    '1.0.0.127.in-addr.arpa',
    'hosting.svc',
    'gateway.default.svc.cluster.local',
    'api.platform.test',
    'API.platform.test.',
    'console.platform.test',
    'eu.edge.platform.test',
  ])('%p is the platform’s own', (name) => {
    expect(hosts.isPlatform(name)).toBe(true);
  });

  it.each([
    'shop.example.com',
    'platform.test',
    'edge.platform.test',
    'x.api.platform.test',
    'localhost.com',
  ])('%p is not', (name) => {
    expect(hosts.isPlatform(name)).toBe(false);
  });

  it('reads the host name of a Host header', () => {
    expect(hostnameOfHostHeader('Shop.Example.COM:8443')).toBe('shop.example.com');
    expect(hostnameOfHostHeader('shop.example.com.')).toBe('shop.example.com');
    expect(hostnameOfHostHeader('[2001:DB8::1]:80')).toBe('2001:db8::1');
  });

  it('refuses an entry that is not a host name, and a PUBLIC_BASE_URL that is not a URL', () => {
    expect(() => loadPlatformHosts({ PLATFORM_HOST_NAMES: 'a.test:8080' })).toThrow(ConfigError);
    expect(() => loadPlatformHosts({ PLATFORM_HOST_NAMES: 'http://a.test' })).toThrow(/PLATFORM_HOST_NAMES/);
    expect(() => loadPlatformHosts({ PUBLIC_BASE_URL: 'not a url' })).toThrow(/PUBLIC_BASE_URL/);
  });
});
