import { SCOPES } from '@platform/scopes';
import {
  TEST_ENCRYPTION_KEY,
  TestCredential,
  describeOpenApiFuzz,
  readCommittedOpenApi,
} from '@platform/testing';
import { COMMERCE_OPENAPI_FILE } from '../src/openapi/commerce-openapi';
import { CommerceTestApp, startCommerceTestApp } from './support/commerce-test-app';

describe(`commerce API fuzzed from ${COMMERCE_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: CommerceTestApp;
  let cred: TestCredential;
  let storeId: string;
  let customerId: string;

  beforeAll(async () => {
    t = await startCommerceTestApp('commerce-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' });
    cred = await t.newCredential(SCOPES);
    storeId = (await t.newStore(cred.accountId, { attributeKeys: ['color', 'size'] })).storeId;
    const created = await t.inject({
      method: 'POST',
      url: `/v1/commerce/stores/${storeId}/customers`,
      headers: cred.headers,
      payload: { firstName: 'Ada', lastName: 'Lovelace', emails: [{ email: 'ada@example.com' }] },
    });
    expect(created.statusCode).toBe(201);
    customerId = created.json().customerId;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('serves the committed document at /docs/openapi.json', async () => {
    const res = await t.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.json()).toEqual(readCommittedOpenApi(COMMERCE_OPENAPI_FILE));
  });

  describeOpenApiFuzz(COMMERCE_OPENAPI_FILE, () => ({
    document: readCommittedOpenApi(COMMERCE_OPENAPI_FILE),
    shape: 'commerce',
    inject: (opts) => t.inject(opts),
    token: cred.token,
    secrets: [cred.token, TEST_ENCRYPTION_KEY],
    knownValues: { storeId: [storeId], customerId: [customerId], attrName: ['color', 'size'] },
  }));
});
