import { Injectable } from '@nestjs/common';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { DnsRecordEntity } from '../records/dns-record.entity';
import type { NewZoneRecord } from '../records/default-zone';
import type { DomainStatus } from './domain.entity';
import { DomainEntity } from './domain.entity';
import type { DomainInclude } from './domains.request';

/** One page of an account's domains, keyset-paged on `domain`. */
export interface DomainPage {
  /** Canonical name the page starts after (the previous page's last `domain`); none: the first page. */
  readonly after?: string;
  readonly limit: number;
  /** Only these statuses; none or empty: every status. */
  readonly statuses?: readonly DomainStatus[];
  readonly includes: ReadonlySet<DomainInclude>;
}

/** A registration row as first written (its timestamps are the database's). */
export type NewDomain = Omit<DomainEntity, 'createdAt' | 'updatedAt'>;

/** What a registration's later writes may change. */
export type DomainChanges = Partial<
  Pick<DomainEntity, 'accountId' | 'status' | 'expires' | 'authCode' | 'renewAuto' | 'privacy' | 'contacts'>
>;

const SUMMARY_COLUMNS = [
  'domainId',
  'domain',
  'accountId',
  'status',
  'expires',
  'renewAuto',
  'privacy',
  'locked',
  'createdAt',
] as const satisfies readonly (keyof DomainEntity)[];

const INCLUDED_COLUMNS: Record<DomainInclude, keyof DomainEntity> = {
  authCode: 'authCode',
  contacts: 'contacts',
  nameServers: 'nameServers',
};

/**
 * `WHERE account_id = $1 AND domain > $marker ORDER BY domain LIMIT $limit`: an index range scan
 * of domains_account_domain_idx (account_id, domain) that stops after `limit` rows, whatever the
 * page's depth. The marker is a value, not a position: rows inserted or removed elsewhere in the
 * order never shift the rest of a walk, and a marker whose domain has left the account still
 * names a place in it. (Exported for the plan check of domains-list-walk.e2e-spec.ts.)
 */
export function domainPageQuery(
  manager: EntityManager,
  accountId: string,
  page: DomainPage,
): SelectQueryBuilder<DomainEntity> {
  const columns = [...SUMMARY_COLUMNS, ...[...page.includes].map((i) => INCLUDED_COLUMNS[i])];
  const query = manager
    .getRepository(DomainEntity)
    .createQueryBuilder('d')
    .select(columns.map((c) => `d.${c}`))
    .where('d.accountId = :accountId', { accountId });
  if (page.after !== undefined) query.andWhere('d.domain > :after', { after: page.after });
  if (page.statuses?.length) query.andWhere('d.status IN (:...statuses)', { statuses: page.statuses });
  return query.orderBy('d.domain', 'ASC').limit(page.limit);
}

/**
 * Storage of the registrations (`domains.domains`, and the zone a registration starts with).
 * `transaction(work)` runs `work` with a copy bound to one transaction; `boundTo(manager)` is the
 * copy bound to a transaction libs/queue's OperationRunner opened (an order's row and what the
 * order writes commit together).
 */
@Injectable()
export class DomainsRepository {
  constructor(private readonly manager: EntityManager) {}

  transaction<T>(work: (tx: DomainsRepository) => Promise<T>): Promise<T> {
    return this.manager.transaction((manager) => work(new DomainsRepository(manager)));
  }

  /** A copy bound to the transaction `manager` runs (OperationRunner's `alsoWrite` and commits). */
  boundTo(manager: EntityManager): DomainsRepository {
    return new DomainsRepository(manager);
  }

  /** One page of the account's domains in `domain` order (domainPageQuery). */
  findPage(accountId: string, page: DomainPage): Promise<DomainEntity[]> {
    return domainPageQuery(this.manager, accountId, page).getMany();
  }

  findByName(domain: string): Promise<DomainEntity | null> {
    return this.manager.findOneBy(DomainEntity, { domain });
  }

  /** The registration of `domain`; throws (EntityNotFoundError) when there is none. */
  getByName(domain: string): Promise<DomainEntity> {
    return this.manager.findOneByOrFail(DomainEntity, { domain });
  }

  /** The registration `domainId`; throws (EntityNotFoundError) when there is none. */
  getById(domainId: string): Promise<DomainEntity> {
    return this.manager.findOneByOrFail(DomainEntity, { domainId });
  }

  existsByName(domain: string): Promise<boolean> {
    return this.manager.existsBy(DomainEntity, { domain });
  }

  /** The registration of `domain`, its row locked (`FOR UPDATE`) until the transaction ends. */
  findByNameForUpdate(domain: string): Promise<DomainEntity | null> {
    return this.manager.findOne(DomainEntity, { where: { domain }, lock: { mode: 'pessimistic_write' } });
  }

  /** The registration `domainId`, its row locked (`FOR UPDATE`) until the transaction ends. */
  findByIdForUpdate(domainId: string): Promise<DomainEntity | null> {
    return this.manager.findOne(DomainEntity, { where: { domainId }, lock: { mode: 'pessimistic_write' } });
  }

  /** The account's registration of `domain`; another account's is none alike. */
  findOfAccount(domain: string, accountId: string): Promise<DomainEntity | null> {
    return this.manager.findOneBy(DomainEntity, { domain, accountId });
  }

  /** The account's newest registration (by createdAt, then domainId) whose contacts have a registrant. */
  findNewestWithRegistrant(accountId: string): Promise<DomainEntity | null> {
    return this.manager
      .getRepository(DomainEntity)
      .createQueryBuilder('d')
      .where('d.accountId = :accountId', { accountId })
      .andWhere(`d.contacts ? 'registrant'`)
      .orderBy('d.createdAt', 'DESC')
      .addOrderBy('d.domainId', 'DESC')
      .getOne();
  }

  /**
   * Inserts the registration unless any account holds the name (its unique index makes concurrent
   * attempts leave one row); false when taken.
   */
  async insertUnlessTaken(row: NewDomain): Promise<boolean> {
    const result = await this.manager
      .createQueryBuilder()
      .insert()
      .into(DomainEntity)
      .values(this.manager.create(DomainEntity, row))
      .orIgnore()
      .returning(['domainId'])
      .execute();
    return result.raw.length > 0;
  }

  async update(domainId: string, changes: DomainChanges): Promise<void> {
    await this.manager.update(DomainEntity, { domainId }, changes);
  }

  /** Deletes the account's PENDING registration of `domain` (none: nothing). */
  async deletePending(domain: string, accountId: string): Promise<void> {
    await this.manager.delete(DomainEntity, { domain, accountId, status: 'PENDING' });
  }

  /** Inserts `records` into the zone of `domainId`, in order. */
  async insertZoneRecords(domainId: string, records: readonly NewZoneRecord[]): Promise<void> {
    await this.manager.insert(
      DnsRecordEntity,
      records.map((r) =>
        this.manager.create(DnsRecordEntity, {
          ...r,
          domainId,
          priority: null,
          port: null,
          weight: null,
          service: null,
          protocol: null,
        }),
      ),
    );
  }
}
