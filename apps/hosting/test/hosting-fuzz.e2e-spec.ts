import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SCOPES } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import {
  TEST_ENCRYPTION_KEY,
  TestCredential,
  TestEnv,
  createTestCredential,
  createTestEnv,
  describeOpenApiFuzz,
  readCommittedOpenApi,
} from '@platform/testing';
import { DataSource } from 'typeorm';
import { HostingAppModule } from '../src/app.module';
import { loadHostingConfig } from '../src/config/hosting.config';
import { HOSTING_OPENAPI, HOSTING_OPENAPI_FILE, finishHostingDocument } from '../src/openapi/hosting-openapi';
import { hostingEnv } from './support/hosting-test-app';

describe(`hosting API fuzzed from ${HOSTING_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let cred: TestCredential;
  let appId: string;

  beforeAll(async () => {
    // One loopback address for every case: the per-IP limits are raised far out of reach.
    env = await createTestEnv('hosting-fuzz', { RATE_LIMIT_IP_MULTIPLIER: '10000' });
    // As main.ts builds it, so /docs serves what is committed.
    app = await createServiceApp(HostingAppModule.forRoot(loadHostingConfig(hostingEnv(env))), {
      title: HOSTING_OPENAPI.info.title,
      description: HOSTING_OPENAPI.info.description,
      openApi: finishHostingDocument,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    cred = await createTestCredential(app.get(DataSource), SCOPES);
    // No worker runs: the app stays CREATING, which the fuzzer's imports and deployments meet (409).
    const created = await app.inject({
      method: 'POST',
      url: '/v1/hosting/apps?appType=NODEJS',
      headers: cred.headers,
      payload: { name: 'fuzzed' },
    });
    expect(created.statusCode).toBe(202);
    appId = created.json().appId;
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('serves the committed document at /docs/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.json()).toEqual(readCommittedOpenApi(HOSTING_OPENAPI_FILE));
  });

  describeOpenApiFuzz(HOSTING_OPENAPI_FILE, () => ({
    document: readCommittedOpenApi(HOSTING_OPENAPI_FILE),
    shape: 'commerce',
    inject: (opts) => app.inject(opts),
    token: cred.token,
    secrets: [cred.token, TEST_ENCRYPTION_KEY],
    knownValues: { appId: [appId] },
    numRuns: 16,
  }));
});
