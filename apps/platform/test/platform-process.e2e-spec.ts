import { PLATFORM_CONFIG, type PlatformConfig } from '@platform/config';
import { MetricsService, PLATFORM_LOGGER } from '@platform/observability';
import { InProcessDispatcher } from '@platform/service-kit';
import { createTestCredential, createTestEnv, freePort, type TestEnv } from '@platform/testing';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Agent, request } from 'undici';
import { loadComponent } from '../src/component-loader';
import { PlatformProcess } from '../src/platform-process';
import { loadRouteTable } from '../src/route-rows';
import { selectTargets } from '../src/targets';

/**
 * Two services in one process, built by the platform process exactly as single mode builds them:
 * each keeps its own configuration, logger, metrics registry, guards and database pool, and
 * a request reaches the one it is addressed to, in process.
 */
describe('two services in one process (real PostgreSQL and Redis)', () => {
  let env: TestEnv;
  let platform: PlatformProcess;
  const lines: string[] = [];
  const ports: Record<string, number> = {};

  beforeAll(async () => {
    env = await createTestEnv('platform-process');
    ports.countries = await freePort();
    ports['commerce-rest'] = await freePort();
    platform = new PlatformProcess(loadComponent, {
      info: (message) => lines.push(message),
      error: (message) => lines.push(message),
    });
    const refs = selectTargets('countries,commerce-rest', loadRouteTable());
    await platform.start(
      refs.map((ref) => ({
        ref,
        env: {
          ...env.env,
          PORT: String(ports[ref.name]),
          // Different settings per service: each must read its own.
          DB_POOL_SIZE: ref.name === 'countries' ? '2' : '3',
          LOG_LEVEL: ref.name === 'countries' ? 'warn' : 'error',
          RATE_LIMIT_CREDENTIAL_LIMIT: ref.name === 'countries' ? '1000' : '2000',
        },
      })),
    );
  }, 120_000);

  afterAll(async () => {
    await platform?.stop();
    await env?.teardown();
  });

  const running = (name: string) => {
    const component = platform.components.find((c) => c.ref.name === name);
    if (!component) throw new Error(`${name} is not running`);
    return component;
  };

  it('starts both, each listening on its own port and mounted by its origin', () => {
    expect(platform.components.map((c) => [c.ref.name, c.origin]).sort()).toEqual(
      [
        ['commerce-rest', `http://127.0.0.1:${ports['commerce-rest']}`],
        ['countries', `http://127.0.0.1:${ports.countries}`],
      ].sort(),
    );
    for (const c of platform.components)
      expect(platform.routes.resolve(c.origin)).toBe(c.app.getHttpAdapter().getInstance());
  });

  it('gives each its own configuration', () => {
    const countries = running('countries').app.get<symbol, PlatformConfig>(PLATFORM_CONFIG, {
      strict: false,
    });
    const commerce = running('commerce-rest').app.get<symbol, PlatformConfig>(PLATFORM_CONFIG, {
      strict: false,
    });
    expect(countries).not.toBe(commerce);
    expect([
      countries.serviceName,
      countries.port,
      countries.dbPoolSize,
      countries.rateLimit.credentialLimit,
    ]).toEqual(['countries', ports.countries, 2, 1000]);
    expect([
      commerce.serviceName,
      commerce.port,
      commerce.dbPoolSize,
      commerce.rateLimit.credentialLimit,
    ]).toEqual(['commerce-rest', ports['commerce-rest'], 3, 2000]);
  });

  it('gives each its own logger, named for its service, at its own level', () => {
    const countries = running('countries').app.get<symbol, Logger>(PLATFORM_LOGGER, { strict: false });
    const commerce = running('commerce-rest').app.get<symbol, Logger>(PLATFORM_LOGGER, { strict: false });
    expect(countries).not.toBe(commerce);
    expect([countries.bindings().service, countries.level]).toEqual(['countries', 'warn']);
    expect([commerce.bindings().service, commerce.level]).toEqual(['commerce-rest', 'error']);
  });

  it('gives each its own database pool, connected under its own name', async () => {
    const countries = running('countries').app.get(DataSource, { strict: false });
    const commerce = running('commerce-rest').app.get(DataSource, { strict: false });
    expect(countries).not.toBe(commerce);
    await Promise.all([countries.query('SELECT 1'), commerce.query('SELECT 1')]);
    const names: { application_name: string }[] = await countries.query(
      'SELECT DISTINCT application_name FROM pg_stat_activity WHERE datname = current_database() ORDER BY 1',
    );
    expect(names.map((n) => n.application_name)).toEqual(
      expect.arrayContaining(['commerce-rest', 'countries']),
    );
  });

  it('gives each its own metrics registry, sharing only the process metrics (one event-loop monitor)', async () => {
    const countries = running('countries').app.get(MetricsService, { strict: false });
    const commerce = running('commerce-rest').app.get(MetricsService, { strict: false });
    expect(countries.registry).not.toBe(commerce.registry);
    expect(countries.eventLoopDelay).toBe(commerce.eventLoopDelay);
    const credential = await createTestCredential(
      running('countries').app.get(DataSource, { strict: false }),
      ['hosting.log:read'],
    );
    const before = await commerce.registry.getSingleMetricAsString('http_server_request_duration_seconds');
    const dispatcher = new InProcessDispatcher(platform.routes, new Agent());
    const res = await request(`${running('countries').origin}/v1/countries?marketId=en-US`, {
      headers: credential.headers,
      dispatcher,
    });
    expect(res.statusCode).toBe(200);
    await res.body.dump();
    expect(await countries.registry.getSingleMetricAsString('http_server_request_duration_seconds')).toMatch(
      /route="\/v1\/countries",status_code="200"/,
    );
    expect(await commerce.registry.getSingleMetricAsString('http_server_request_duration_seconds')).toBe(
      before,
    );
    for (const registry of [countries.registry, commerce.registry])
      expect(await registry.getSingleMetricAsString('nodejs_eventloop_delay_seconds')).toContain(
        'nodejs_eventloop_delay_seconds_count',
      );
  });

  it("answers with each service's own guards and error shape", async () => {
    const dispatcher = new InProcessDispatcher(platform.routes, new Agent());
    const countries = await request(`${running('countries').origin}/v1/countries?marketId=en-US`, {
      dispatcher,
    });
    const commerce = await request(`${running('commerce-rest').origin}/v1/commerce/stores/not-a-store`, {
      dispatcher,
    });
    expect(countries.statusCode).toBe(401);
    expect(commerce.statusCode).toBe(401);
    // Each in its own error family: countries as the domains API answers (code, message), commerce
    // as the commerce API does (name, message, details, correlationId).
    expect(await countries.body.json()).toEqual({
      code: 'UNAUTHORIZED',
      message: 'missing, malformed, expired or revoked credentials',
    });
    expect(await commerce.body.json()).toEqual({
      name: 'UNAUTHORIZED',
      message: 'missing, malformed, expired or revoked credentials',
      details: [
        {
          issue: 'UNAUTHORIZED',
          description: 'missing, malformed, expired or revoked credentials',
          location: 'body',
        },
      ],
      correlationId: expect.any(String),
    });
  });
});
