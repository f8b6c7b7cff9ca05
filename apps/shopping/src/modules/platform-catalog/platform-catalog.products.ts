import type { UcpPrice, UcpProduct, UcpVariant } from '../ucp/ucp-types';
import { readDomainAttributes, readHostingAttributes } from './platform-catalog.attributes';
import type { DomainPriceAttributes } from './platform-catalog.attributes';
import { domainProductId, domainVariantId } from './platform-catalog.ids';
import type { PlatformProductEntity } from './platform-product.entity';
import type { PlatformVariantEntity } from './platform-variant.entity';

// How catalog rows become UCP products (types/product.json, types/variant.json). Pure.

/** Categories are the product kind, in the business's own taxonomy. */
const TAXONOMY = 'merchant';

const years = (n: number): string => `${n} year${n === 1 ? '' : 's'}`;

function priceRange(variants: readonly UcpVariant[]): UcpProduct['price_range'] {
  const prices = variants.map((v) => v.price);
  const pick = (better: (a: UcpPrice, b: UcpPrice) => boolean) =>
    prices.reduce((best, p) => (better(p, best) ? p : best), prices[0]);
  return { min: pick((a, b) => a.amount < b.amount), max: pick((a, b) => a.amount > b.amount) };
}

function hostingVariant(product: PlatformProductEntity, row: PlatformVariantEntity): UcpVariant {
  const plan = readHostingAttributes(row.attributes);
  const slots = typeof plan === 'string' ? undefined : plan;
  return {
    id: row.id,
    title: row.title,
    description: { plain: `${product.title}: ${row.title}` },
    price: { amount: row.amount, currency: row.currency },
    availability: { available: true, status: 'in_stock' },
    ...(slots && {
      options: [{ name: 'App slots', label: String(slots.slotLimit) }],
      metadata: { slot_limit: slots.slotLimit, period_years: slots.periodYears, websites: slots.slotLimit },
    }),
  };
}

/**
 * A TLD price row as a variant of the domain registration product: it shows the yearly price but
 * is not bought as such (a name is needed), so it says `available: false`, status
 * `requires_domain_name`; the product's metadata `action_required` says how to get a name's variants.
 */
function tldVariant(product: PlatformProductEntity, row: PlatformVariantEntity): UcpVariant {
  const tld = readDomainAttributes(row.attributes);
  return {
    id: row.id,
    title: row.title,
    description: { plain: `${product.title}: ${row.title}` },
    price: { amount: row.amount, currency: row.currency },
    availability: { available: false, status: 'requires_domain_name' },
    ...(typeof tld !== 'string' && {
      options: [{ name: 'TLD', label: `.${tld.tld}` }],
      metadata: { tld: tld.tld, min_years: tld.minYears, max_years: tld.maxYears, price_period: 'year' },
    }),
  };
}

/** A catalog product with its ACTIVE rows (at least one, in position order) as a UCP product. */
export function catalogProduct(
  product: PlatformProductEntity,
  rows: readonly PlatformVariantEntity[],
): UcpProduct {
  const domains = product.kind === 'DOMAIN_REGISTRATION';
  const variants = rows.map((row) => (domains ? tldVariant(product, row) : hostingVariant(product, row)));
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    description: { plain: product.description },
    categories: [{ value: product.kind, taxonomy: TAXONOMY }],
    price_range: priceRange(variants),
    variants,
    metadata: domains
      ? {
          ...product.metadata,
          action_required: {
            capability: 'dev.ucp.shopping.catalog.search',
            operation_id: 'search_catalog',
            hint: 'search the catalog with domains: [names] to get the purchasable variants of each name',
          },
        }
      : { ...product.metadata },
  };
}

/**
 * The product of one domain name: one variant per period the TLD's row sells, priced
 * row.amount × years. A name that cannot be registered now (taken) keeps its product, each
 * variant `available: false` (status `out_of_stock`), so the buyer sees the name and its price.
 */
export function domainProduct(
  domain: string,
  available: boolean,
  product: PlatformProductEntity,
  row: PlatformVariantEntity,
  tld: DomainPriceAttributes,
): UcpProduct {
  const availability = available
    ? { available: true, status: 'in_stock' }
    : { available: false, status: 'out_of_stock' };
  const variants: UcpVariant[] = [];
  for (let n = tld.minYears; n <= tld.maxYears; n++) {
    variants.push({
      id: domainVariantId(domain, n),
      title: `${domain}, ${years(n)}`,
      description: { plain: `Registration of ${domain} for ${years(n)}.` },
      price: { amount: row.amount * n, currency: row.currency },
      availability,
      options: [{ name: 'Period', label: years(n) }],
      metadata: { domain, tld: tld.tld, period_years: n },
    });
  }
  return {
    id: domainProductId(domain),
    handle: domain,
    title: domain,
    description: {
      plain: `Registration of ${domain} for ${tld.minYears === tld.maxYears ? years(tld.minYears) : `${tld.minYears} to ${years(tld.maxYears)}`}.`,
    },
    categories: [{ value: product.kind, taxonomy: TAXONOMY }],
    price_range: priceRange(variants),
    variants,
    metadata: {
      ...product.metadata,
      domain,
      tld: tld.tld,
      available,
      catalog_product_id: product.id,
      catalog_variant_id: row.id,
    },
  };
}
