import { randomUUID } from 'node:crypto';
import { DnsRecordEntity } from '../src/modules/records/dns-record.entity';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

describe('registering a domain directly (domain add)', () => {
  let t: DomainsTestApp;

  beforeAll(async () => {
    t = await startDomainsTestApp('domains-add');
  });
  afterAll(() => t?.close());

  it('makes it ACTIVE for a year with an NS record per default name server, once per name', async () => {
    const account = randomUUID();
    const domain = await t.addDomain(account, 'added.test');
    expect(domain).toMatchObject({ domain: 'added.test', accountId: account, status: 'ACTIVE' });
    const year = 365 * 86_400_000;
    expect((domain.expires?.getTime() ?? 0) - Date.now()).toBeGreaterThan(year - 86_400_000);
    const zone = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: domain.domainId });
    expect(zone.map((r) => [r.type, r.name, r.data])).toEqual([
      ['NS', '@', 'ns1.sandbox.invalid'],
      ['NS', '@', 'ns2.sandbox.invalid'],
    ]);
    await expect(t.addDomain(account, 'added.test')).resolves.toMatchObject({ domainId: domain.domainId });
    await expect(t.addDomain(randomUUID(), 'added.test')).rejects.toThrow(/another account/);
  });
});
