import { readDomainAttributes, readHostingAttributes } from './platform-catalog.attributes';
import { PlatformCatalogErrors } from './platform-catalog.errors';
import { CATALOG_ROW_ID } from './platform-catalog.ids';
import type { PlatformCatalogRepository } from './platform-catalog.repository';
import { DEFAULT_PLATFORM_CURRENCY } from './platform-catalog.service';
import type { PlatformCatalogStatus, PlatformProductKind } from './platform-product.entity';
import type { PlatformVariantEntity } from './platform-variant.entity';

export interface AdminVariantView {
  readonly id: string;
  readonly productId: string;
  readonly title: string;
  readonly amount: number;
  readonly currency: string;
  readonly attributes: Record<string, unknown>;
  readonly position: number;
  readonly status: PlatformCatalogStatus;
}

export interface AdminProductView {
  readonly id: string;
  readonly kind: PlatformProductKind;
  readonly handle: string;
  readonly title: string;
  readonly description: string;
  readonly status: PlatformCatalogStatus;
  readonly metadata: Record<string, unknown>;
  /** Every row, archived ones too, in position order. */
  readonly variants: readonly AdminVariantView[];
}

export interface NewVariant {
  readonly productId: string;
  readonly title: string;
  readonly amount: number;
  readonly attributes: Record<string, unknown>;
}

const variantView = (v: PlatformVariantEntity): AdminVariantView => ({
  id: v.id,
  productId: v.productId,
  title: v.title,
  amount: v.amount,
  currency: v.currency,
  attributes: v.attributes,
  position: v.position,
  status: v.status,
});

/** 23505 unique_violation */
const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  'driverError' in e &&
  (e as { driverError: { code?: string } }).driverError?.code === '23505';

/**
 * The platform catalog's admin operations (the `shopping-product` CLI noun): prices and rows change
 * here and apply to the next search or checkout (nothing caches them). The catalog sells in one
 * currency: a price in another currency than every other ACTIVE row's is refused.
 */
export class PlatformCatalogAdmin {
  constructor(private readonly catalog: PlatformCatalogRepository) {}

  async list(): Promise<AdminProductView[]> {
    const [products, variants] = await Promise.all([
      this.catalog.findAllProducts(),
      this.catalog.findAllVariants(),
    ]);
    return products.map((p) => ({
      id: p.id,
      kind: p.kind,
      handle: p.handle,
      title: p.title,
      description: p.description,
      status: p.status,
      metadata: p.metadata,
      variants: variants.filter((v) => v.productId === p.id).map(variantView),
    }));
  }

  /** The row's new price (its currency unless `currency` is given); an archived row is refused. */
  async setPrice(variantId: string, amount: number, currency?: string): Promise<AdminVariantView> {
    return this.catalog.transaction(async (tx) => {
      const row = await tx.findVariantForUpdate(variantId);
      if (!row) throw PlatformCatalogErrors.variantNotFound(variantId);
      if (row.status !== 'ACTIVE') throw PlatformCatalogErrors.variantArchived(variantId);
      const next = currency ?? row.currency;
      await this.checkCurrency(tx, next, variantId);
      row.amount = amount;
      row.currency = next;
      return variantView(await tx.saveVariant(row));
    });
  }

