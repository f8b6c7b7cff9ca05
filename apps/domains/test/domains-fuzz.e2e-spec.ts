import type { ServiceTestApp, ServiceUnderTest } from '@platform/testing';
import { describeServedOpenApiFuzz, startServiceTestApp } from '@platform/testing';
import { DomainsAppModule } from '../src/app.module';
import { loadDomainsConfig } from '../src/config/domains.config';
import { addDomainDirectly } from '../src/modules/domains/domain-registrations';
import { DomainsRepository } from '../src/modules/domains/domains.repository';
import { DOMAINS_OPENAPI, DOMAINS_OPENAPI_FILE } from '../src/openapi/domains-openapi';
import { DataSource } from 'typeorm';

/** The service as its main.ts builds it. */
const DOMAINS: ServiceUnderTest = {
  module: (env) => DomainsAppModule.forRoot(loadDomainsConfig(env.env)),
  area: DOMAINS_OPENAPI,
};

describe(`domains API fuzzed from ${DOMAINS_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: ServiceTestApp;
  const domain = 'fuzzed-domain.com';

  beforeAll(async () => {
    t = await startServiceTestApp('domains-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' }, DOMAINS);
    // A domain of the caller, so the fuzzer reaches past DOMAIN_NOT_FOUND into the records and orders.
    await addDomainDirectly(new DomainsRepository(t.app.get(DataSource).manager), t.cred.accountId, domain, [
      'ns1.sandbox.invalid',
    ]);
  });

  afterAll(() => t?.close());

  describeServedOpenApiFuzz(DOMAINS_OPENAPI_FILE, 'domains', () => ({
    inject: (opts) => t.inject(opts),
    token: t.cred.token,
    knownValues: { domain: [domain], type: ['A', 'TXT'], name: ['@', 'www'] },
  }));
});
