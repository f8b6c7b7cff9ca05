import { Inject, Injectable, Logger } from '@nestjs/common';
import { DomainsClient, DomainsRejectedError } from '@platform/domains-client';
import type { AppDomain } from './app-domain';
import { AppDomainsRepository } from './app-domains.repository';
import { checkRecordsInDns, recheckRecordsInDns } from './dns-records-check';
import type { CheckedDomainRecord, DomainRecord } from './domain-records';
import { zoneRecordsOf } from './domain-records';
import { DOMAIN_SETTINGS } from './domain-settings';
import type { DomainSettings } from './domain-settings';
import { DomainFailureCode } from './domains.errors';
import { attachChangeId, releaseChangeId } from './domains.jobs';
import type { ReleaseDomainJobData } from './domains.jobs';
import { releaseOf } from './domains.jobs';
import { DomainIngresses } from './domain-ingresses';
import { DomainsProducer } from './domains.producer';

/** What one check of a domain ended with. */
export type VerifyOutcome =
  'gone' | 'already-active' | 'active' | 'still-active' | 'deactivated' | 'pending' | 'failed';

/**
 * The worker's check of one custom domain (docs/hosting.md, "Custom domains"):
 * 1. The records are offered to the domains service as one zone change of the domain's account
 *    (change id `hosting:domain:<id>:attach`, applied at most once): when an ACTIVE domain of that
 *    account holds the host name, they are written into its zone and the domain is ACTIVE
 *    (`PLATFORM_ZONE`). A refusal of the zone (a CNAME at its apex, a clash with a record there)
 *    makes it FAILED with ZONE_CHANGE_REFUSED.
 * 2. Otherwise (`no-zone`: a foreign domain) DNS is asked; both records found → ACTIVE (`DNS`),
 *    else it stays PENDING with each record's status and the next scheduled check (backing off).
 * The domains service not answering throws (the job is retried).
 * 3. An ACTIVE domain verified in DNS is checked in DNS again (the re-check sweep asks every
 *    HOSTING_DOMAIN_ACTIVE_RECHECK_EVERY_MS): a record gone makes it PENDING (no longer routed, its
 *    Ingress removed) with the records MISSING, and the PENDING checks bring it back once they are
 *    there again. Records the platform wrote into an owned zone are not checked.
 */
@Injectable()
export class DomainVerifier {
  private readonly logger = new Logger(DomainVerifier.name);

  constructor(
    private readonly repository: AppDomainsRepository,
    private readonly domains: DomainsClient,
    private readonly producer: DomainsProducer,
    private readonly ingresses: DomainIngresses,
    @Inject(DOMAIN_SETTINGS) private readonly settings: DomainSettings,
  ) {}

  async verify(domainId: string): Promise<VerifyOutcome> {
    const domain = await this.repository.findById(domainId);
    if (!domain) return 'gone';
    if (domain.status === 'ACTIVE') return this.recheckActive(domain);
    if (domain.status !== 'PENDING') return 'already-active';
    const records: DomainRecord[] = domain.records.map(({ type, name, value }) => ({ type, name, value }));
    let zone: string | undefined;
    try {
      const outcome = await this.domains.applyZoneChange({
        changeId: attachChangeId(domain.id),
        accountId: domain.accountId,
        add: zoneRecordsOf(records),
        remove: [],
      });
      if (outcome.outcome === 'applied') zone = outcome.zone;
    } catch (error) {
      if (!(error instanceof DomainsRejectedError)) throw error;
      await this.repository.fail(domain.id, {
        code: DomainFailureCode.ZONE_CHANGE_REFUSED,
        message: `your zone refused the records (${error.code ?? error.status}): ${records.map((r) => `${r.type} ${r.name}`).join(', ')}`,
      });
      return 'failed';
    }
    if (zone !== undefined) {
      const written: CheckedDomainRecord[] = records.map((r) => ({ ...r, status: 'WRITTEN' }));
      return this.activate(domain, written, zone);
    }
    const checked = await checkRecordsInDns(records, {
      servers: this.settings.dnsServers,
      timeoutMs: this.settings.dnsTimeoutMs,
    });
    if (checked.every((r) => r.status === 'FOUND')) return this.activate(domain, checked, null);
    await this.repository.recordCheck(domain.id, { records: checked, nextCheckAt: this.nextCheck(domain) });
    return 'pending';
  }

  /**
   * Undoes a detached domain: its Ingress (Kubernetes) and the records an attach wrote into the
   * account's zone (change id `…:release`, applied at most once).
   */
  async release(release: ReleaseDomainJobData): Promise<void> {
    await this.ingresses.close(release.hostname);
    if (!release.zoneWritten) return;
    await this.domains.applyZoneChange({
      changeId: releaseChangeId(release.domainId),
      accountId: release.accountId,
      add: [],
      remove: zoneRecordsOf(release.records),
    });
  }

  /**
   * The runtime serves the host first (Kubernetes: its Ingress), then the row turns ACTIVE with the
   * `domain.verified` event. A domain detached meanwhile is undone again.
   */
  private async activate(
    domain: AppDomain,
    records: CheckedDomainRecord[],
    zone: string | null,
  ): Promise<VerifyOutcome> {
    await this.ingresses.open(domain.hostname, { appId: domain.appId, variant: domain.variant });
    if (await this.repository.activate(domain, zone === null ? 'DNS' : 'PLATFORM_ZONE', records, zone))
      return 'active';
    this.logger.log({ domainId: domain.id }, 'custom domain detached during its check: undoing it');
    await this.producer.requestRelease({ ...releaseOf(domain), zoneWritten: zone !== null });
    return 'gone';
  }

  /**
   * An ACTIVE domain's records checked again in DNS (not one whose records the platform wrote):
   * all FOUND, or no answer, it stays ACTIVE; a record known gone turns it PENDING (the proxy stops
   * routing it), its Ingress removed first: a failure there retries the job on the ACTIVE row, and
   * one after it leaves an ACTIVE row whose Ingress the periodic reconcile applies again (the next
   * re-check then turns it PENDING), never a PENDING domain that an Ingress still serves.
   */
  private async recheckActive(domain: AppDomain): Promise<VerifyOutcome> {
    if (domain.verifiedBy !== 'DNS') return 'already-active';
    const records: DomainRecord[] = domain.records.map(({ type, name, value }) => ({ type, name, value }));
    const checked = await recheckRecordsInDns(records, {
      servers: this.settings.dnsServers,
      timeoutMs: this.settings.dnsTimeoutMs,
    });
    if (checked === null || checked.every((r) => r.status === 'FOUND')) {
      await this.repository.recordActiveCheck(domain.id, checked);
      return 'still-active';
    }
    const next = new Date(Date.now() + this.settings.recheckBackoffMs);
    await this.ingresses.close(domain.hostname);
    if (!(await this.repository.deactivate(domain.id, checked, next))) return 'gone';
    this.logger.warn(
      { domainId: domain.id },
      `custom domain ${domain.hostname} is PENDING again: ${checked
        .filter((r) => r.status === 'MISSING')
        .map((r) => `${r.type} ${r.name}`)
        .join(', ')} missing`,
    );
    return 'deactivated';
  }

  /** Backoff after this check: backoff · 2^checks, at most the maximum; none past the last scheduled check. */
  private nextCheck(domain: AppDomain): Date | null {
    const checks = domain.checks + 1;
    if (checks >= this.settings.maxScheduledChecks) return null;
    const wait = Math.min(
      this.settings.recheckBackoffMaxMs,
      this.settings.recheckBackoffMs * 2 ** Math.min(checks - 1, 30),
    );
    return new Date(Date.now() + wait);
  }
}
