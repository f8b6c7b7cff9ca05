import { Injectable } from '@nestjs/common';
import { isUuid } from '@platform/graphql-subgraph';
import type {
  CatalogMoney,
  StoreProduct,
  StoreProductSearchResponse,
  StoreVariant,
} from '@platform/contracts';
import { decodeSearchCursor, encodeSearchCursor } from './shopping-cursor';
import { queryWords } from './shopping-text';
import { ShoppingErrors } from './shopping-products.errors';
import { GroupRow, StoreProductsRepository } from './store-products.repository';

export interface ProductSearch {
  readonly query?: string;
  readonly categories?: readonly string[];
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly cursor?: string;
  readonly limit: number;
}

/** A query word held by fewer records than this drives a search as a set of groups. */
const RARE_WORD_ROWS = 1000;

/**
 * A store's catalog as the Shopping API sells it: a product is a SKU group, its variants are the
 * group's SKUs (in the order they were added), priced by sku-current-price.ts like every cart
 * line. Search walks ACTIVE groups with at least one ACTIVE SKU in (createdAt, id) order over
 * `records_store_kind_created_idx` (keyset: any page costs what the first does) and shows their
 * ACTIVE SKUs; lookup answers groups and SKUs in any status, so the caller can say why one is not
 * for sale. A page's products are loaded in four more queries whatever their number (variants,
 * options, media, categories).
 */
@Injectable()
export class StoreProductsService {
  constructor(private readonly catalog: StoreProductsRepository) {}

  async search(storeId: string, search: ProductSearch): Promise<StoreProductSearchResponse> {
    const position = search.cursor === undefined ? null : decodeSearchCursor(search.cursor);
    if (search.cursor !== undefined && !position) throw ShoppingErrors.invalidCursor();
    if (search.priceMin !== undefined && search.priceMax !== undefined && search.priceMin > search.priceMax)
      throw ShoppingErrors.invalidPriceRange();
    let listIds: string[] | null = null;
    if (search.categories?.length) {
      listIds = await this.listIds(storeId, search.categories);
      if (listIds.length === 0) return { products: [], nextCursor: null };
    }
    // Every word somewhere in the group's text or in one of its ACTIVE SKUs'. A rare word (fewer
    // than RARE_WORD_ROWS records hold it, by the trigram index) drives the page as a set of
    // groups; a common one is checked on each group the walk meets, which finds a page early.
    const words = queryWords(search.query);
    const rows = await this.catalog.searchGroups(storeId, {
      after: position,
      priceMin: search.priceMin,
      priceMax: search.priceMax,
      listIds,
      words,
      rareWords: await this.rareWords(storeId, words),
      limit: search.limit + 1,
    });
    const page = rows.slice(0, search.limit);
    const last = page.at(-1);
    return {
      products: await this.products(storeId, page, true),
      nextCursor:
        rows.length > search.limit && last
          ? encodeSearchCursor({ createdAt: last.created_at, id: last.id })
          : null,
    };
  }

  /**
   * The products `ids` name, each once, in the order first named: a SKU group id its group, a SKU
   * id the groups holding it; any status, with every variant. Unknown ids and SKUs in no group
   * name none.
   */
  async lookup(storeId: string, ids: readonly string[]): Promise<StoreProduct[]> {
    const wanted = [...new Set(ids.filter((id) => isUuid(id)).map((id) => id.toLowerCase()))];
    if (wanted.length === 0) return [];
    const rows = await this.catalog.findGroupsNamedBy(storeId, wanted);
    const rank = new Map(wanted.map((id, i) => [id, i]));
    const byGroup = new Map<string, GroupRow & { rank: number }>();
    for (const row of rows) {
      const r = rank.get(row.named_by) ?? wanted.length;
      const seen = byGroup.get(row.id);
      if (!seen || r < seen.rank) byGroup.set(row.id, { ...row, rank: r });
    }
    const groups = [...byGroup.values()].sort((a, b) => a.rank - b.rank || a.id.localeCompare(b.id));
    return this.products(storeId, groups, false);
  }

