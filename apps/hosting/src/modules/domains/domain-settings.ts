import type { PlatformHosts } from '@platform/config';

/** Custom domains (docs/hosting.md, "Custom domains"), API and worker alike. */
export interface DomainSettings {
  /** The host name custom domains point their CNAME at (HOSTING_DOMAIN_TARGET). */
  readonly target: string;
  /** The platform's own host names (never attachable). */
  readonly platformHosts: PlatformHosts;
  /** DNS servers (`ip` or `ip:port`) a foreign domain is checked against; empty: the system's. */
  readonly dnsServers: readonly string[];
  /** Timeout of one DNS check, ms. */
  readonly dnsTimeoutMs: number;
  /** How long the worker's proxy keeps a host name's route (or its absence), ms; 0: none. */
  readonly routeCacheMs: number;
  /** Period of the sweep that re-checks PENDING domains, ms. */
  readonly recheckEveryMs: number;
  /** First wait before a PENDING domain is checked again, doubling after each check, ms. */
  readonly recheckBackoffMs: number;
  /** Longest wait between two checks of a PENDING domain, ms. */
  readonly recheckBackoffMaxMs: number;
  /** Scheduled checks of a PENDING domain before they stop (POST …/verify still checks). */
  readonly maxScheduledChecks: number;
  /**
   * How long an ACTIVE domain verified in DNS goes between two checks of its records, ms (the
   * re-check sweep asks for them); one whose record is gone turns PENDING again.
   */
  readonly activeRecheckEveryMs: number;
  /** Kubernetes: period of the reconcile of the domains' Ingresses with the table, ms. */
  readonly ingressReconcileEveryMs: number;
  /** cert-manager ClusterIssuer of the domains' Ingresses on Kubernetes (HOSTING_DOMAIN_CLUSTER_ISSUER). */
  readonly clusterIssuer: string;
}

export const DOMAIN_SETTINGS = Symbol('hosting.domainSettings');

/** Domains one app may have. */
export const MAX_DOMAINS_PER_APP = 20;

/** The worker's DOMAINS_URL (the domains service's internal API). */
export const DOMAINS_URL = Symbol('hosting.domainsUrl');
