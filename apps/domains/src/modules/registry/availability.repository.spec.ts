import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { domainRow } from '../../../test/support/domain-rows';
import { DOMAINS_MIGRATION_SET } from '../../database/domains.migration-set';
import { DomainEntity } from '../domains/domain.entity';
import { AvailabilityRepository } from './availability.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or cache.
describe('AvailabilityRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let registrations: AvailabilityRepository;

  beforeAll(async () => {
    t = await openTestDataSource('domains-availability-repository', [DOMAINS_MIGRATION_SET]);
    registrations = new AvailabilityRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('names the registered ones among the names asked, whatever their account and status', async () => {
    await t.dataSource
      .getRepository(DomainEntity)
      .insert([
        domainRow('active.test', randomUUID()),
        domainRow('pending.test', randomUUID(), { status: 'PENDING' }),
        domainRow('expired.test', randomUUID(), { status: 'EXPIRED' }),
        domainRow('not-asked.test', randomUUID()),
      ]);
    const registered = await registrations.findRegisteredAmong([
      'free.test',
      'expired.test',
      'active.test',
      'pending.test',
    ]);
    expect(registered.sort()).toEqual(['active.test', 'expired.test', 'pending.test']);
    expect(await registrations.findRegisteredAmong(['free.test'])).toEqual([]);
  });
});
