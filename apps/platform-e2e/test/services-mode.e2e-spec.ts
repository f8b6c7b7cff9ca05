import { randomUUID } from 'node:crypto';
import { SERVICE_PORTS, WORKER_PORTS } from '@platform/config';
import { TestEnv, createAdminToken, createTestEnv, freePort, runAdminJson, waitFor } from '@platform/testing';
import {
  StartedPlatform,
  descendantsOf,
  shutdownProblems,
  signalUnderLoad,
  startPlatform,
} from './support/npm-start';

/**
 * `PLATFORM_MODE=services`: npm start runs one process per service and worker, as Kubernetes does
 * (the bench, chaos and soak runs measure that layout). A smoke, shorter than platform.e2e-spec.ts
 * (which runs the default single mode): every component's health, one authenticated call per
 * service through the gateway, and SIGTERM under load at the end.
 */
const COMPONENTS = [...Object.keys(SERVICE_PORTS), ...Object.keys(WORKER_PORTS)];

/** `<NAME>_PORT`, the variable npm start reads a component's port from. */
const portVariable = (name: string) => `${name.toUpperCase().replace(/-/g, '_')}_PORT`;

describe('npm start with PLATFORM_MODE=services (one process per component)', () => {
  let env: TestEnv;
  let started: StartedPlatform | undefined;
  let baseUrl: string;
  let childEnv: NodeJS.ProcessEnv;
  /** Each component's own port, as this suite chose it. */
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    env = await createTestEnv('services-mode-e2e');
    for (const name of COMPONENTS) ports[name] = await freePort();
    childEnv = {
      ...process.env,
      ...env.env,
      LOG_LEVEL: 'warn',
      PLATFORM_MODE: 'services',
      PLATFORM_TARGETS: 'all',
      PUBLIC_BASE_URL: undefined,
      // Every component on a port of its own choosing here, so the suite can ask each one directly.
      ...Object.fromEntries(COMPONENTS.map((name) => [portVariable(name), String(ports[name])])),
      PORT: String(ports.gateway),
      PORTS: 'auto',
    };
    started = await startPlatform(childEnv);
    baseUrl = started.baseUrl;
  }, 300_000);

  afterAll(async () => {
    await started?.stop();
    await env?.teardown();
  }, 60_000);

  it('runs every service and worker in a process of its own, each a child of npm start', () => {
    const children = descendantsOf(started?.process.pid as number).filter(
      (p) => p.ppid === started?.process.pid,
    );
    const entries = children.map((p) =>
      /dist\/platform\/apps\/([^/]+)\/src\/(main|worker)\.js/.exec(p.cmdline),
    );
    const names = entries.map((m) => (m ? (m[2] === 'worker' ? `${m[1]}-worker` : m[1]) : 'other'));
    expect(names.sort()).toEqual([...COMPONENTS].sort());
    expect(children.some((p) => p.cmdline.includes('apps/platform/src/main.js'))).toBe(false);
  });

  it('answers /healthz with every service and worker ready, and each component its own health', async () => {
    const healthz = await fetch(`${baseUrl}/healthz`);
    const body = (await healthz.json()) as { status: string; notReady: string[]; services: object };
    expect({ status: healthz.status, body: body.status, notReady: body.notReady }).toEqual({
      status: 200,
      body: 'ok',
      notReady: [],
    });
    expect(Object.keys(body.services).sort()).toEqual(COMPONENTS.filter((n) => n !== 'gateway').sort());
    const answers = await Promise.all(
      COMPONENTS.flatMap((name) =>
        ['/health/live', '/health/ready'].map(async (path) => {
          const res = await fetch(`http://127.0.0.1:${ports[name]}${path}`);
          await res.body?.cancel();
          return `${name} ${path} ${res.status}`;
        }),
      ),
    );
    expect(answers).toEqual(
      COMPONENTS.flatMap((name) => [`${name} /health/live 200`, `${name} /health/ready 200`]),
    );
  });

  it('answers one authenticated call per service through the gateway, and a GraphQL query spanning every subgraph', async () => {
    const { accountId } = await runAdminJson(childEnv, 'account', 'create', '--name', 'services-mode');
    const { storeId } = await runAdminJson(childEnv, 'store', 'create', '--account', accountId);
    const { token } = await createAdminToken(childEnv, accountId, [
      'commerce.store:read',
      'hosting.application:read',
      'email.mailbox:read',
      'agents.event:read',
      'domains.domain:read',
      'commerce.order:read',
      'commerce.tax:read',
      'commerce.product:read',
    ]);
    const headers = { authorization: `Bearer ${token}` };
    const get = async (path: string) => {
      const res = await fetch(`${baseUrl}${path}`, { headers });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    expect(await get('/v1/countries/FR?marketId=fr-FR')).toMatchObject({ status: 200 });
    expect(await get(`/v1/commerce/stores/${storeId}`)).toMatchObject({
      status: 200,
      body: { id: storeId },
    });
    expect(await get('/v1/hosting/apps')).toMatchObject({ status: 200 });
    // No mailbox yet: the service's own 404, past the token check.
    expect(await get(`/mailboxes/${randomUUID()}`)).toMatchObject({ status: 404 });
    expect(await get('/v1/agents/events?providerId=services-mode&limit=1')).toMatchObject({
      status: 200,
      body: { items: [] },
    });
    expect(await get('/v1/domains?limit=10')).toEqual({ status: 200, body: [] });
    expect(await get('/.well-known/ucp')).toMatchObject({ status: 200, body: { ucp: expect.any(Object) } });

    // The supergraph: orders (order subgraph), rates (tax), SKU groups (catalog) in one request.
    const graphql = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { ...headers, 'x-store-id': storeId, 'content-type': 'application/json' },
      body: JSON.stringify({
        query:
          '{ orders { nodes { id } } rates(first: 1) { nodes { id } } skuGroups(first: 1) { edges { node { id } } } }',
      }),
    });
    expect({ status: graphql.status, body: await graphql.json() }).toEqual({
      status: 200,
      body: { data: { orders: { nodes: [] }, rates: { nodes: [] }, skuGroups: { edges: [] } } },
    });
  });

  it('stops every process on SIGTERM under load: requests in flight answered, exit 0, nothing left', async () => {
    const expected = { '/v1/agents/crl': 200, '/v1/countries?marketId=fr-FR': 401 };
    const run = await signalUnderLoad(started as StartedPlatform, {
      signal: 'SIGTERM',
      paths: Object.keys(expected),
    });
    expect(shutdownProblems(run, expected)).toEqual([]);
    expect(run.processesAtSignal.length).toBeGreaterThanOrEqual(COMPONENTS.length);
    const refused = await Promise.all(
      COMPONENTS.map(async (name) =>
        fetch(`http://127.0.0.1:${ports[name]}/health/live`).then(
          (res) => `${name} still answers ${res.status}`,
          () => undefined,
        ),
      ),
    );
    expect(refused.filter(Boolean)).toEqual([]);
    await waitFor(() => started?.process.exitCode === 0 || undefined, { what: 'npm start to have exited' });
  }, 90_000);
});
