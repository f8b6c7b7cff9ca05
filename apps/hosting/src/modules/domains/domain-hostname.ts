import { isIP } from 'node:net';
import { canonicalHostname } from '@platform/config';
import type { PlatformHosts } from '@platform/config';

/** Why a host name cannot be attached (`details[].issue` of the 400, or the 422's code). */
export const HostnameIssue = {
  /** Not a DNS name: labels of 1 to 63 letters, digits or inner hyphens, at most 253 characters. */
  INVALID_FORMAT: 'INVALID_FORMAT',
  /** One label only (`shop`): a custom domain has at least two. */
  SINGLE_LABEL: 'SINGLE_LABEL',
  /** `*.example.com`: wildcards are not served. */
  WILDCARD_NOT_ALLOWED: 'WILDCARD_NOT_ALLOWED',
  /** `203.0.113.7`, `[2001:db8::1]`: an address, not a name. */
  IP_ADDRESS_NOT_ALLOWED: 'IP_ADDRESS_NOT_ALLOWED',
} as const;
export type HostnameIssue = (typeof HostnameIssue)[keyof typeof HostnameIssue];

export const HOSTNAME_MAX_LENGTH = 253;

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** The last label starts with a letter (no all-numeric TLD: never a dotted quad). */
const TLD = /^[a-z]/;

export type HostnameVerdict =
  { readonly ok: true; readonly hostname: string } | { readonly ok: false; readonly issue: HostnameIssue };

/**
 * The canonical form of a custom domain (lower case, one trailing dot dropped), or why it is not
 * one. ASCII only: an IDN is sent as its A-labels (`xn--…`).
 */
export function checkHostname(raw: string): HostnameVerdict {
  const hostname = canonicalHostname(raw);
  if (isIP(hostname) !== 0) return { ok: false, issue: HostnameIssue.IP_ADDRESS_NOT_ALLOWED };
  if (hostname.includes('*')) return { ok: false, issue: HostnameIssue.WILDCARD_NOT_ALLOWED };
  const labels = hostname.split('.');
  if (hostname.length > HOSTNAME_MAX_LENGTH || !labels.every((label) => LABEL.test(label)))
    return { ok: false, issue: HostnameIssue.INVALID_FORMAT };
  if (labels.length < 2) return { ok: false, issue: HostnameIssue.SINGLE_LABEL };
  if (!TLD.test(labels[labels.length - 1])) return { ok: false, issue: HostnameIssue.INVALID_FORMAT };
  return { ok: true, hostname };
}

/**
 * Whether `hostname` is the platform's own or lies under it: PlatformHosts' names, and the target
 * custom domains point at (HOSTING_DOMAIN_TARGET) with every name under it.
 */
export function isReservedHostname(hostname: string, hosts: PlatformHosts, target: string): boolean {
  return hosts.isPlatform(hostname) || hostname === target || hostname.endsWith(`.${target}`);
}
