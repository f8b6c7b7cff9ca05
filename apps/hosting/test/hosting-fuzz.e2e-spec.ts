import type { ServiceTestApp, ServiceUnderTest } from '@platform/testing';
import { describeServedOpenApiFuzz, startServiceTestApp } from '@platform/testing';
import { HostingAppModule } from '../src/app.module';
import { loadHostingConfig } from '../src/config/hosting.config';
import { HOSTING_OPENAPI, HOSTING_OPENAPI_FILE } from '../src/openapi/hosting-openapi';
import { hostingEnv } from './support/hosting-test-app';

/** The service as its main.ts builds it. */
const HOSTING: ServiceUnderTest = {
  module: (env) => HostingAppModule.forRoot(loadHostingConfig(hostingEnv(env))),
  area: HOSTING_OPENAPI,
};

describe(`hosting API fuzzed from ${HOSTING_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: ServiceTestApp;
  let appId: string;

  beforeAll(async () => {
    // One loopback address for every case: the per-IP limits are raised far out of reach.
    t = await startServiceTestApp('hosting-fuzz', { RATE_LIMIT_IP_MULTIPLIER: '10000' }, HOSTING);
    // No worker runs: the app stays CREATING, which the fuzzer's imports and deployments meet (409).
    const created = await t.inject({
      method: 'POST',
      url: '/v1/hosting/apps?appType=NODEJS',
      headers: t.cred.headers,
      payload: { name: 'fuzzed' },
    });
    expect(created.statusCode).toBe(202);
    appId = created.json().appId;
  });

  afterAll(() => t?.close());

  describeServedOpenApiFuzz(HOSTING_OPENAPI_FILE, 'commerce', () => ({
    inject: (opts) => t.inject(opts),
    token: t.cred.token,
    knownValues: { appId: [appId] },
    numRuns: 16,
  }));
});
