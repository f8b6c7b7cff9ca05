import { planFromEnvironment, planFromJson } from './plan';
import type { RouteRow } from './route-rows';
import { TargetsError, allComponents, selectTargets } from './targets';

const ROWS: RouteRow[] = [
  { service: 'domains', urlEnv: 'DOMAINS_URL', workers: [{ name: 'worker', port: 3109 }] },
  { service: 'countries', urlEnv: 'COUNTRIES_URL', workers: [] },
  { service: 'hosting', urlEnv: 'HOSTING_URL', workers: [{ name: 'worker', port: 3105 }] },
];
const names = (raw: string | undefined): string[] => selectTargets(raw, ROWS).map((c) => c.name);

describe('PLATFORM_TARGETS', () => {
  it('lists every component in route-table order, each service then its workers, the gateway last', () => {
    expect(allComponents(ROWS).map((c) => [c.name, c.app, c.entry, c.kind])).toEqual([
      ['domains', 'domains', 'main', 'service'],
      ['domains-worker', 'domains', 'worker', 'worker'],
      ['countries', 'countries', 'main', 'service'],
      ['hosting', 'hosting', 'main', 'service'],
      ['hosting-worker', 'hosting', 'worker', 'worker'],
      ['gateway', 'gateway', 'main', 'gateway'],
    ]);
  });

  it('is all of them by default and for `all`', () => {
    expect(names(undefined)).toEqual(allComponents(ROWS).map((c) => c.name));
    expect(names('all')).toEqual(names(undefined));
  });

  it('takes `api` (services and gateway), `workers`, names, and mixes of them, in route-table order', () => {
    expect(names('api')).toEqual(['domains', 'countries', 'hosting', 'gateway']);
    expect(names('workers')).toEqual(['domains-worker', 'hosting-worker']);
    expect(names('gateway, countries')).toEqual(['countries', 'gateway']);
    expect(names('api,hosting-worker')).toEqual([
      'domains',
      'countries',
      'hosting',
      'hosting-worker',
      'gateway',
    ]);
    expect(names('countries,countries')).toEqual(['countries']);
  });

  it('refuses an unknown name, listing the known ones, and an empty list', () => {
    expect(() => names('countries,shoping')).toThrow(TargetsError);
    expect(() => names('shoping')).toThrow(
      'PLATFORM_TARGETS names "shoping", which is not a component: use all, api, workers or domains, domains-worker, countries, hosting, hosting-worker, gateway',
    );
    expect(() => names(' , ')).toThrow('PLATFORM_TARGETS is empty');
  });
});

describe('the platform process plan', () => {
  it('without PLATFORM_PLAN: each component on its <NAME>_PORT or default port, every URL on loopback', () => {
    const plan = planFromEnvironment(
      {
        PLATFORM_TARGETS: 'countries,hosting-worker,gateway',
        COUNTRIES_PORT: '4000',
        PORT: '9000',
        X: 'kept',
      },
      ROWS,
    );
    expect(plan.map((p) => [p.ref.name, p.env.PORT])).toEqual([
      ['countries', '4000'],
      ['hosting-worker', '3105'],
      ['gateway', '9000'],
    ]);
    expect(plan[2].env).toMatchObject({
      X: 'kept',
      DOMAINS_URL: 'http://127.0.0.1:3009',
      COUNTRIES_URL: 'http://127.0.0.1:4000',
      HOSTING_URL: 'http://127.0.0.1:3005',
      DOMAINS_WORKER_HEALTH_URL: 'http://127.0.0.1:3109',
      HOSTING_WORKER_HEALTH_URL: 'http://127.0.0.1:3105',
    });
  });

  it("with PLATFORM_PLAN: each component's own variables over the process's", () => {
    const plan = planFromJson(
      JSON.stringify([
        { name: 'gateway', env: { PORT: '8081', COUNTRIES_URL: 'http://127.0.0.1:4001' } },
        { name: 'countries', env: { PORT: '4001' } },
      ]),
      { PORT: '1', SHARED: 'yes' },
      ROWS,
    );
    expect(plan.map((p) => [p.ref.name, p.env.PORT, p.env.SHARED])).toEqual([
      ['countries', '4001', 'yes'],
      ['gateway', '8081', 'yes'],
    ]);
    expect(plan[1].env.COUNTRIES_URL).toBe('http://127.0.0.1:4001');
    expect(() => planFromJson('{', {}, ROWS)).toThrow('PLATFORM_PLAN is not JSON');
    expect(() => planFromJson('[]', {}, ROWS)).toThrow('PLATFORM_PLAN must be a non-empty array');
    expect(() => planFromJson('[{"name":"nope","env":{}}]', {}, ROWS)).toThrow(TargetsError);
  });
});
