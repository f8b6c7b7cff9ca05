/**
 * The ids of the platform catalog, as UCP product / variant ids (a checkout line's `item.id` is a
 * variant id):
 *
 * - rows of the catalog tables: a lowercase slug, `web-hosting` (product), `web-hosting-3`
 *   (variant), `domain-registration-com` (the .com price row). Never contains `:`.
 * - a domain name for sale, made from the TLD's price row on the fly: product `domain:example.com`,
 *   its variant for n years `domain:example.com:2y` (n from the row's minYears..maxYears). The name
 *   is canonical (lower case, no trailing dot), as the domains service answers it.
 */

/** A catalog row's id: what the admin CLI takes and add-variant makes. */
export const CATALOG_ROW_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

const DOMAIN_PREFIX = 'domain:';
// Shape only (the domains service judges the name): letters, digits, dots and hyphens, a dot inside.
const DOMAIN_ID = /^domain:([a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::([1-9][0-9]?)y)?$/;

export type CatalogId =
  | { readonly kind: 'row'; readonly id: string }
  | { readonly kind: 'domain'; readonly domain: string }
  | { readonly kind: 'domain-period'; readonly domain: string; readonly periodYears: number };

export function domainProductId(domain: string): string {
  return `${DOMAIN_PREFIX}${domain}`;
}

export function domainVariantId(domain: string, periodYears: number): string {
  return `${DOMAIN_PREFIX}${domain}:${periodYears}y`;
}

/**
 * What an id names, by its shape alone (whether it exists is the catalog's and the domains
 * service's to say); undefined when no id of this catalog looks like it. A domain id is read case
 * insensitively and comes back canonical.
 */
export function parseCatalogId(id: string): CatalogId | undefined {
  if (typeof id !== 'string' || id.length > 300) return undefined;
  if (CATALOG_ROW_ID.test(id)) return { kind: 'row', id };
  const match = DOMAIN_ID.exec(id.toLowerCase());
  if (!match || match[1].length > 253) return undefined;
  const domain = match[1];
  return match[2] === undefined
    ? { kind: 'domain', domain }
    : { kind: 'domain-period', domain, periodYears: Number(match[2]) };
}

/** The last label of a canonical name: `com` of `shop.example.com`. */
export function tldOf(domain: string): string {
  return domain.slice(domain.lastIndexOf('.') + 1);
}
