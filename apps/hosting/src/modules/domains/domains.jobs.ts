import { declareQueue } from '@platform/queue';
import type { AppDomain } from './app-domain';
import type { DomainRecord } from './domain-records';

/** Checks one domain: the caller's zone first, then DNS (DomainVerifier). */
export const VERIFY_DOMAIN_JOB = 'domain.verify';
/** Undoes what a detached domain had: its records in an owned zone, its Ingress (Kubernetes). */
export const RELEASE_DOMAIN_JOB = 'domain.release';
/** Adds the verify job of every PENDING domain whose next check is due, and of ACTIVE ones due a re-check. */
export const RECHECK_DOMAINS_JOB = 'domains.recheck';
/** Kubernetes: applies missing Ingresses of ACTIVE domains, removes the others (DomainIngresses.reconcile). */
export const RECONCILE_INGRESSES_JOB = 'domains.reconcile-ingresses';

/**
 * The hosting worker's custom domains. Job ids are deterministic (`verify.<domainId>`,
 * `release.<domainId>`), so asking again while one waits adds nothing; the zone changes carry
 * stable change ids, so a job run twice writes once.
 */
export const HostingDomainsQueue = declareQueue({
  name: 'hosting-domains',
  jobs: [VERIFY_DOMAIN_JOB, RELEASE_DOMAIN_JOB, RECHECK_DOMAINS_JOB, RECONCILE_INGRESSES_JOB],
});

export interface VerifyDomainJobData {
  readonly domainId: string;
}

/** A detached domain is gone from the table: the job carries what the release needs. */
export interface ReleaseDomainJobData {
  readonly domainId: string;
  readonly accountId: string;
  readonly hostname: string;
  /** The records were written into the account's zone: remove them. */
  readonly zoneWritten: boolean;
  readonly records: DomainRecord[];
}

export type DomainsJobData = VerifyDomainJobData | ReleaseDomainJobData | Record<string, never>;

/** Fixed job scheduler id: one re-check schedule however many workers start. */
export const DOMAINS_RECHECK_SCHEDULER = 'hosting-domains-recheck';
/** Fixed job scheduler id of the Ingress reconcile (declared by workers on the Kubernetes runtime). */
export const DOMAIN_INGRESSES_SCHEDULER = 'hosting-domains-ingresses';

/** Domains one re-check sweep asks to check at most. */
export const RECHECK_BATCH = 200;

export const HOSTING_DOMAINS_CONCURRENCY = 4;

export const verifyJobId = (domainId: string): string => `verify.${domainId}`;
export const releaseJobId = (domainId: string): string => `release.${domainId}`;

/** The zone change ids: stable per domain, so a retried job never writes twice. */
export const attachChangeId = (domainId: string): string => `hosting:domain:${domainId}:attach`;
export const releaseChangeId = (domainId: string): string => `hosting:domain:${domainId}:release`;

/** What the worker undoes for a detached (or vanished) domain. */
export function releaseOf(domain: AppDomain): ReleaseDomainJobData {
  return {
    domainId: domain.id,
    accountId: domain.accountId,
    hostname: domain.hostname,
    zoneWritten: domain.zoneWritten,
    records: domain.records.map(({ type, name, value }) => ({ type, name, value })),
  };
}
