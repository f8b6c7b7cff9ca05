import { SCOPES } from '@platform/scopes';
import { TestCredential, describeServedOpenApiFuzz } from '@platform/testing';
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

  describeServedOpenApiFuzz(COMMERCE_OPENAPI_FILE, 'commerce', () => ({
    inject: (opts) => t.inject(opts),
    token: cred.token,
    knownValues: { storeId: [storeId], customerId: [customerId], attrName: ['color', 'size'] },
  }));
});
