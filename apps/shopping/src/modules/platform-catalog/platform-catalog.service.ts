import { Inject, Injectable } from '@nestjs/common';
import type { DomainAvailability } from '@platform/contracts';
import { decodeListCursor, encodeListCursor } from '@platform/crypto';
import { DomainsUnavailableError } from '@platform/domains-client';
import { dependencyUnavailable } from '@platform/errors';
import type {
  CatalogPage,
  CatalogSearchQuery,
  PricedCart,
  PricedLine,
  PricingInput,
} from '../businesses/business';
import type { UcpMessage, UcpProduct } from '../ucp/ucp-types';
import { readDomainAttributes, readHostingAttributes } from './platform-catalog.attributes';
import type { DomainPriceAttributes } from './platform-catalog.attributes';
import { PlatformCatalogErrors } from './platform-catalog.errors';
import { parseCatalogId, tldOf } from './platform-catalog.ids';
import type { CatalogId } from './platform-catalog.ids';
import { catalogProduct, domainProduct } from './platform-catalog.products';
import { PLATFORM_PRODUCT_KINDS } from './platform-product.entity';
import type { PlatformProductEntity, PlatformProductKind } from './platform-product.entity';
import { PlatformCatalogRepository } from './platform-catalog.repository';
import type { PlatformVariantEntity } from './platform-variant.entity';

/** Where the catalog asks whether names can be registered: DomainsClient (libs/domains-client). */
export const PLATFORM_CATALOG_DOMAINS = Symbol('PLATFORM_CATALOG_DOMAINS');

export interface DomainAvailabilitySource {
  /** 1..100 names, as typed; one answer per name, in order (DomainsClient.availability). */
  availability(names: readonly string[]): Promise<DomainAvailability[]>;
}

/** What provisioning does for a paid line (the checkout worker calls resolveLine with its item id). */
export type LineResolution =
  | { readonly kind: 'DOMAIN'; readonly domain: string; readonly periodYears: number }
  | { readonly kind: 'HOSTING_PLAN'; readonly hostingProduct: string; readonly slotLimit: number };

/** How a lookup id resolved: the variant it names (`exact`) or the product's first (`featured`). */
export interface LookupMatch {
  readonly id: string;
  readonly productId: string;
  readonly variantId: string;
  readonly match: 'exact' | 'featured';
}

export interface CatalogLookup {
  /** The products the ids name, once each, in the order first named. */
  products: UcpProduct[];
  /** The ids that name nothing sold, in request order. */
  missing: string[];
  /** For the lookup response's `variants[].inputs` (catalog_lookup.json lookup_variant). */
  matches: LookupMatch[];
}

/** The currency of an empty catalog; otherwise the catalog's rows say which currency it sells in. */
export const DEFAULT_PLATFORM_CURRENCY = 'USD';
/** Most names one availability call takes (POST /internal/v1/domains/availability). */
const AVAILABILITY_BATCH = 100;
const MAX_PAGE = 100;

/** A price row and its product, both loaded. */
interface PricedRow {
  readonly product: PlatformProductEntity;
  readonly row: PlatformVariantEntity;
}

/** Rows by id: products with their ACTIVE rows, variants with their product. */
interface CatalogRows {
  readonly products: Map<
    string,
    { readonly product: PlatformProductEntity; readonly rows: PlatformVariantEntity[] }
  >;
  readonly variants: Map<string, PricedRow>;
}

/** A domain name the catalog sells: its TLD's row and whether it can be registered now. */
type DomainOffer =
  | {
      readonly ok: true;
      readonly domain: string;
      readonly available: boolean;
      readonly priced: PricedRow;
      readonly tld: DomainPriceAttributes;
    }
  | { readonly ok: false; readonly code: string; readonly message: string };

const error = (code: string, content: string, path: string): UcpMessage => ({
  type: 'error',
  code,
  content_type: 'plain',
  content,
  severity: 'recoverable',
  path,
});

