import { ROUTE_TABLE } from '../src/routes/route-table';
import {
  call,
  startCountriesGateway,
  startSyntheticGateway,
  startedForSuite,
} from './support/gateway-test-kit';

/** The gateway's /healthz over the services and workers it fronts, and its own probes. */

describe('gateway (real route table, fake countries service)', () => {
  const rt = startedForSuite(startCountriesGateway);

  describe('readiness', () => {
    it('GET /healthz answers 200 when every service it fronts is ready', async () => {
      rt.countries.readinessStatus = 200;
      const res = await call(rt.gateway.url, { path: '/healthz' });
      expect(res.status).toBe(200);
      const expected = Object.fromEntries(
        ROUTE_TABLE.flatMap((r) => [
          [r.service, { kind: 'service', status: 'ready' }],
          ...r.workers.map((w) => [`${r.service}-${w.name}`, { kind: 'worker', status: 'ready' }]),
        ]),
      );
      expect(res.json()).toEqual({ status: 'ok', notReady: [], services: expected });
    });

    it('GET /healthz answers 503 naming the service whose /health/ready is 503', async () => {
      rt.countries.readinessStatus = 503;
      try {
        const res = await call(rt.gateway.url, { path: '/healthz' });
        expect(res.status).toBe(503);
        expect(res.json()).toMatchObject({
          status: 'unavailable',
          notReady: ['countries'],
          services: { countries: { status: 'not_ready', reason: 'readiness answered 503' } },
        });
      } finally {
        rt.countries.readinessStatus = 200;
      }
    });

    it("the gateway's own /health/ready is 200 whatever the services say", async () => {
      expect((await call(rt.gateway.url, { path: '/health/ready' })).status).toBe(200);
      expect((await call(rt.gateway.url, { path: '/health/live' })).status).toBe(200);
    });
  });
});

describe('gateway (synthetic route table: longest prefix, path parameters, workers, a dead service)', () => {
  const st = startedForSuite(startSyntheticGateway);

  it('GET /healthz answers 503 naming the service that is down and checks workers', async () => {
    const res = await call(st.gateway.url, { path: '/healthz' });
    expect(res.status).toBe(503);
    const body = res.json<{
      notReady: string[];
      services: Record<string, { kind: string; status: string; reason?: string }>;
    }>();
    expect(body.notReady).toEqual(['mailboxes']);
    expect(body.services.mailboxes).toEqual({
      kind: 'service',
      status: 'not_ready',
      reason: 'not reachable',
    });
    expect(body.services['hosting-deployer']).toEqual({ kind: 'worker', status: 'ready' });
  });

  it('GET /healthz names a worker that is not ready', async () => {
    st.worker.readinessStatus = 503;
    try {
      const res = await call(st.gateway.url, { path: '/healthz' });
      expect(res.status).toBe(503);
      expect(res.json<{ notReady: string[] }>().notReady).toEqual(['hosting-deployer', 'mailboxes']);
    } finally {
      st.worker.readinessStatus = 200;
    }
  });
});
