import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
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

  it("deletes the account's PENDING registration of a name only", async () => {
    const accountId = randomUUID();
    await domains.insertUnlessTaken(domainRow('pending-gone.test', accountId, { status: 'PENDING' }));
    await domains.insertUnlessTaken(domainRow('active-kept.test', accountId));
    await domains.insertUnlessTaken(domainRow('others-kept.test', randomUUID(), { status: 'PENDING' }));
    await domains.deletePending('pending-gone.test', accountId);
    await domains.deletePending('active-kept.test', accountId);
    await domains.deletePending('others-kept.test', accountId);
    expect(await domains.existsByName('pending-gone.test')).toBe(false);
    expect(await domains.existsByName('active-kept.test')).toBe(true);
    expect(await domains.existsByName('others-kept.test')).toBe(true);
  });

  it("finds the account's newest registration whose contacts have a registrant", async () => {
    const accountId = randomUUID();
    const registrant = {
      nameFirst: 'Ada',
      nameLast: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1.5555550100',
      addressMailing: {
        address1: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        postalCode: '62701',
        country: 'US',
      },
    };
    expect(await domains.findNewestWithRegistrant(accountId)).toBeNull();
    const older = domainRow('older.test', accountId, { contacts: { registrant } });
    const newer = domainRow('newer.test', accountId, {
      contacts: { registrant: { ...registrant, nameFirst: 'Grace' } },
    });
    await domains.insertUnlessTaken(older);
    await domains.insertUnlessTaken(newer);
    await domains.insertUnlessTaken(domainRow('newest-without.test', accountId, { contacts: {} }));
    await domains.insertUnlessTaken(
      domainRow('someone-elses.test', randomUUID(), { contacts: { registrant } }),
    );
    await t.dataSource.query(
      `UPDATE domains.domains SET created_at = now() - make_interval(secs => $2) WHERE domain = $1`,
      ['older.test', 60],
    );
    expect((await domains.findNewestWithRegistrant(accountId))?.domain).toBe('newer.test');
  });

  it('holds a second locker of a registration until the first transaction ends', async () => {
    const row = domainRow('lock.test', randomUUID());
    await domains.insertUnlessTaken(row);
    const order: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = domains.transaction(async (tx) => {
      await tx.findByNameForUpdate('lock.test');
      locked();
      await released;
      await tx.update(row.domainId, { status: 'EXPIRED' });
      order.push('first');
    });
    await isLocked;
    const second = domains.transaction(async (tx) => {
      const seen = await tx.findByIdForUpdate(row.domainId);
      order.push('second');
      return seen?.status;
    });
    await waitForLockWaiter(t.dataSource, 'the second transaction to wait for the row lock');
    release();
    await first;
    expect(await second).toBe('EXPIRED');
    expect(order).toEqual(['first', 'second']);
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
