import { Injectable } from '@nestjs/common';
import { EntityManager, In } from 'typeorm';
import { DomainEntity } from '../domains/domain.entity';
import { DnsRecordEntity, DnsRecordType } from './dns-record.entity';
import type { ZoneRecordValue } from './record-rules';
import { ZoneChangesRepository } from './zone-changes.repository';

/** Which records of a zone: all, one type, or one type and/or name. */
export interface ZoneScope {
  readonly type?: DnsRecordType;
  readonly name?: string;
}

/** The columns of a zone's domain row its readers need. */
export type ZoneOwner = Pick<DomainEntity, 'domainId' | 'accountId'>;

/**
 * Storage of the zones (`domains.dns_records`, and the domain rows that own them).
 * `transaction(work)` runs `work` with a copy bound to one transaction; `zoneChanges` is the
 * internal changes' storage in the same transaction.
 */
@Injectable()
export class RecordsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: RecordsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new RecordsRepository(manager)));
  }

  /** The internal zone changes, in this copy's transaction. */
  get zoneChanges(): ZoneChangesRepository {
    return new ZoneChangesRepository(this.manager);
  }

  /** The owner of `domain`'s zone (any status). */
  findZoneOwner(domain: string): Promise<ZoneOwner | null> {
    return this.manager.findOne(DomainEntity, {
      where: { domain },
      select: { domainId: true, accountId: true },
    });
  }

  /** The zone's domain row, locked (`FOR UPDATE`) until the transaction ends. */
  findZoneForUpdate(where: { domain: string } | { domainId: string }): Promise<DomainEntity | null> {
    return this.manager.findOne(DomainEntity, { where, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * The ACTIVE domains of `accountId` among `domains`: one indexed query on (account_id, domain).
   */
  findActiveZonesAmong(accountId: string, domains: readonly string[]): Promise<DomainEntity[]> {
    return this.manager.find(DomainEntity, {
      where: { accountId, domain: In(domains), status: 'ACTIVE' },
      select: { domainId: true, domain: true, accountId: true, status: true },
    });
  }

  /** The zone's records in insertion order, optionally of one type and/or name. */
  findRecords(domainId: string, filter: ZoneScope = {}): Promise<DnsRecordEntity[]> {
    return this.manager.find(DnsRecordEntity, {
      where: {
        domainId,
        ...(filter.type === undefined ? {} : { type: filter.type }),
        ...(filter.name === undefined ? {} : { name: filter.name }),
      },
      order: { recordId: 'ASC' },
    });
  }

  async deleteRecords(recordIds: readonly string[]): Promise<void> {
    await this.manager.delete(DnsRecordEntity, { recordId: In([...recordIds]) });
  }

  /** Inserts `records` into the zone, in order. */
  async insertRecords(domainId: string, records: readonly ZoneRecordValue[]): Promise<void> {
    await this.manager.insert(
      DnsRecordEntity,
      records.map((record) => ({ ...record, domainId })),
    );
  }
}
