import { ConfigError, SERVICE_PORTS } from '@platform/config';
import { TEST_ENCRYPTION_KEY } from '@platform/testing';
import { loadGatewayConfig, workerHealthEnv } from '../src/config/gateway.config';
import { SUBGRAPHS } from '../src/modules/graphql/subgraphs';
import { assertValidRouteTable, toRouterPrefix } from '../src/routes/route-prefix';
import { ROUTE_TABLE, ServiceRoute } from '../src/routes/route-table';

const base = { SECRETS_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
const withWorker: ServiceRoute[] = [
  {
    service: 'hosting',
    prefixes: ['/v1/hosting'],
    urlEnv: 'HOSTING_URL',
    workers: [{ name: 'deploy-runner', port: 3105 }],
  },
];

describe('gateway configuration', () => {
  it('defaults every service of the route table to its development port, on port 8080', () => {
    const config = loadGatewayConfig({ env: base });
    expect(config.platform.port).toBe(8080);
    expect(config.upstreams).toEqual(
      ROUTE_TABLE.map((r) => ({
        service: r.service,
        prefixes: r.prefixes,
        url: `http://127.0.0.1:${SERVICE_PORTS[r.service]}`,
        errorFamily: r.errorFamily ?? 'domains',
        bodyLimits: { maxBodyBytes: r.maxBodyBytes ?? 1024 * 1024, largeBodies: r.largeBodies ?? [] },
        workers: r.workers.map((w) => ({
          name: w.name,
          healthUrl: `http://127.0.0.1:${w.port}`,
          prefixes: w.prefixes ?? [],
        })),
      })),
    );
    expect(config.upstreams.find((u) => u.service === 'countries')?.url).toBe('http://127.0.0.1:3008');
    expect(config.healthzTimeoutMs).toBe(2000);
    // Each area's error shape and body limits (README "Service map", docs/gateway.md).
    const families = Object.fromEntries(config.upstreams.map((u) => [u.service, u.errorFamily]));
    expect(families).toEqual({
      'agent-registry': 'domains',
      'commerce-rest': 'commerce',
      countries: 'domains',
      domains: 'domains',
      hosting: 'commerce',
      mailboxes: 'domains',
      shopping: 'shopping',
      'order-subgraph': 'graphql',
      'catalog-subgraph': 'graphql',
      'tax-subgraph': 'graphql',
    });
    expect(config.upstreams.find((u) => u.service === 'catalog-subgraph')?.bodyLimits.maxBodyBytes).toBe(
      16 * 1024 * 1024,
    );
    expect(config.subgraphs).toEqual(
      SUBGRAPHS.map((g) => ({ name: g.name, url: `http://127.0.0.1:${SERVICE_PORTS[g.service]}${g.path}` })),
    );
  });

  it("takes a service's URL from its urlEnv variable", () => {
    const config = loadGatewayConfig({
      env: { ...base, COUNTRIES_URL: 'http://countries.platform.svc:3008/' },
    });
    expect(config.upstreams.find((u) => u.service === 'countries')?.url).toBe(
      'http://countries.platform.svc:3008',
    );
  });

  it('rejects a bad service URL with an error naming the variable', () => {
    expect(() => loadGatewayConfig({ env: { ...base, COUNTRIES_URL: 'countries:3008' } })).toThrow(
      ConfigError,
    );
    expect(() => loadGatewayConfig({ env: { ...base, COUNTRIES_URL: 'ftp://countries' } })).toThrow(
      /COUNTRIES_URL/,
    );
    expect(() =>
      loadGatewayConfig({ env: { ...base, COUNTRIES_URL: 'http://countries:3008/base' } }),
    ).toThrow(/COUNTRIES_URL .*without path/);
  });

  it('derives worker health URLs from <SERVICE>_<WORKER>_HEALTH_URL, else the worker port on loopback', () => {
    expect(workerHealthEnv('hosting', 'deploy-runner')).toBe('HOSTING_DEPLOY_RUNNER_HEALTH_URL');
    expect(
      loadGatewayConfig({ env: base, routeTable: withWorker, subgraphs: [] }).upstreams[0].workers,
    ).toEqual([{ name: 'deploy-runner', healthUrl: 'http://127.0.0.1:3105', prefixes: [] }]);
    const env = { ...base, HOSTING_DEPLOY_RUNNER_HEALTH_URL: 'http://hosting-worker:9464' };
    expect(
      loadGatewayConfig({ env, routeTable: withWorker, subgraphs: [] }).upstreams[0].workers[0].healthUrl,
    ).toBe('http://hosting-worker:9464');
    expect(() =>
      loadGatewayConfig({
        env: { ...env, HOSTING_DEPLOY_RUNNER_HEALTH_URL: 'nope' },
        routeTable: withWorker,
        subgraphs: [],
      }),
    ).toThrow(/HOSTING_DEPLOY_RUNNER_HEALTH_URL/);
  });

  it('rejects a bad HEALTHZ_TIMEOUT_MS with an error naming it', () => {
    expect(() => loadGatewayConfig({ env: { ...base, HEALTHZ_TIMEOUT_MS: '2s' } })).toThrow(
      /HEALTHZ_TIMEOUT_MS/,
    );
  });

  it("builds each subgraph's runtime URL from its service's URL and path", () => {
    const config = loadGatewayConfig({
      env: { ...base, HOSTING_URL: 'http://hosting:3005' },
      routeTable: withWorker,
      subgraphs: [
        { name: 'h', service: 'hosting', path: '/v2/stores/{storeId}/graph', sdlFile: 'x.graphql' },
      ],
    });
    expect(config.subgraphs).toEqual([{ name: 'h', url: 'http://hosting:3005/v2/stores/{storeId}/graph' }]);
    expect(() =>
      loadGatewayConfig({
        env: base,
        routeTable: ROUTE_TABLE.filter((r) => r.service !== 'order-subgraph'),
        subgraphs: [{ name: 'o', service: 'order-subgraph', path: '/g', sdlFile: 'x.graphql' }],
      }),
    ).toThrow(/order-subgraph has no row in the route table/);
  });
});

describe('route table', () => {
  it('is valid as committed', () => {
    expect(() => assertValidRouteTable(ROUTE_TABLE)).not.toThrow();
  });

  it('rejects trailing slashes, partial segments and a prefix claimed twice', () => {
    const row = (prefixes: string[], service: ServiceRoute['service'] = 'countries'): ServiceRoute => ({
      service,
      prefixes,
      urlEnv: 'X',
      workers: [],
    });
    expect(() => assertValidRouteTable([row(['/v1/countries/'])])).toThrow(/trailing slash/);
    expect(() => assertValidRouteTable([row(['v1/countries'])])).toThrow(/must be/);
    expect(() => assertValidRouteTable([row(['/v1/x{id}'])])).toThrow(/must be/);
    expect(() => assertValidRouteTable([row(['/v1/a']), row(['/v1/a'], 'hosting')])).toThrow(
      /claimed by countries and hosting/,
    );
    expect(() => assertValidRouteTable([row(['/s/{a}/x']), row(['/s/{b}/x'], 'hosting')])).toThrow(
      /claimed by/,
    );
    const withWorkerPrefix = (prefix: string): ServiceRoute => ({
      ...row(['/v1/hosting'], 'hosting'),
      workers: [{ name: 'worker', port: 1, prefixes: [prefix] }],
    });
    expect(() => assertValidRouteTable([withWorkerPrefix('/hosted'), row(['/hosted'])])).toThrow(
      /claimed by hosting-worker and countries/,
    );
    expect(() => assertValidRouteTable([withWorkerPrefix('/hosted/')])).toThrow(/hosting-worker prefix/);
  });

  it('lists every service a row reaches above it: `npm start` hands a service only the URLs of the rows before it', () => {
    const above = (service: ServiceRoute['service']) =>
      ROUTE_TABLE.slice(
        0,
        ROUTE_TABLE.findIndex((r) => r.service === service),
      ).map((r) => r.urlEnv);
    expect(above('shopping')).toEqual(
      expect.arrayContaining([
        'DOMAINS_URL',
        'HOSTING_URL',
        'CATALOG_SUBGRAPH_URL',
        'TAX_SUBGRAPH_URL',
        'ORDER_SUBGRAPH_URL',
        'COMMERCE_REST_URL',
      ]),
    );
    expect(above('order-subgraph')).toEqual(
      expect.arrayContaining(['COMMERCE_REST_URL', 'CATALOG_SUBGRAPH_URL', 'TAX_SUBGRAPH_URL']),
    );
    expect(above('mailboxes')).toContain('DOMAINS_URL');
    expect(above('agent-registry')).toContain('DOMAINS_URL');
  });

  it('turns {param} segments into router parameters', () => {
    expect(toRouterPrefix('/v2/commerce/stores/{storeId}/catalog-subgraph')).toBe(
      '/v2/commerce/stores/:storeId/catalog-subgraph',
    );
    expect(toRouterPrefix('/v1/countries')).toBe('/v1/countries');
  });
});
