import { isIP } from 'node:net';
import { ConfigError, Env, envInteger, envMatching, loadPlatformHosts } from '@platform/config';
import { checkHostname } from '../modules/domains/domain-hostname';
import type { DomainSettings } from '../modules/domains/domain-settings';
import { loadPublicBaseUrl } from './hosting.config';

/** `ip` or `ip:port` (IPv6 as `[ip]:port`), as node:dns `Resolver.setServers` takes them. */
function dnsServerOk(entry: string): boolean {
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (v6) return isIP(v6[1]) === 6 && (v6[2] === undefined || Number(v6[2]) <= 65535);
  const [host, port, ...rest] = entry.split(':');
  if (rest.length) return isIP(entry) === 6;
  return isIP(host) === 4 && (port === undefined || (/^\d{1,5}$/.test(port) && Number(port) <= 65535));
}

/**
 * Custom domains (docs/hosting.md, "Custom domains"), API and worker: HOSTING_DOMAIN_TARGET (a host
 * name; default PUBLIC_BASE_URL's host when that is a name, else `apps.developer-platform.test`),
 * HOSTING_DOMAIN_DNS_SERVERS (comma-separated `ip[:port]`, default the system's),
 * HOSTING_DOMAIN_DNS_TIMEOUT_MS (3000, 100..30000), HOSTING_DOMAIN_ROUTE_CACHE_MS (5000, 0..60000),
 * HOSTING_DOMAIN_RECHECK_EVERY_MS (60000, 100..3600000), HOSTING_DOMAIN_RECHECK_BACKOFF_MS (60000,
 * 10..86400000), HOSTING_DOMAIN_RECHECK_BACKOFF_MAX_MS (3600000, at least the backoff),
 * HOSTING_DOMAIN_MAX_CHECKS (50, 1..1000), HOSTING_DOMAIN_ACTIVE_RECHECK_EVERY_MS (3600000,
 * 100..604800000), HOSTING_DOMAIN_INGRESS_RECONCILE_EVERY_MS (300000, 1000..86400000),
 * HOSTING_DOMAIN_CLUSTER_ISSUER (`letsencrypt`), plus
 * PLATFORM_HOST_NAMES (libs/config platform-hosts.ts).
 */
export function loadDomainSettings(env: Env): DomainSettings {
  const baseHost = new URL(loadPublicBaseUrl(env)).hostname;
  const fallback = checkHostname(baseHost).ok ? baseHost : 'apps.developer-platform.test';
  const rawTarget = env.HOSTING_DOMAIN_TARGET || fallback;
  const target = checkHostname(rawTarget);
  if (!target.ok)
    throw new ConfigError('HOSTING_DOMAIN_TARGET', `"${rawTarget}" is not a host name of two labels or more`);
  const dnsServers = (env.HOSTING_DOMAIN_DNS_SERVERS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = dnsServers.find((s) => !dnsServerOk(s));
  if (bad) throw new ConfigError('HOSTING_DOMAIN_DNS_SERVERS', `"${bad}" is not ip or ip:port`);
  const recheckBackoffMs = envInteger(env, 'HOSTING_DOMAIN_RECHECK_BACKOFF_MS', 60_000, 10, 86_400_000);
  return {
    target: target.hostname,
    platformHosts: loadPlatformHosts(env),
    dnsServers,
    dnsTimeoutMs: envInteger(env, 'HOSTING_DOMAIN_DNS_TIMEOUT_MS', 3000, 100, 30_000),
    routeCacheMs: envInteger(env, 'HOSTING_DOMAIN_ROUTE_CACHE_MS', 5000, 0, 60_000),
    recheckEveryMs: envInteger(env, 'HOSTING_DOMAIN_RECHECK_EVERY_MS', 60_000, 100, 3_600_000),
    recheckBackoffMs,
    recheckBackoffMaxMs: envInteger(
      env,
      'HOSTING_DOMAIN_RECHECK_BACKOFF_MAX_MS',
      3_600_000,
      recheckBackoffMs,
      86_400_000,
    ),
    maxScheduledChecks: envInteger(env, 'HOSTING_DOMAIN_MAX_CHECKS', 50, 1, 1000),
    activeRecheckEveryMs: envInteger(
      env,
      'HOSTING_DOMAIN_ACTIVE_RECHECK_EVERY_MS',
      3_600_000,
      100,
      604_800_000,
    ),
    ingressReconcileEveryMs: envInteger(
      env,
      'HOSTING_DOMAIN_INGRESS_RECONCILE_EVERY_MS',
      300_000,
      1000,
      86_400_000,
    ),
    clusterIssuer: envMatching(
      env,
      'HOSTING_DOMAIN_CLUSTER_ISSUER',
      'letsencrypt',
      /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/,
      'a Kubernetes object name',
    ),
  };
}
