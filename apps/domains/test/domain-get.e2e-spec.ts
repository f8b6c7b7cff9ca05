import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import type { DomainContacts } from '../src/modules/domains/domain.entity';
import type { DomainDetailResponse } from '../src/modules/domains/domains.response';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const contact = {
  nameFirst: 'Jane',
  nameLast: 'Doe',
  email: 'jane@example.com',
  phone: '+1.4805551234',
  addressMailing: { address1: '1 Main St', city: 'Tempe', state: 'AZ', postalCode: '85281', country: 'US' },
};

describe('GET /v1/domains/{domain} (real Postgres)', () => {
  let t: DomainsTestApp;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startDomainsTestApp('domain-get');
    cred = await t.newCredential(['domains.domain:read']);
  });

  afterAll(() => t?.close());

  const get = (domain: string, c: TestCredential = cred): ReturnType<DomainsTestApp['inject']> =>
    t.inject({ method: 'GET', url: `/v1/domains/${domain}`, headers: c.headers });

  it('answers the whole domain to its owner: summary, name servers, contacts and auth code', async () => {
    const added = await t.addDomain(cred.accountId, 'full.test');
    const contacts: DomainContacts = { registrant: contact, tech: { ...contact, organization: 'Ops' } };
    await t.dataSource.query('UPDATE domains.domains SET contacts = $2 WHERE domain = $1', [
      'full.test',
      contacts,
    ]);

    const res = await get('full.test');

    expect(res.statusCode).toBe(200);
    const body = res.json() as DomainDetailResponse;
    expect(body).toMatchObject({
      domainId: added.domainId,
      domain: 'full.test',
      status: 'ACTIVE',
      expires: added.expires?.toISOString(),
      createdAt: expect.stringMatching(ISO),
      authCode: added.authCode,
      nameServers: ['ns1.sandbox.invalid', 'ns2.sandbox.invalid'],
      contactRegistrant: contact,
      contactAdmin: null,
      contactTech: { ...contact, organization: 'Ops' },
      contactBilling: null,
    });
    // The same domain as the listing shows it with every includes: one rendering of a domain.
    const listed = await t.inject({
      method: 'GET',
      url: '/v1/domains?includes=authCode,contacts,nameServers&marker=fulk.test&limit=1',
      headers: cred.headers,
    });
    expect(listed.json()).toEqual([body]);
  });

  it('reads the name case-insensitively and without its trailing dot', async () => {
    await t.addDomain(cred.accountId, 'case.test');
    const res = await get('CASE.Test.');
    expect([res.statusCode, res.json().domain]).toEqual([200, 'case.test']);
  });

  it('shows a PENDING domain with null expires and renewDeadline', async () => {
    await t.addDomain(cred.accountId, 'pending.test');
    await t.dataSource.query(
      "UPDATE domains.domains SET status = 'PENDING', expires = NULL WHERE domain = 'pending.test'",
    );
    expect((await get('pending.test')).json()).toMatchObject({
      status: 'PENDING',
      expires: null,
      renewDeadline: null,
    });
  });

  it("answers 404 DOMAIN_NOT_FOUND for another account's domain and for an unknown one, alike", async () => {
    await t.addDomain(randomUUID(), 'theirs.test');
    const theirs = await get('theirs.test');
    const unknown = await get('nobody-has-this.test');
    expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(theirs.json()).toEqual({ code: 'DOMAIN_NOT_FOUND', message: expect.any(String) });
    expect(unknown.json()).toEqual({ code: 'DOMAIN_NOT_FOUND', message: expect.any(String) });
  });

  it.each([['no_tld'], ['exa_mple.com'], ['-bad.com'], ['com'], [`${'a'.repeat(64)}.com`], ['%20']])(
    'answers 400 INVALID_FORMAT on path domain for %j',
    async (domain) => {
      const res = await get(domain);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_FORMAT',
        fields: [expect.objectContaining({ path: 'domain' })],
      });
    },
  );

  it('answers 401 without a token and 403 without domains.domain:read', async () => {
    await t.addDomain(cred.accountId, 'scoped.test');
    const anonymous = await t.inject({ method: 'GET', url: '/v1/domains/scoped.test' });
    const other = await t.newCredential(['domains.domain:create'], cred.accountId);
    expect([anonymous.statusCode, (await get('scoped.test', other)).statusCode]).toEqual([401, 403]);
  });
});