/**
 * The platform's own catalog (what it sells at /v1/shopping: domain registrations and hosting
 * plans), read from `shopping.platform_products` / `shopping.platform_variants` on every call, so
 * an admin's price change applies to the next request. Ids: platform-catalog.ids.ts.
 *
 * Domain search (`q.domains`, GoDaddy's extension): one product per name the catalog can sell,
 * in request order, a repeated name once. A name is sellable when the domains service reads it as
 * a name (well formed, a TLD its registry sells) and the catalog has an ACTIVE price row for its
 * TLD. A sellable name that is taken is STILL listed, its variants `availability.available: false`
 * (status `out_of_stock`): the buyer learns the name's price and that it cannot be bought now, and
 * lookup/product answer the same product for its id. A name that is not sellable has no product:
 * it is reported as a `warning` with path `$.domains[i]` (code `invalid_domain_name`,
 * `unsupported_tld`, or the domains service's code in lower case).
 */
@Injectable()
export class PlatformCatalogService {
  constructor(
    private readonly rows: PlatformCatalogRepository,
    @Inject(PLATFORM_CATALOG_DOMAINS) private readonly domains: DomainAvailabilitySource,
  ) {}

  /**
   * With `q.domains` (1..100 names; the engine refuses more): the names' products, everything in
   * one page (no cursor; `limit`, `query`, `categories` and the price filter do not apply).
   * Without: ACTIVE products that have an ACTIVE variant, by id, `limit` per page, matching every
   * given filter: `query` (words, each a prefix, over title, handle and description), `categories`
   * (a product kind, any of them), the price filter (a variant's price, minor units; only its
   * variants in the range are shown). A `currency` other than the catalog's is not converted: an
   * `info` says so, and the price filter is then ignored (price_filter.json).
   */
  async search(q: CatalogSearchQuery): Promise<CatalogPage> {
    if (q.domains && q.domains.length > 0) return this.searchDomains(q.domains);
    const messages: UcpMessage[] = [];
    let priceMin = q.priceMin;
    let priceMax = q.priceMax;
    if (q.currency !== undefined) {
      const currency = await this.currency();
      if (q.currency.toUpperCase() !== currency) {
        messages.push({
          type: 'info',
          code: 'unsupported_currency',
          content_type: 'plain',
          content: `The platform sells in ${currency}; prices are in ${currency}.`,
          path: '$.context.currency',
        });
        if (priceMin !== undefined || priceMax !== undefined) {
          messages.push({
            type: 'info',
            code: 'price_filter_ignored',
            content_type: 'plain',
            content: `The price filter is not in ${currency}, so it was not applied.`,
            path: '$.filters.price',
          });
          priceMin = priceMax = undefined;
        }
      }
    }
    const words = searchWords(q.query);
    const kinds = q.categories?.length ? kindsOf(q.categories) : undefined;
    const binding = JSON.stringify([
      'platform-catalog/search/v1',
      words,
      kinds ?? null,
      priceMin ?? null,
      priceMax ?? null,
    ]);
    let after: string | undefined;
    if (q.cursor !== undefined) {
      const parts = decodeListCursor(q.cursor, binding, 1);
      if (!parts || typeof parts[0] !== 'string') throw PlatformCatalogErrors.invalidCursor();
      after = parts[0];
    }
    if (kinds && kinds.length === 0) return { products: [], nextCursor: null, messages };

    const limit = Math.min(Math.max(Math.trunc(q.limit) || 1, 1), MAX_PAGE);
    const found = await this.rows.searchProducts({
      words,
      kinds,
      after,
      priceMin,
      priceMax,
      limit: limit + 1,
    });
    const page = found.slice(0, limit);
    const rows = await this.activeRowsOf(page.map((p) => p.id));
    const inRange = (v: PlatformVariantEntity) =>
      (priceMin === undefined || v.amount >= priceMin) && (priceMax === undefined || v.amount <= priceMax);
    const products = page.flatMap((p) => {
      const shown = (rows.get(p.id) ?? []).filter(inRange);
      return shown.length ? [catalogProduct(p, shown)] : [];
    });
    const nextCursor = found.length > limit ? encodeListCursor([page[page.length - 1].id], binding) : null;
    return { products, nextCursor, messages };
  }

