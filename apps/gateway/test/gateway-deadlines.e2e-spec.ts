import {
  FakeService,
  HOPS,
  RunningGateway,
  call,
  rawExchange,
  startGatewayOver,
} from './support/gateway-test-kit';

/** The gateway's deadline for a service's answer, and the connection headers it keeps to itself. */

describe.each(HOPS)('gateway (deadlines and hop-by-hop headers), %s', (hop) => {
  let upstream: FakeService;
  let gateway: RunningGateway;

  beforeAll(async () => {
    upstream = await FakeService.start((req, res) => {
      // Accepts the request and never answers.
      if (req.url === '/v1/countries/never') return true;
      if (req.url === '/v1/countries/hop') {
        res.writeHead(200, {
          'content-type': 'application/json',
          connection: 'keep-alive, x-hop',
          'keep-alive': 'timeout=5',
          'x-hop': 'of this connection only',
          'x-kept': 'end to end',
        });
        res.end('{"ok":true}');
        return true;
      }
      return false;
    });
    gateway = await startGatewayOver(
      [{ service: 'countries', prefixes: ['/v1/countries'], urlEnv: 'COUNTRIES_URL', workers: [] }],
      { COUNTRIES_URL: upstream.url, UPSTREAM_RESPONSE_TIMEOUT_MS: '300' },
      hop,
    );
  });

  afterAll(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('answers 504 UPSTREAM_TIMEOUT in the domains shape when the service sends no answer in time', async () => {
    const res = await call(gateway.url, { path: '/v1/countries/never' });
    expect(res.status).toBe(504);
    expect(res.json()).toEqual({
      code: 'UPSTREAM_TIMEOUT',
      message: 'the countries service did not answer in time',
    });
    expect(upstream.last('/v1/countries/never')).toMatchObject({ method: 'GET', hop });
  });

  it("keeps the service's connection headers (and those its Connection header names) out of the answer", async () => {
    const res = await call(gateway.url, { path: '/v1/countries/hop' });
    expect(res.status).toBe(200);
    expect(res.headers['x-kept']).toBe('end to end');
    expect(res.headers['x-hop']).toBeUndefined();
    // The gateway's own keep-alive terms, not the service's.
    expect(res.headers['keep-alive']).not.toBe('timeout=5');
  });

  it("keeps the caller's connection headers out of the request the service receives", async () => {
    await call(gateway.url, {
      path: '/v1/countries/echo',
      headers: { connection: 'keep-alive, x-caller-hop', 'x-caller-hop': 'gateway only', 'x-kept': 'yes' },
    });
    const received = upstream.last('/v1/countries/echo').headers;
    expect(received['x-kept']).toBe('yes');
    expect(received['x-caller-hop']).toBeUndefined();
  });

  it('closes the connection after the answer when the caller asked for it, whatever the service said', async () => {
    const { text, closed } = await rawExchange(
      gateway.url,
      'GET /v1/countries/hop HTTP/1.1\r\nhost: gateway\r\nconnection: close\r\n\r\n',
    );
    const head = text.split('\r\n\r\n')[0];
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toContain('connection: close');
    expect(closed).toBe(true);
  });
});
