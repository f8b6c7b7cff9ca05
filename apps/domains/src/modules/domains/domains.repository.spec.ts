import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { domainRow } from '../../../test/support/domain-rows';
import { DOMAINS_MIGRATION_SET } from '../../database/domains.migration-set';
import { DnsRecordEntity } from '../records/dns-record.entity';
import { DomainsRepository } from './domains.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or queue.
describe('DomainsRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let domains: DomainsRepository;

  beforeAll(async () => {
    t = await openTestDataSource('domains-domains-repository', [DOMAINS_MIGRATION_SET]);
    domains = new DomainsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('findPage', () => {
    const accountId = randomUUID();

    beforeAll(async () => {
      for (const [name, status] of [
        ['d.page.test', 'ACTIVE'],
        ['a.page.test', 'EXPIRED'],
        ['c.page.test', 'PENDING'],
        ['b.page.test', 'ACTIVE'],
      ] as const)
        expect(await domains.insertUnlessTaken(domainRow(name, accountId, { status }))).toBe(true);
      await domains.insertUnlessTaken(domainRow('bb.page.test', randomUUID()));
    });

    it("walks the account's domains in name order after the marker, up to the limit", async () => {
      const page = (after?: string) =>
        domains
          .findPage(accountId, { after, limit: 2, includes: new Set() })
          .then((p) => p.map((d) => d.domain));
      expect(await page()).toEqual(['a.page.test', 'b.page.test']);
      expect(await page('b.page.test')).toEqual(['c.page.test', 'd.page.test']);
      expect(await page('bz.page.test')).toEqual(['c.page.test', 'd.page.test']);
      expect(await page('d.page.test')).toEqual([]);
    });

    it('keeps the statuses asked for, and reads the included columns only', async () => {
      const [first, ...rest] = await domains.findPage(accountId, {
        limit: 10,
        statuses: ['ACTIVE', 'PENDING'],
        includes: new Set(['nameServers']),
      });
      expect([first, ...rest].map((d) => d.domain)).toEqual(['b.page.test', 'c.page.test', 'd.page.test']);
      expect(first).toMatchObject({ accountId, status: 'ACTIVE', nameServers: [] });
      expect(first.authCode).toBeUndefined();
      expect(first.contacts).toBeUndefined();
      const [withAll] = await domains.findPage(accountId, {
        limit: 1,
        includes: new Set(['authCode', 'contacts']),
      });
      expect(withAll).toMatchObject({ domain: 'a.page.test', authCode: 'code', contacts: {} });
    });
  });

  it('lets one of concurrent inserts of a name take it, whichever account', async () => {
    const rows = [randomUUID(), randomUUID(), randomUUID()].map((a) => domainRow('race.test', a));
    const taken = await Promise.all(rows.map((row) => domains.insertUnlessTaken(row)));
    expect(taken.filter(Boolean)).toHaveLength(1);
    const winner = rows[taken.indexOf(true)];
    expect(await domains.getByName('race.test')).toMatchObject({
      domainId: winner.domainId,
      accountId: winner.accountId,
    });
    expect(await domains.findOfAccount('race.test', winner.accountId)).not.toBeNull();
    expect(await domains.findOfAccount('race.test', randomUUID())).toBeNull();
    await expect(domains.getByName('absent.test')).rejects.toThrow();
    expect(await domains.findByName('absent.test')).toBeNull();
  });

  it("updates a registration and writes its zone's records in order, in one transaction", async () => {
    const row = domainRow('zone.test', randomUUID(), { status: 'PENDING' });
    const expires = new Date('2030-01-01T00:00:00.000Z');
    await domains.transaction(async (tx) => {
      expect(await tx.insertUnlessTaken(row)).toBe(true);
      await tx.update(row.domainId, { status: 'ACTIVE', expires });
      await tx.insertZoneRecords(row.domainId, [
        { type: 'NS', name: '@', data: 'ns2.example.net', ttl: 3600 },
        { type: 'NS', name: '@', data: 'ns1.example.net', ttl: 3600 },
      ]);
    });
    expect(await domains.getById(row.domainId)).toMatchObject({ status: 'ACTIVE', expires });
    const zone = await t.dataSource
      .getRepository(DnsRecordEntity)
      .find({ where: { domainId: row.domainId }, order: { recordId: 'ASC' } });
    expect(zone.map((r) => [r.type, r.name, r.data, r.ttl, r.priority, r.service])).toEqual([
      ['NS', '@', 'ns2.example.net', 3600, null, null],
      ['NS', '@', 'ns1.example.net', 3600, null, null],
    ]);
  });

  it('takes back what a failed transaction wrote, its own or the one a copy is bound to', async () => {
    const row = domainRow('rolled-back.test', randomUUID());
    await expect(
      domains.transaction(async (tx) => {
        await tx.insertUnlessTaken(row);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await expect(
      t.dataSource.transaction(async (manager) => {
        await domains.boundTo(manager).insertUnlessTaken(row);
        throw new Error('refused too');
      }),
    ).rejects.toThrow('refused too');
    expect(await domains.findByName('rolled-back.test')).toBeNull();
  });
});
