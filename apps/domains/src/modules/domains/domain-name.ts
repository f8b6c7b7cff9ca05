/**
 * Domain names as the registry takes them: ASCII (A-labels for IDNs, `xn--…`), two labels or more,
 * each 1 to 63 letters, digits or inner hyphens, a TLD that starts with a letter, at most 253
 * characters in all. Case and one trailing dot are not significant.
 */
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The name in canonical form (lower-case, no trailing dot), or undefined when it is not a domain name. */
export function normalizeDomainName(raw: string): string | undefined {
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  return DOMAIN_PATTERN.test(name) ? name : undefined;
}

/** The last label: `com` of `shop.example.com`. */
export function tldOf(domain: string): string {
  return domain.slice(domain.lastIndexOf('.') + 1);
}

/** Every name `host` is in, itself first: `a.b.example.com` → a.b.example.com, b.example.com, example.com, com. */
export function enclosingNames(host: string): string[] {
  const labels = host.split('.');
  return labels.map((_, i) => labels.slice(i).join('.'));
}
