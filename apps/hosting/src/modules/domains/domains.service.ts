import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppsService } from '../apps/apps.service';
import type { Variant } from '../runtime';
import type { AppDomain } from './app-domain';
import { AppDomainsRepository } from './app-domains.repository';
import { checkHostname, isReservedHostname } from './domain-hostname';
import { neededRecords, newVerificationToken } from './domain-records';
import { DOMAIN_SETTINGS, MAX_DOMAINS_PER_APP } from './domain-settings';
import type { DomainSettings } from './domain-settings';
import { DomainErrors } from './domains.errors';
import { releaseOf } from './domains.jobs';
import { DomainsProducer } from './domains.producer';

/** Custom domains of an app, API side; the worker checks and routes them (docs/hosting.md, "Custom domains"). */
@Injectable()
export class DomainsService {
  private readonly logger = new Logger(DomainsService.name);

  constructor(
    private readonly apps: AppsService,
    private readonly repository: AppDomainsRepository,
    private readonly producer: DomainsProducer,
    @Inject(DOMAIN_SETTINGS) private readonly settings: DomainSettings,
  ) {}

  /**
   * Attaches `rawHostname` to the app's `variant`, PENDING with the records it needs, and asks the
   * worker to check it at once (an owned zone makes it ACTIVE within that check).
   */
  async attach(accountId: string, appId: string, rawHostname: string, variant: Variant): Promise<AppDomain> {
    const verdict = checkHostname(rawHostname);
    if (!verdict.ok) throw DomainErrors.badHostname(verdict.issue, rawHostname);
    const { hostname } = verdict;
    if (isReservedHostname(hostname, this.settings.platformHosts, this.settings.target))
      throw DomainErrors.reserved(hostname);
    await this.apps.require(accountId, appId);
    const id = randomUUID();
    const token = newVerificationToken();
    const records = neededRecords(hostname, this.settings.target, token).map((r) => ({
      ...r,
      status: 'MISSING' as const,
    }));
    const outcome = await this.repository.insertWithin(
      { id, hostname, accountId, appId, variant, verificationToken: token, records },
      MAX_DOMAINS_PER_APP,
    );
    if (outcome === 'taken') throw DomainErrors.alreadyAttached(hostname);
    if (outcome === 'limit') throw DomainErrors.limitReached();
    // The domain is committed: a job Redis did not take only waits for the re-check sweep
    // (next_check_at is now), rather than failing an attach a retry would answer 409.
    await this.producer.requestVerify(id).catch((error: unknown) => {
      this.logger.warn(
        { err: error, domainId: id },
        'custom domain check not queued; the re-check sweep will run it',
      );
    });
    return this.require(appId, hostname);
  }

  async list(accountId: string, appId: string): Promise<AppDomain[]> {
    await this.apps.require(accountId, appId);
    return this.repository.list(appId);
  }

  async get(accountId: string, appId: string, hostname: string): Promise<AppDomain> {
    await this.apps.require(accountId, appId);
    return this.require(appId, hostname);
  }

  /** A check now (a FAILED domain is PENDING again); the domain as it stands. */
  async verify(accountId: string, appId: string, hostname: string): Promise<AppDomain> {
    await this.apps.require(accountId, appId);
    const domain = await this.repository.requestCheck(appId, canonical(hostname));
    if (!domain) throw DomainErrors.notFound();
    if (domain.status !== 'ACTIVE') await this.producer.requestVerify(domain.id);
    return domain;
  }

  /**
   * Detaches the domain: the row goes (the Host stops routing within the route cache's TTL), and
   * records written into the owner's zone are removed by the worker.
   */
  async detach(accountId: string, appId: string, hostname: string): Promise<void> {
    await this.apps.require(accountId, appId);
    const removed = await this.repository.delete(appId, canonical(hostname));
    if (!removed) throw DomainErrors.notFound();
    await this.producer.requestRelease(releaseOf(removed));
  }

  private async require(appId: string, hostname: string): Promise<AppDomain> {
    const domain = await this.repository.find(appId, canonical(hostname));
    if (!domain) throw DomainErrors.notFound();
    return domain;
  }
}

/** The path's host name as stored (a malformed one simply matches nothing: 404). */
function canonical(hostname: string): string {
  return hostname.trim().toLowerCase().replace(/\.$/, '');
}
