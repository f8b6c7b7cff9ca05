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
import { CountriesAppModule } from '../src/app.module';
import {
  COUNTRIES_OPENAPI,
  COUNTRIES_OPENAPI_FILE,
  finishCountriesDocument,
} from '../src/openapi/countries-openapi';

describe(`countries API fuzzed from ${COUNTRIES_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let cred: TestCredential;

  beforeAll(async () => {
    env = await createTestEnv('countries-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' });
    // As main.ts builds it, so /docs serves what is committed.
    app = await createServiceApp(CountriesAppModule.forRoot(env.config('countries')), {
      title: COUNTRIES_OPENAPI.info.title,
      description: COUNTRIES_OPENAPI.info.description,
      openApi: finishCountriesDocument,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    cred = await createTestCredential(app.get(DataSource), SCOPES);
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('serves the committed document at /docs/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.json()).toEqual(readCommittedOpenApi(COUNTRIES_OPENAPI_FILE));
  });

  describeOpenApiFuzz(COUNTRIES_OPENAPI_FILE, () => ({
    document: readCommittedOpenApi(COUNTRIES_OPENAPI_FILE),
    shape: 'domains',
    inject: (opts) => app.inject(opts),
    token: cred.token,
    secrets: [cred.token, TEST_ENCRYPTION_KEY],
    knownValues: { countryKey: ['FR', 'DE', 'US', 'ZZ'], marketId: ['fr-FR', 'de-DE', 'en-US'] },
  }));
});