  /** The words fewer than RARE_WORD_ROWS of the store's groups and SKUs hold (one query, trigram index). */
  private async rareWords(storeId: string, words: readonly string[]): Promise<Set<string>> {
    if (words.length === 0) return new Set();
    const holders = await this.catalog.countWordHolders(storeId, words, RARE_WORD_ROWS);
    return new Set([...holders].filter(([, n]) => n < RARE_WORD_ROWS).map(([word]) => word));
  }

  /** The ids of the store's lists (not archived) named by id, name or label (case-insensitive). */
  private listIds(storeId: string, categories: readonly string[]): Promise<string[]> {
    const uuids = categories.filter((c) => isUuid(c)).map((c) => c.toLowerCase());
    return this.catalog.findListIds(
      storeId,
      uuids,
      categories.map((c) => c.toLowerCase()),
    );
  }

  /** The groups as products, in the given order: four queries for any number of groups. */
  private async products(
    storeId: string,
    groups: readonly GroupRow[],
    activeOnly: boolean,
  ): Promise<StoreProduct[]> {
    if (groups.length === 0) return [];
    const groupIds = groups.map((g) => g.id);
    const variants = await this.catalog.findVariants(storeId, groupIds, activeOnly);
    const skuIds = variants.map((v) => v.id);
    const [options, media, categories] = await Promise.all([
      this.options(storeId, skuIds),
      this.media(storeId, [...groupIds, ...skuIds]),
      this.categories(storeId, groupIds),
    ]);
    const variantsOf = groupBy(
      variants,
      (v) => v.group_id,
      (v): StoreVariant => ({
        id: v.id,
        code: v.code,
        title: v.label ?? v.name,
        status: v.status,
        price: moneyOf(v.price),
        compareAtPrice: moneyOf(v.compare_at_price),
        available: v.available,
        options: options.get(v.id) ?? [],
        mediaUrl: media.get(v.id)?.[0] ?? null,
      }),
    );
    return groups.map((g) => ({
      id: g.id,
      handle: null,
      title: g.label ?? g.name,
      description: g.description,
      status: g.status,
      categories: categories.get(g.id) ?? [],
      mediaUrls: media.get(g.id) ?? [],
      variants: variantsOf.get(g.id) ?? [],
    }));
  }

  /** Each SKU's chosen option values as {name: option, value}, by the option's position. */
  private async options(
    storeId: string,
    skuIds: readonly string[],
  ): Promise<Map<string, { name: string; value: string }[]>> {
    if (skuIds.length === 0) return new Map();
    return groupBy(
      await this.catalog.findOptionValues(storeId, skuIds),
      (r) => r.sku_id,
      (r) => ({ name: r.name, value: r.value }),
    );
  }

  /** The media URLs of groups and SKUs, in their order. */
  private async media(storeId: string, ownerIds: readonly string[]): Promise<Map<string, string[]>> {
    return groupBy(
      await this.catalog.findMediaUrls(storeId, ownerIds),
      (r) => r.owner_id,
      (r) => r.url,
    );
  }

  /** Each group's lists, by name (StoreProductsRepository.findCategoryNames). */
  private async categories(storeId: string, groupIds: readonly string[]): Promise<Map<string, string[]>> {
    return groupBy(
      await this.catalog.findCategoryNames(storeId, groupIds),
      (r) => r.group_id,
      (r) => r.name,
    );
  }
}

function groupBy<T, V>(
  rows: readonly T[],
  keyOf: (row: T) => string,
  valueOf: (row: T) => V,
): Map<string, V[]> {
  const map = new Map<string, V[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = map.get(key);
    if (list) list.push(valueOf(row));
    else map.set(key, [valueOf(row)]);
  }
  return map;
}

function moneyOf(value: unknown): CatalogMoney | null {
  if (!value || typeof value !== 'object') return null;
  const m = value as Partial<CatalogMoney>;
  return typeof m.value === 'number' && typeof m.currencyCode === 'string'
    ? { value: m.value, currencyCode: m.currencyCode }
    : null;
}