  /**
   * The products `ids` name (product ids or variant ids, of rows or domain names), each once, in the
   * order first named; `missing` lists the ids that name nothing sold (unknown, archived, a domain
   * name that is not sellable, a period its TLD does not sell).
   */
  async lookup(ids: readonly string[]): Promise<CatalogLookup> {
    const parsed = ids.map((id) => ({ id, ref: parseCatalogId(id) }));
    const rowIds = parsed.flatMap(({ ref }) => (ref?.kind === 'row' ? [ref.id] : []));
    const names = parsed.flatMap(({ ref }) => (ref && ref.kind !== 'row' ? [ref.domain] : []));
    const [catalog, offers] = await Promise.all([this.catalogRows(rowIds), this.domainOffers(names)]);

    const products = new Map<string, UcpProduct>();
    const missing: string[] = [];
    const matches: LookupMatch[] = [];
    for (const { id, ref } of parsed) {
      const found = ref && this.lookupOne(ref, catalog, offers);
      if (!found) {
        missing.push(id);
        continue;
      }
      const { product, variantId } = found;
      if (!products.has(product.id)) products.set(product.id, product);
      matches.push({
        id,
        productId: product.id,
        variantId: variantId ?? featuredVariant(product),
        match: variantId ? 'exact' : 'featured',
      });
    }
    return { products: [...products.values()], missing, matches };
  }

  /** The product `id` names (a product id or one of its variants' ids), or undefined. */
  async product(id: string): Promise<UcpProduct | undefined> {
    return (await this.lookup([id])).products[0];
  }

  /**
   * Prices a checkout's lines by item id (a variant id). A line that cannot be priced is dropped
   * (`droppedLineIds`) with an `error` message (severity recoverable) whose path names the input,
   * `i` being the line's index in `input.lines`:
   * - `item_not_found` `$.line_items[i].item.id`: no such variant (unknown, malformed, a domain
   *   name that is not sellable, a period its TLD does not sell);
   * - `item_unavailable` `$.line_items[i].item.id`: known but not for sale now (archived, a taken
   *   name, a TLD price row without a name, a price in another currency than the cart's);
   * - `validation_error` `$.line_items[i].quantity`: not a positive integer, or not 1 for a domain;
   *   `$.line_items[i].item.id` for a domain already in an earlier line.
   * Every discount code gets a `warning` `discount_code_invalid` `$.discounts.codes[k]` (the
   * platform has none; discount.md: rejected codes go in messages, as warnings). No tax. The cart's
   * currency is the catalog's; a `currencyPreference` other than it is an `error`
   * `unsupported_currency` `$.context.currency` (recoverable), the engine decides what follows.
   */
  async price(input: PricingInput): Promise<PricedCart> {
    const currency = await this.currency();
    const refs = input.lines.map((line) => parseCatalogId(line.itemId));
    const rowIds = refs.flatMap((ref) => (ref?.kind === 'row' ? [ref.id] : []));
    const names = refs.flatMap((ref) => (ref?.kind === 'domain-period' ? [ref.domain] : []));
    const [catalog, offers] = await Promise.all([this.catalogRows(rowIds), this.domainOffers(names)]);

    const messages: UcpMessage[] = [];
    const lines: PricedLine[] = [];
    const dropped: string[] = [];
    const domainsInCart = new Set<string>();
    input.lines.forEach((line, i) => {
      const itemPath = `$.line_items[${i}].item.id`;
      const quantityPath = `$.line_items[${i}].quantity`;
      const priced = this.priceLine(
        line.itemId,
        refs[i],
        line.quantity,
        currency,
        catalog,
        offers,
        domainsInCart,
      );
      if ('unitAmount' in priced) {
        lines.push({
          lineId: line.lineId,
          itemId: line.itemId,
          quantity: line.quantity,
          discount: 0,
          tax: 0,
          ...priced,
        });
        return;
      }
      dropped.push(line.lineId);
      messages.push(error(priced.code, priced.content, priced.on === 'quantity' ? quantityPath : itemPath));
    });
    input.discountCodes.forEach((code, k) =>
      messages.push({
        type: 'warning',
        code: 'discount_code_invalid',
        content_type: 'plain',
        content: `The discount code "${code}" is not valid.`,
        path: `$.discounts.codes[${k}]`,
      }),
    );
    if (input.currencyPreference !== undefined && input.currencyPreference.toUpperCase() !== currency)
      messages.push(
        error(
          'unsupported_currency',
          `The platform sells in ${currency} only, not ${input.currencyPreference}.`,
          '$.context.currency',
        ),
      );
    const subtotal = lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
    return {
      currency,
      lines,
      subtotal,
      discountTotal: 0,
      taxTotal: 0,
      total: subtotal,
      appliedDiscounts: [],
      messages,
      droppedLineIds: dropped,
    };
  }

