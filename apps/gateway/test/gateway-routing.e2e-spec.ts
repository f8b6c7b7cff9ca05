import { randomUUID } from 'node:crypto';
import {
  HOPS,
  call,
  deadUrl,
  startCountriesGateway,
  startGatewayOver,
  startSyntheticGateway,
  startedForSuite,
} from './support/gateway-test-kit';

/** Which service a path goes to, what reaches it, and the answers when none can take it. */

describe.each(HOPS)('gateway (real route table, fake countries service), %s', (hop) => {
  /** The countries service answers one path with a status, headers and body of its own. */
  const rt = startedForSuite(() =>
    startCountriesGateway((req, res) => {
      if (req.url !== '/v1/countries/teapot') return false;
      res.writeHead(418, {
        'content-type': 'text/plain; charset=utf-8',
        'x-upstream-custom': 'brewed',
        'cache-control': 'max-age=7',
      });
      res.end('I am a teapot, short and stout');
      return true;
    }, hop),
  );

  describe('path routing', () => {
    it('forwards the path and the raw query string unchanged', async () => {
      const path = '/v1/countries/DE?marketId=de-DE&q=a+b&filter[name]=%2Fx%20y&a=1&a=2&empty=';
      const res = await call(rt.gateway.url, { path });
      expect(res.status).toBe(200);
      expect(rt.countries.last('/v1/countries/DE').url).toBe(path);
    });

    it('forwards the bare prefix and the prefix with a trailing slash', async () => {
      expect((await call(rt.gateway.url, { path: '/v1/countries' })).status).toBe(200);
      expect((await call(rt.gateway.url, { path: '/v1/countries/' })).status).toBe(200);
      expect(rt.countries.received.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/v1/countries', '/v1/countries/']),
      );
    });

    it('matches prefixes on segment boundaries only: /v1/countriesX is not the countries service', async () => {
      const before = rt.countries.received.length;
      const res = await call(rt.gateway.url, { path: '/v1/countriesX' });
      expect(res.status).toBe(404);
      expect(rt.countries.received).toHaveLength(before);
    });

    it('answers an unknown path with 404 in the domains shape', async () => {
      const res = await call(rt.gateway.url, { path: '/v9/nothing-here' });
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    });
  });

  describe('responses', () => {
    it('passes the upstream status, headers and body through unchanged', async () => {
      const res = await call(rt.gateway.url, { path: '/v1/countries/teapot' });
      expect(res.status).toBe(418);
      expect(res.headers['x-upstream-custom']).toBe('brewed');
      expect(res.headers['cache-control']).toBe('max-age=7');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.body.toString('utf8')).toBe('I am a teapot, short and stout');
    });
  });
});

describe.each(HOPS)(
  'gateway (synthetic route table: longest prefix, path parameters, workers, a dead service), %s',
  (hop) => {
    const st = startedForSuite(() => startSyntheticGateway(hop));

    it('sends a path to the service with the longest matching prefix', async () => {
      await call(st.gateway.url, { path: '/v1/hosting/nodejs/apps/1' });
      await call(st.gateway.url, { path: '/v1/hosting/nodejsX' });
      await call(st.gateway.url, { path: '/v1/hosting/sites' });
      expect(st.nodejs.received.map((r) => r.url)).toContain('/v1/hosting/nodejs/apps/1');
      expect(st.hosting.received.map((r) => r.url)).toEqual(
        expect.arrayContaining(['/v1/hosting/nodejsX', '/v1/hosting/sites']),
      );
      expect(st.nodejs.received.map((r) => r.url)).not.toContain('/v1/hosting/nodejsX');
    });

    it('matches a prefix with a {param} segment and forwards the path unchanged', async () => {
      await call(st.gateway.url, {
        method: 'POST',
        path: '/v2/commerce/stores/st_9/catalog-subgraph',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      await call(st.gateway.url, { path: '/v2/commerce/stores/st_9/transactions?limit=5' });
      expect(st.nodejs.last('/v2/commerce/stores/st_9/catalog-subgraph').method).toBe('POST');
      expect(st.hosting.last('/v2/commerce/stores/st_9/transactions').url).toBe(
        '/v2/commerce/stores/st_9/transactions?limit=5',
      );
    });

    it("sends a worker's own prefixes to the worker's port, path, query and body unchanged", async () => {
      const res = await call(st.gateway.url, {
        method: 'POST',
        path: '/hosted/NODEJS-abc/preview/form?x=1',
        body: 'a=1',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
      const seen = st.worker.last('/hosted/NODEJS-abc/preview/form');
      expect(seen).toMatchObject({ method: 'POST', url: '/hosted/NODEJS-abc/preview/form?x=1' });
      expect(seen.body.toString()).toBe('a=1');
      await call(st.gateway.url, { path: '/hostedX/y' });
      expect(st.worker.received.map((r) => r.url)).not.toContain('/hostedX/y');
      expect(st.hosting.received.map((r) => r.url)).not.toContain('/hosted/NODEJS-abc/preview/form?x=1');
    });

    it('answers 503 UPSTREAM_UNAVAILABLE with Retry-After in the domains shape when the service is down', async () => {
      const id = randomUUID();
      const res = await call(st.gateway.url, { path: '/mailboxes/m1', headers: { 'X-Request-Id': id } });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-request-id']).toBe(id);
      expect(res.json()).toEqual({
        code: 'UPSTREAM_UNAVAILABLE',
        message: expect.stringContaining('mailboxes'),
        retryAfterSec: 2,
      });
      expect(res.body.toString('utf8')).not.toMatch(/ECONNREFUSED|at .*\.js/);
    });
  },
);

describe('gateway (a Shopping API row whose service is down)', () => {
  const shop = startedForSuite(async () =>
    startGatewayOver(
      [
        {
          service: 'shopping',
          prefixes: ['/v1/shopping', '/.well-known/ucp'],
          urlEnv: 'SHOPPING_URL',
          errorFamily: 'shopping',
          workers: [],
        },
      ],
      { SHOPPING_URL: await deadUrl() },
    ),
  );

  it.each([
    ['POST', '/v1/shopping/checkout-sessions'],
    ['GET', '/.well-known/ucp'],
  ])(
    'answers 503 with Retry-After to %s %s, a Shopping API path, in the UCP envelope when the service is down',
    async (method, path) => {
      const res = await call(shop.url, {
        method,
        path,
        headers: { 'content-type': 'application/json', authorization: 'Bearer dp_test_token' },
        ...(method === 'POST' ? { body: '{}' } : {}),
      });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        ucp: { version: '2026-04-08', status: 'error' },
        messages: [
          {
            type: 'error',
            code: 'upstream_unavailable',
            content_type: 'plain',
            content: expect.stringContaining('shopping'),
            severity: 'recoverable',
          },
        ],
      });
    },
  );
});
