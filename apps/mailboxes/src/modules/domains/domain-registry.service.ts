import { DataSource } from 'typeorm';
import { DomainEntity } from './domain.entity';

/** A DNS name of at least two labels, letters, digits and inner hyphens, at most 253 characters. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export function normalizeDomain(domain: string): string | undefined {
  const lower = domain.trim().toLowerCase();
  return DOMAIN_PATTERN.test(lower) ? lower : undefined;
}

export type AddDomainOutcome =
  | { readonly kind: 'added'; readonly domain: string; readonly accountId: string }
  | { readonly kind: 'owned-by-another'; readonly domain: string };

/** Domain ownership: who may create mailboxes under which domain. */
export class DomainRegistry {
  constructor(private readonly dataSource: DataSource) {}

  /** Records that `accountId` owns `domain` (already normalized); adding it again is a no-op. */
  async add(accountId: string, domain: string): Promise<AddDomainOutcome> {
    const repo = this.dataSource.getRepository(DomainEntity);
    await repo.createQueryBuilder().insert().values({ domain, accountId }).orIgnore().execute();
    const row = await repo.findOneByOrFail({ domain });
    if (row.accountId !== accountId) return { kind: 'owned-by-another', domain };
    return { kind: 'added', domain, accountId };
  }
}
