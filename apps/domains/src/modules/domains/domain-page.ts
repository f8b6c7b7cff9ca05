import type { Repository, SelectQueryBuilder } from 'typeorm';
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
 * names a place in it.
 */
export function domainPageQuery(
  repository: Repository<DomainEntity>,
  accountId: string,
  page: DomainPage,
): SelectQueryBuilder<DomainEntity> {
  const columns = [...SUMMARY_COLUMNS, ...[...page.includes].map((i) => INCLUDED_COLUMNS[i])];
  const query = repository
    .createQueryBuilder('d')
    .select(columns.map((c) => `d.${c}`))
    .where('d.accountId = :accountId', { accountId });
  if (page.after !== undefined) query.andWhere('d.domain > :after', { after: page.after });
  if (page.statuses?.length) query.andWhere('d.status IN (:...statuses)', { statuses: page.statuses });
  return query.orderBy('d.domain', 'ASC').limit(page.limit);
}
