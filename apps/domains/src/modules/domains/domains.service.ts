import { Injectable } from '@nestjs/common';
import { normalizeDomainName } from './domain-name';
import { DomainEntity, DomainStatus } from './domain.entity';
import { DomainsErrors } from './domains.errors';
import { DomainsRepository } from './domains.repository';
import { DOMAIN_LIST_DEFAULT_LIMIT, DomainInclude, DomainListQuery } from './domains.request';

export interface DomainListing {
  readonly domains: DomainEntity[];
  readonly includes: ReadonlySet<DomainInclude>;
}

/** The empty string is the first page, as no marker is: clients often send `marker=` then. */
function markerOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const domain = typeof raw === 'string' ? normalizeDomainName(raw) : undefined;
  if (domain === undefined) throw DomainsErrors.invalidMarker();
  return domain;
}

function union<T>(...lists: (readonly T[] | undefined)[]): T[] {
  return [...new Set(lists.flatMap((l) => l ?? []))];
}

@Injectable()
export class DomainsService {
  constructor(private readonly domains: DomainsRepository) {}

  /** One page of the account's domains in `domain` order (docs/domains.md, "Listing and reading domains"). */
  async list(accountId: string, query: DomainListQuery): Promise<DomainListing> {
    const includes = new Set(union<DomainInclude>(query.includes, query['includes[]']));
    const domains = await this.domains.findPage(accountId, {
      after: markerOf(query.marker),
      limit: query.limit ?? DOMAIN_LIST_DEFAULT_LIMIT,
      statuses: union<DomainStatus>(query.statuses, query['statuses[]']),
      includes,
    });
    return { domains, includes };
  }

  /** The account's registration of `domain` (canonical); another account's is not found alike. */
  async get(accountId: string, domain: string): Promise<DomainEntity> {
    const found = await this.domains.findOfAccount(domain, accountId);
    if (!found) throw DomainsErrors.notFound(domain);
    return found;
  }

  /** Whoever holds `domain` (canonical), in any status: for the other services. */
  async holderOf(domain: string): Promise<DomainEntity> {
    const found = await this.domains.findByName(domain);
    if (!found) throw DomainsErrors.notHeld(domain);
    return found;
  }
}