  /**
   * What provisioning does for a line's item id, whatever the row's status now (the line was sold):
   * a domain registration (name, years) or a hosting plan (its hostingProduct and slots); undefined
   * for an id that names neither.
   */
  async resolveLine(itemId: string): Promise<LineResolution | undefined> {
    const ref = parseCatalogId(itemId);
    if (ref?.kind === 'domain-period')
      return { kind: 'DOMAIN', domain: ref.domain, periodYears: ref.periodYears };
    if (ref?.kind !== 'row') return undefined;
    const row = await this.rows.findVariantWithProduct(ref.id);
    if (!row?.product || row.product.kind !== 'HOSTING_PLAN') return undefined;
    const hostingProduct = row.product.metadata.hostingProduct;
    const plan = readHostingAttributes(row.attributes);
    if (typeof hostingProduct !== 'string' || typeof plan === 'string') return undefined;
    return { kind: 'HOSTING_PLAN', hostingProduct, slotLimit: plan.slotLimit };
  }

  /** The currency the catalog sells in: that of its ACTIVE rows (the admin keeps them to one). */
  async currency(): Promise<string> {
    return (await this.rows.findCatalogCurrency()) ?? DEFAULT_PLATFORM_CURRENCY;
  }

  // ---- internals ----

  private async searchDomains(names: readonly string[]): Promise<CatalogPage> {
    const offers = await this.domainOffers(names);
    const products = new Map<string, UcpProduct>();
    const messages: UcpMessage[] = [];
    names.forEach((name, i) => {
      const offer = offers.get(name);
      if (offer?.ok) {
        if (!products.has(offer.domain))
          products.set(
            offer.domain,
            domainProduct(offer.domain, offer.available, offer.priced.product, offer.priced.row, offer.tld),
          );
        return;
      }
      messages.push({
        type: 'warning',
        code: offer?.code ?? 'invalid_domain_name',
        content_type: 'plain',
        content: offer?.message ?? `"${name}" is not a domain name such as example.com.`,
        path: `$.domains[${i}]`,
      });
    });
    return { products: [...products.values()], nextCursor: null, messages };
  }

