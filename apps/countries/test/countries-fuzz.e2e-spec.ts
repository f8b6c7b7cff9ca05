import type { ServiceTestApp, ServiceUnderTest } from '@platform/testing';
import { describeServedOpenApiFuzz, startServiceTestApp } from '@platform/testing';
import { CountriesAppModule } from '../src/app.module';
import { COUNTRIES_OPENAPI, COUNTRIES_OPENAPI_FILE } from '../src/openapi/countries-openapi';

/** The service as its main.ts builds it. */
const COUNTRIES: ServiceUnderTest = {
  module: (env) => CountriesAppModule.forRoot(env.config('countries')),
  area: COUNTRIES_OPENAPI,
};

describe(`countries API fuzzed from ${COUNTRIES_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: ServiceTestApp;

  beforeAll(async () => {
    t = await startServiceTestApp('countries-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' }, COUNTRIES);
  });

  afterAll(() => t?.close());

  describeServedOpenApiFuzz(COUNTRIES_OPENAPI_FILE, 'domains', () => ({
    inject: (opts) => t.inject(opts),
    token: t.cred.token,
    knownValues: { countryKey: ['FR', 'DE', 'US', 'ZZ'], marketId: ['fr-FR', 'de-DE', 'en-US'] },
  }));
});
