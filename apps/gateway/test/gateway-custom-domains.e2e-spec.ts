import { FakeService, HOPS, call, startGateway, startedForSuite } from './support/gateway-test-kit';

/**
 * A request whose Host is not one of the platform's own goes to the hosting worker as
 * /hosted-domains/{hostname}{path} (docs/gateway.md, "Custom domains"); the platform's hosts route
 * by path as before. The hosting worker's own answers (the variant, or 404 DOMAIN_NOT_FOUND) are
 * tested in apps/hosting/test/hosting-domains.e2e-spec.ts and apps/platform-e2e.
 */
describe.each(HOPS)('gateway: custom domains by Host (real route table), %s', (hop) => {
  const fx = startedForSuite(async () => {
    const [worker, hosting, others] = await Promise.all([
      FakeService.start(),
      FakeService.start(),
      FakeService.start(),
    ]);
    const gateway = await startGateway(
      others.url,
      {
        HOSTING_URL: hosting.url,
        HOSTING_WORKER_HEALTH_URL: worker.url,
        PUBLIC_BASE_URL: 'https://api.platform.test',
        PLATFORM_HOST_NAMES: 'console.platform.test,*.svc.platform.test',
      },
      hop,
    );
    return {
      worker,
      hosting,
      others,
      gateway,
      close: async () => {
        await gateway.close();
        await Promise.all([worker.close(), hosting.close(), others.close()]);
      },
    };
  });

  it('sends a custom Host to the hosting worker as /hosted-domains/{hostname}{path}: method, query, body, Host kept', async () => {
    const res = await call(fx.gateway.url, {
      method: 'POST',
      path: '/cart/items?x=1&y=2',
      body: 'hello',
      headers: { host: 'Shop.Example.com:8443', 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
    const seen = fx.worker.last('/hosted-domains/shop.example.com/cart/items');
    expect(seen).toMatchObject({
      method: 'POST',
      url: '/hosted-domains/shop.example.com/cart/items?x=1&y=2',
    });
    expect(seen.body.toString()).toBe('hello');
    expect(seen.headers['x-forwarded-host']).toBe('Shop.Example.com:8443');
    expect(seen.headers['x-request-id']).toEqual(expect.any(String));
  });

  it('sends every path of a custom Host there, API paths and the gateway’s own included', async () => {
    for (const path of ['/', '/v1/hosting/apps', '/healthz', '/hosted/NODEJS-abc/preview/x'])
      await call(fx.gateway.url, { path, headers: { host: 'www.brand.shop' } });
    expect(fx.worker.received.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/hosted-domains/www.brand.shop/',
        '/hosted-domains/www.brand.shop/v1/hosting/apps',
        '/hosted-domains/www.brand.shop/healthz',
        '/hosted-domains/www.brand.shop/hosted/NODEJS-abc/preview/x',
      ]),
    );
    expect(fx.hosting.received.map((r) => r.url)).not.toContain('/v1/hosting/apps');
  });

  it('routes the platform’s own hosts by path as before: PUBLIC_BASE_URL’s, PLATFORM_HOST_NAMES, IPs, single labels, in-cluster names', async () => {
    const hosts = [
      'api.platform.test',
      'API.platform.test:443',
      'console.platform.test',
      'hosting.svc.platform.test',
      '127.0.0.1:8080',
      '[::1]:8080',
      'gateway:8080',
      'localhost',
      'gateway.default.svc.cluster.local',
    ];
    for (const host of hosts) {
      const before = fx.worker.received.length;
      const res = await call(fx.gateway.url, { path: '/v1/hosting/apps?pageSize=1', headers: { host } });
      expect([host, res.status]).toEqual([host, 200]);
      expect([host, fx.worker.received.length]).toEqual([host, before]);
    }
    expect(fx.hosting.received.filter((r) => r.url === '/v1/hosting/apps?pageSize=1')).toHaveLength(
      hosts.length,
    );
  });
});
