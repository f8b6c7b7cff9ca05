import { type TestDataSource, openTestDataSource, waitForLockWaiter } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { DOMAINS_MIGRATION_SET } from '../../database/domains.migration-set';
import { DomainEntity, DomainStatus } from '../domains/domain.entity';
import type { NewDomain } from '../domains/domains.repository';
import { domainRow } from '../../../test/support/domain-rows';
import type { ZoneRecordValue } from './record-rules';
import { RecordsRepository } from './records.repository';

// Medium tier (docs/testing.md): the repositories against the real migrated schema, no HTTP or queue.
describe('RecordsRepository and ZoneChangesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let records: RecordsRepository;
  const accountId = randomUUID();

  async function domain(
    name: string,
    status: DomainStatus = 'ACTIVE',
    owner = accountId,
  ): Promise<NewDomain> {
    const row = domainRow(name, owner, { status });
    await t.dataSource.getRepository(DomainEntity).insert(row);
    return row;
  }

  const record = (type: ZoneRecordValue['type'], name: string, data: string): ZoneRecordValue => ({
    type,
    name,
    data,
    ttl: 300,
    priority: null,
    port: null,
    weight: null,
    service: null,
    protocol: null,
  });

  beforeAll(async () => {
    t = await openTestDataSource('domains-records-repository', [DOMAINS_MIGRATION_SET]);
    records = new RecordsRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads a zone back in insertion order, filtered by type and name, and deletes the records named', async () => {
    const zone = await domain('records.test');
    await records.insertRecords(zone.domainId, [
      record('TXT', '@', 'b'),
      record('A', 'www', '192.0.2.1'),
      record('TXT', '@', 'a'),
      record('TXT', 'www', 'c'),
    ]);
    const all = await records.findRecords(zone.domainId);
    expect(all.map((r) => r.data)).toEqual(['b', '192.0.2.1', 'a', 'c']);
    expect((await records.findRecords(zone.domainId, { type: 'TXT' })).map((r) => r.data)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect((await records.findRecords(zone.domainId, { type: 'TXT', name: '@' })).map((r) => r.data)).toEqual(
      ['b', 'a'],
    );
    expect((await records.findRecords(zone.domainId, { name: 'www' })).map((r) => r.data)).toEqual([
      '192.0.2.1',
      'c',
    ]);

    await records.deleteRecords([all[0].recordId, all[3].recordId]);
    expect((await records.findRecords(zone.domainId)).map((r) => r.data)).toEqual(['192.0.2.1', 'a']);
    expect(await records.findZoneOwner('records.test')).toEqual({
      domainId: zone.domainId,
      accountId,
    });
    expect(await records.findZoneOwner('absent.test')).toBeNull();
  });

  it("finds the account's ACTIVE zones among the candidates only", async () => {
    const apex = await domain('zones.test');
    const sub = await domain('sub.zones.test');
    await domain('lapsed.zones.test', 'EXPIRED');
    await domain('other.zones.test', 'ACTIVE', randomUUID());
    const found = await records.findActiveZonesAmong(accountId, [
      'a.sub.zones.test',
      'sub.zones.test',
      'zones.test',
      'lapsed.zones.test',
      'other.zones.test',
    ]);
    expect(found.map((z) => z.domain).sort()).toEqual(['sub.zones.test', 'zones.test']);
    expect(found.find((z) => z.domain === 'zones.test')).toEqual({
      domainId: apex.domainId,
      domain: 'zones.test',
      accountId,
      status: 'ACTIVE',
    });
    expect(found.find((z) => z.domain === 'sub.zones.test')?.domainId).toBe(sub.domainId);
  });

  it("holds a second writer of a zone at the domain row's lock until the first commits", async () => {
    const zone = await domain('locked.test');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const first = records.transaction(async (tx) => {
      expect((await tx.findZoneForUpdate({ domain: 'locked.test' }))?.domainId).toBe(zone.domainId);
      await tx.insertRecords(zone.domainId, [record('TXT', '@', 'first')]);
      locked();
      await released;
    });
    await isLocked;
    const second = records.transaction(async (tx) => {
      await tx.findZoneForUpdate({ domainId: zone.domainId });
      return (await tx.findRecords(zone.domainId)).map((r) => r.data);
    });
    await waitForLockWaiter(t.dataSource, 'the second transaction to wait for the row lock');
    release();
    await first;
    expect(await second).toEqual(['first']);
  });

  it('records a zone change once per changeId, and its counts', async () => {
    const change = { changeId: `change-${randomUUID()}`, accountId, zone: 'changes.test' };
    expect(await records.zoneChanges.findById(change.changeId)).toBeNull();
    expect(await records.zoneChanges.insertUnlessExists(change)).toBe(true);
    expect(await records.zoneChanges.insertUnlessExists({ ...change, accountId: randomUUID() })).toBe(false);
    expect(await records.zoneChanges.getById(change.changeId)).toMatchObject({
      ...change,
      added: 0,
      removed: 0,
    });
    await records.zoneChanges.updateCounts(change.changeId, { added: 2, removed: 1 });
    expect(await records.zoneChanges.findById(change.changeId)).toMatchObject({ added: 2, removed: 1 });
    await expect(records.zoneChanges.getById('never-seen')).rejects.toThrow();
  });
});
