import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { WORKER_PORTS } from '@platform/config';
import { createServiceApp } from '@platform/service-kit';
import { TestEnv, createTestEnv } from '@platform/testing';
import { loadCatalogWorkerConfig } from '../src/config/catalog-worker.config';
import { CatalogWorkerModule } from '../src/worker.module';

describe('catalog worker entry point (real Postgres and Redis)', () => {
  let env: TestEnv;
  let worker: NestFastifyApplication;

  beforeAll(async () => {
    env = await createTestEnv('catalog-worker');
    worker = await createServiceApp(CatalogWorkerModule.forRoot(env.config('catalog-subgraph-worker')), {
      title: 'Catalog worker',
      openApi: false,
    });
    await worker.init();
    await worker.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await worker?.close();
    await env?.teardown();
  });

  it('listens on the route table worker port 3103 by default, as catalog-subgraph-worker', () => {
    const config = loadCatalogWorkerConfig({ ...env.env });
    expect(config.port).toBe(WORKER_PORTS['catalog-subgraph-worker']);
    expect(config.port).toBe(3103);
    expect(config.serviceName).toBe('catalog-subgraph-worker');
  });

  it('is ready once the catalog schema is migrated, and live', async () => {
    expect((await worker.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
    expect((await worker.inject({ method: 'GET', url: '/health/live' })).json()).toEqual({ status: 'ok' });
  });

  it('serves Prometheus metrics', async () => {
    const metrics = await worker.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('# TYPE');
  });

  it('serves no GraphQL: the subgraph route is the API process only', async () => {
    const res = await worker.inject({
      method: 'POST',
      url: '/v2/commerce/stores/0b6f8c1e-3c1a-4f5e-9a51-5a1d2f3c4b5a/catalog-subgraph',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(res.statusCode).toBe(404);
  });
});