  /**
   * What the catalog offers for each distinct name (keyed by the name as given): asks the domains
   * service (its name rules and availability, 100 names a call), then the TLD's ACTIVE price row.
   */
  private async domainOffers(names: readonly string[]): Promise<Map<string, DomainOffer>> {
    const distinct = [...new Set(names)];
    const offers = new Map<string, DomainOffer>();
    if (distinct.length === 0) return offers;
    const answers: DomainAvailability[] = [];
    for (let at = 0; at < distinct.length; at += AVAILABILITY_BATCH) {
      const batch = distinct.slice(at, at + AVAILABILITY_BATCH);
      answers.push(...(await this.availabilityOf(batch)));
    }
    const tlds = [...new Set(answers.flatMap((a) => (a.error ? [] : [tldOf(a.domain)])))];
    const priced = await this.tldRows(tlds);
    distinct.forEach((name, i) => {
      const answer = answers[i];
      if (!answer || answer.error) {
        const code = answer?.error?.code;
        offers.set(name, {
          ok: false,
          code:
            code === 'UNSUPPORTED_TLD'
              ? 'unsupported_tld'
              : code && code !== 'INVALID_FORMAT'
                ? code.toLowerCase()
                : 'invalid_domain_name',
          message: `"${name}" cannot be registered: ${answer?.error?.message ?? 'not a domain name'}.`,
        });
        return;
      }
      const tld = tldOf(answer.domain);
      const row = priced.get(tld);
      offers.set(
        name,
        row
          ? { ok: true, domain: answer.domain, available: answer.available, priced: row, tld: row.tld }
          : { ok: false, code: 'unsupported_tld', message: `The platform does not sell .${tld} names.` },
      );
    });
    return offers;
  }

  private async availabilityOf(names: readonly string[]): Promise<DomainAvailability[]> {
    try {
      return await this.domains.availability(names);
    } catch (e) {
      if (e instanceof DomainsUnavailableError) throw dependencyUnavailable();
      throw e;
    }
  }

  /** The ACTIVE price row of each TLD (of an ACTIVE DOMAIN_REGISTRATION product) with usable attributes. */
  private async tldRows(
    tlds: readonly string[],
  ): Promise<Map<string, PricedRow & { tld: DomainPriceAttributes }>> {
    const byTld = new Map<string, PricedRow & { tld: DomainPriceAttributes }>();
    if (tlds.length === 0) return byTld;
    const rows = await this.rows.findActiveTldRows(tlds);
    for (const row of rows) {
      const tld = readDomainAttributes(row.attributes);
      if (typeof tld !== 'string' && row.product) byTld.set(tld.tld, { product: row.product, row, tld });
    }
    return byTld;
  }

  /** Catalog rows by id: products (with their ACTIVE rows) and variants (with their product). */
  private async catalogRows(ids: readonly string[]): Promise<CatalogRows> {
    const products = new Map<string, { product: PlatformProductEntity; rows: PlatformVariantEntity[] }>();
    const variants = new Map<string, PricedRow>();
    if (ids.length === 0) return { products, variants };
    const distinct = [...new Set(ids)];
    const [productRows, variantRows] = await Promise.all([
      this.rows.findProducts(distinct),
      this.rows.findVariantsWithProduct(distinct),
    ]);
    const owners = [...new Set([...productRows.map((p) => p.id), ...variantRows.map((v) => v.productId)])];
    const active = await this.activeRowsOf(owners);
    for (const product of productRows)
      products.set(product.id, { product, rows: active.get(product.id) ?? [] });
    for (const row of variantRows) if (row.product) variants.set(row.id, { product: row.product, row });
    for (const { product } of variants.values())
      if (!products.has(product.id))
        products.set(product.id, { product, rows: active.get(product.id) ?? [] });
    return { products, variants };
  }

  /** The ACTIVE rows of each product, in position order. */
  private async activeRowsOf(productIds: readonly string[]): Promise<Map<string, PlatformVariantEntity[]>> {
    const byProduct = new Map<string, PlatformVariantEntity[]>();
    if (productIds.length === 0) return byProduct;
    const rows = await this.rows.findActiveVariantsOf(productIds);
    for (const row of rows) byProduct.set(row.productId, [...(byProduct.get(row.productId) ?? []), row]);
    return byProduct;
  }