  /**
   * A new ACTIVE row at the end of an ACTIVE product, in the catalog's currency. Its attributes must
   * suit the product's kind: DOMAIN_REGISTRATION `{tld, minYears?=1, maxYears?=10}` (one ACTIVE row
   * per TLD), HOSTING_PLAN `{slotLimit, periodYears?=1}`. Its id is `<product>-<tld|slots>`, with a
   * `-2`, `-3`… suffix when taken.
   */
  async addVariant(input: NewVariant): Promise<AdminVariantView> {
    try {
      return await this.catalog.transaction(async (tx) => {
        const product = await tx.findProductForUpdate(input.productId);
        if (!product) throw PlatformCatalogErrors.productNotFound(input.productId);
        if (product.status !== 'ACTIVE') throw PlatformCatalogErrors.productArchived(input.productId);
        const { attributes, idSuffix } = await this.attributesFor(tx, product.kind, input.attributes);
        const currency = (await tx.findActiveCurrencies())[0] ?? DEFAULT_PLATFORM_CURRENCY;
        const last = await tx.findLastVariantOf(product.id);
        const row = await tx.insertVariant({
          id: await this.freshId(tx, product.id, idSuffix),
          productId: product.id,
          title: input.title,
          amount: input.amount,
          currency,
          attributes,
          position: last ? last.position + 1 : 0,
          status: 'ACTIVE',
        });
        return variantView(row);
      });
    } catch (e) {
      const tld = input.attributes.tld;
      if (isUniqueViolation(e) && typeof tld === 'string') throw PlatformCatalogErrors.tldAlreadyPriced(tld);
      throw e;
    }
  }

  /** The product ARCHIVED (no longer searched, looked up or priced); archiving again answers the same. */
  async archiveProduct(productId: string): Promise<{ productId: string; status: 'ARCHIVED' }> {
    const product = await this.catalog.findProduct(productId);
    if (!product) throw PlatformCatalogErrors.productNotFound(productId);
    await this.catalog.setProductStatus(productId, 'ARCHIVED');
    return { productId, status: 'ARCHIVED' };
  }

  /** The row ARCHIVED (no longer offered or priced); archiving again answers the same. */
  async archiveVariant(
    variantId: string,
  ): Promise<{ variantId: string; productId: string; status: 'ARCHIVED' }> {
    const row = await this.catalog.findVariant(variantId);
    if (!row) throw PlatformCatalogErrors.variantNotFound(variantId);
    await this.catalog.setVariantStatus(variantId, 'ARCHIVED');
    return { variantId, productId: row.productId, status: 'ARCHIVED' };
  }

  // ---- internals ----

  private async checkCurrency(
    tx: PlatformCatalogRepository,
    currency: string,
    variantId: string,
  ): Promise<void> {
    const others = await tx.findActiveCurrencies(variantId);
    if (others.length > 0 && !others.includes(currency))
      throw PlatformCatalogErrors.currencyMismatch(currency, others[0]);
  }

  private async attributesFor(
    tx: PlatformCatalogRepository,
    kind: PlatformProductKind,
    given: Record<string, unknown>,
  ): Promise<{ attributes: Record<string, unknown>; idSuffix: string }> {
    if (kind === 'DOMAIN_REGISTRATION') {
      const attributes = { minYears: 1, maxYears: 10, ...given };
      const read = readDomainAttributes(attributes);
      if (typeof read === 'string') throw PlatformCatalogErrors.invalidAttributes(read);
      const priced = await tx.findActiveTldRow(read.tld);
      if (priced) throw PlatformCatalogErrors.tldAlreadyPriced(read.tld, priced.id);
      return { attributes, idSuffix: read.tld };
    }
    const attributes = { periodYears: 1, ...given };
    const read = readHostingAttributes(attributes);
    if (typeof read === 'string') throw PlatformCatalogErrors.invalidAttributes(read);
    return { attributes, idSuffix: String(read.slotLimit) };
  }

  /** `<product>-<suffix>`, or with `-2`, `-3`… when taken; always a CATALOG_ROW_ID. */
  private async freshId(tx: PlatformCatalogRepository, productId: string, suffix: string): Promise<string> {
    for (let n = 1; ; n++) {
      const tail = n === 1 ? `-${suffix}` : `-${suffix}-${n}`;
      const id = `${productId.slice(0, 64 - tail.length).replace(/-+$/, '')}${tail}`;
      if (CATALOG_ROW_ID.test(id) && !(await tx.variantExists(id))) return id;
    }
  }
}
