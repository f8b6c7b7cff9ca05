import { isIP } from 'node:net';
import { ConfigError, type Env } from './env-readers';

/**
 * The host names the platform answers as itself (its API, /hosted, /healthz …), as opposed to the
 * custom domains of hosted apps (docs/hosting.md, "Custom domains"; docs/gateway.md, "Custom
 * domains"). The gateway sends a request whose `Host` is not one of these to the hosting worker,
 * and the hosting API refuses to attach one of these as a custom domain.
 *
 * Always the platform's: no name at all, an IP literal, a name of one label (`gateway`,
 * `localhost`), a name under the special-use `localhost`, `local`, `internal`, `invalid` or
 * `arpa`, or under `svc` / `cluster.local` (Kubernetes Services). Besides: PUBLIC_BASE_URL's host
 * name and every name PLATFORM_HOST_NAMES lists (comma-separated, no ports; an entry
 * `*.example.net` covers every name under `example.net`, not `example.net` itself).
 */
export interface PlatformHosts {
  /** Whether `hostname` (no port, any case, one trailing dot ignored) is one of the platform's own. */
  isPlatform(hostname: string): boolean;
}

/** Names under these are never custom domains (special-use and in-cluster names). */
const RESERVED_SUFFIXES = ['localhost', 'local', 'internal', 'invalid', 'arpa', 'svc', 'cluster.local'];

const HOST_ENTRY = /^(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** Lower case, without one trailing dot nor the brackets of an IPv6 literal. */
export function canonicalHostname(hostname: string): string {
  const lower = hostname.trim().toLowerCase().replace(/\.$/, '');
  return lower.startsWith('[') && lower.endsWith(']') ? lower.slice(1, -1) : lower;
}

/** The host name of a `Host` header value (`name`, `name:port`, `[v6]:port`), canonical. */
export function hostnameOfHostHeader(host: string): string {
  const value = host.trim();
  if (value.startsWith('[')) return canonicalHostname(value.slice(0, value.indexOf(']') + 1));
  const colon = value.lastIndexOf(':');
  return canonicalHostname(colon === -1 ? value : value.slice(0, colon));
}

/** PLATFORM_HOST_NAMES and PUBLIC_BASE_URL's host (default 127.0.0.1, itself an IP literal). */
export function loadPlatformHosts(env: Env): PlatformHosts {
  const names = new Set<string>();
  const wildcards: string[] = [];
  const base = env.PUBLIC_BASE_URL;
  if (base) {
    try {
      names.add(canonicalHostname(new URL(base).hostname));
    } catch {
      throw new ConfigError('PUBLIC_BASE_URL', `"${base}" is not a URL`);
    }
  }
  for (const raw of (env.PLATFORM_HOST_NAMES ?? '').split(',')) {
    const entry = canonicalHostname(raw);
    if (!entry) continue;
    if (!HOST_ENTRY.test(entry))
      throw new ConfigError(
        'PLATFORM_HOST_NAMES',
        `"${raw.trim()}" is not a host name nor *.<host name> (comma-separated, no ports)`,
      );
    if (entry.startsWith('*.')) wildcards.push(entry.slice(1));
    else names.add(entry);
  }
  return {
    isPlatform(hostname: string): boolean {
      const name = canonicalHostname(hostname);
      if (name === '' || isIP(name) !== 0 || !name.includes('.') || names.has(name)) return true;
      if (wildcards.some((suffix) => name.endsWith(suffix))) return true;
      return RESERVED_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
    },
  };
}