  private lookupOne(
    ref: CatalogId,
    catalog: CatalogRows,
    offers: Map<string, DomainOffer>,
  ): { product: UcpProduct; variantId?: string } | undefined {
    if (ref.kind === 'row') {
      const asProduct = catalog.products.get(ref.id);
      if (asProduct) {
        const { product, rows } = asProduct;
        return product.status === 'ACTIVE' && rows.length
          ? { product: catalogProduct(product, rows) }
          : undefined;
      }
      const asVariant = catalog.variants.get(ref.id);
      if (!asVariant || asVariant.row.status !== 'ACTIVE' || asVariant.product.status !== 'ACTIVE')
        return undefined;
      const rows = catalog.products.get(asVariant.product.id)?.rows ?? [];
      return { product: catalogProduct(asVariant.product, rows), variantId: asVariant.row.id };
    }
    const offer = offers.get(ref.domain);
    if (!offer?.ok) return undefined;
    const product = domainProduct(
      offer.domain,
      offer.available,
      offer.priced.product,
      offer.priced.row,
      offer.tld,
    );
    if (ref.kind === 'domain') return { product };
    const variant = product.variants.find((v) => v.metadata?.period_years === ref.periodYears);
    return variant ? { product, variantId: variant.id } : undefined;
  }

  private priceLine(
    itemId: string,
    ref: CatalogId | undefined,
    quantity: number,
    currency: string,
    catalog: CatalogRows,
    offers: Map<string, DomainOffer>,
    domainsInCart: Set<string>,
  ): Pick<PricedLine, 'title' | 'unitAmount'> | { code: string; content: string; on: 'item' | 'quantity' } {
    const notFound = {
      code: 'item_not_found',
      content: `No product variant has the id "${itemId}".`,
      on: 'item',
    } as const;
    const unavailable = (why: string) => ({ code: 'item_unavailable', content: why, on: 'item' }) as const;
    const badQuantity = (why: string) =>
      ({ code: 'validation_error', content: why, on: 'quantity' }) as const;
    if (!ref || ref.kind === 'domain') return notFound;

    if (ref.kind === 'domain-period') {
      const offer = offers.get(ref.domain);
      if (!offer?.ok || ref.periodYears < offer.tld.minYears || ref.periodYears > offer.tld.maxYears)
        return notFound;
      if (quantity !== 1)
        return badQuantity(`A domain is registered once: the quantity of ${offer.domain} must be 1.`);
      if (!offer.available) return unavailable(`${offer.domain} is no longer available for registration.`);
      if (offer.priced.row.currency !== currency)
        return unavailable(`${offer.domain} is priced in ${offer.priced.row.currency}, not ${currency}.`);
      if (domainsInCart.has(offer.domain))
        return {
          code: 'validation_error',
          content: `${offer.domain} is already in this checkout.`,
          on: 'item',
        };
      domainsInCart.add(offer.domain);
      const years = ref.periodYears;
      return {
        title: `${offer.domain}, ${years} year${years === 1 ? '' : 's'}`,
        unitAmount: offer.priced.row.amount * years,
      };
    }

    const found = catalog.variants.get(ref.id);
    if (!found) return notFound;
    const { product, row } = found;
    if (row.status !== 'ACTIVE' || product.status !== 'ACTIVE')
      return unavailable(`"${row.title}" is no longer sold.`);
    if (product.kind === 'DOMAIN_REGISTRATION')
      return unavailable(
        `"${row.title}" is bought for a domain name: search the catalog with domains to get its variants.`,
      );
    if (row.currency !== currency)
      return unavailable(`"${row.title}" is priced in ${row.currency}, not ${currency}.`);
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      return badQuantity('The quantity must be a positive integer.');
    return { title: `${product.title}, ${row.title}`, unitAmount: row.amount };
  }
}

/** The words of a free-text query (letters and digits, lower case), at most 8. */
function searchWords(query: string | undefined): string[] {
  return (query?.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

/** The product kinds among categories (case-insensitive); an empty list when none is a kind. */
function kindsOf(categories: readonly string[]): PlatformProductKind[] {
  const wanted = new Set(categories.map((c) => c.toUpperCase()));
  return PLATFORM_PRODUCT_KINDS.filter((k) => wanted.has(k));
}

/** The variant a product id stands for: the first available one, else the first. */
function featuredVariant(product: UcpProduct): string {
  return (product.variants.find((v) => v.availability?.available) ?? product.variants[0]).id;
}
