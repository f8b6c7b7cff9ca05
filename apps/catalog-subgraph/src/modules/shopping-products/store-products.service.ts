import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@platform/graphql-subgraph';
import type {
  CatalogMoney,
  StoreProduct,
  StoreProductSearchResponse,
  StoreVariant,
} from '@platform/contracts';
import { DataSource } from 'typeorm';
import { skuCurrentMinorUnitsSql, skuCurrentMoneySql } from '../records/sku-current-price';
import { decodeSearchCursor, encodeSearchCursor } from './shopping-cursor';
import { containsPattern, queryWords, shoppingTextSql } from './shopping-text';
import { ShoppingErrors } from './shopping-products.errors';

export interface ProductSearch {
  readonly query?: string;
  readonly categories?: readonly string[];
  readonly priceMin?: number;
  readonly priceMax?: number;
  readonly cursor?: string;
  readonly limit: number;
}

interface GroupRow {
  id: string;
  name: string;
  label: string | null;
  status: string;
  description: string | null;
  created_at: Date;
}

interface VariantRow {
  group_id: string;
  id: string;
  code: string | null;
  name: string;
  label: string | null;
  status: string;
  price: unknown;
  compare_at_price: unknown;
  available: number | null;
}

const RECORDS = '"catalog"."records"';
/** A query word held by fewer records than this drives a search as a set of groups. */
const RARE_WORD_ROWS = 1000;
const LINKS = '"catalog"."links"';

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
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async search(storeId: string, search: ProductSearch): Promise<StoreProductSearchResponse> {
    const position = search.cursor === undefined ? null : decodeSearchCursor(search.cursor);
    if (search.cursor !== undefined && !position) throw ShoppingErrors.invalidCursor();
    if (search.priceMin !== undefined && search.priceMax !== undefined && search.priceMin > search.priceMax)
      throw ShoppingErrors.invalidPriceRange();
    const params: unknown[] = [storeId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [`g.store_id = $1`, `g.kind = 'SKU_GROUP'`, `g.status = 'ACTIVE'`];
    if (position)
      where.push(
        `(g.created_at, g.id) > (${param(position.createdAt)}::timestamptz, ${param(position.id)}::uuid)`,
      );
    // A product is for sale when one of its SKUs is: ACTIVE, and in the price range when one is given.
    const skuPrice = skuCurrentMinorUnitsSql('s', 'price');
    const priceBounds = [
      search.priceMin !== undefined ? `${skuPrice} >= ${param(search.priceMin)}::bigint` : null,
      search.priceMax !== undefined ? `${skuPrice} <= ${param(search.priceMax)}::bigint` : null,
    ].filter((c): c is string => c !== null);
    where.push(`EXISTS (SELECT 1 FROM ${LINKS} l JOIN ${RECORDS} s ON s.id = l.member_id::uuid
        WHERE l.owner_id = g.id AND l.relation = 'SKU_GROUP:SKU' AND s.store_id = g.store_id
          AND s.kind = 'SKU' AND s.status = 'ACTIVE'${priceBounds.map((b) => ` AND ${b}`).join('')})`);
    if (search.categories?.length) {
      const lists = await this.listIds(storeId, search.categories);
      if (lists.length === 0) return { products: [], nextCursor: null };
      const ids = param(lists);
      where.push(`g.id IN (
          SELECT cl.owner_id FROM ${LINKS} cl
           WHERE cl.store_id = $1 AND cl.relation = 'SKU_GROUP:LIST' AND cl.member_id = ANY(${ids}::text[])
          UNION ALL
          SELECT cl.member_id::uuid FROM ${LINKS} cl
           WHERE cl.owner_id = ANY(${ids}::uuid[]) AND cl.relation = 'LIST:SKU_GROUP'
          UNION ALL
          SELECT gs.owner_id FROM ${LINKS} ls
            JOIN ${LINKS} gs ON gs.store_id = ls.store_id AND gs.relation = 'SKU_GROUP:SKU' AND gs.member_id = ls.member_id
           WHERE ls.owner_id = ANY(${ids}::uuid[]) AND ls.relation = 'LIST:SKU')`);
    }
    // Every word somewhere in the group's text or in one of its ACTIVE SKUs'. A rare word (fewer
    // than RARE_WORD_ROWS records hold it, by the trigram index) drives the page as a set of
    // groups; a common one is checked on each group the walk meets, which finds a page early.
    const words = queryWords(search.query);
    const rare = await this.rareWords(storeId, words);
    for (const word of words) {
      const pattern = param(containsPattern(word));
      where.push(
        rare.has(word)
          ? `g.id IN (
          SELECT t.id FROM ${RECORDS} t
           WHERE t.store_id = $1 AND t.kind = 'SKU_GROUP' AND ${shoppingTextSql('t')} LIKE ${pattern}
          UNION ALL
          SELECT tl.owner_id FROM ${RECORDS} t
            JOIN ${LINKS} tl ON tl.store_id = t.store_id AND tl.relation = 'SKU_GROUP:SKU' AND tl.member_id = t.id::text
           WHERE t.store_id = $1 AND t.kind = 'SKU' AND t.status = 'ACTIVE' AND ${shoppingTextSql('t')} LIKE ${pattern})`
          : `(${shoppingTextSql('g')} LIKE ${pattern} OR EXISTS (
          SELECT 1 FROM ${LINKS} tl JOIN ${RECORDS} t ON t.id = tl.member_id::uuid
           WHERE tl.owner_id = g.id AND tl.relation = 'SKU_GROUP:SKU' AND t.store_id = g.store_id
             AND t.kind = 'SKU' AND t.status = 'ACTIVE' AND ${shoppingTextSql('t')} LIKE ${pattern}))`,
      );
    }
    const rows = (await this.dataSource.query(
      `SELECT g.id::text AS id, g.name, g.label, g.status, g."data"->>'description' AS description, g.created_at
         FROM ${RECORDS} g
        WHERE ${where.join('\n          AND ')}
        ORDER BY g.created_at, g.id
        LIMIT ${param(search.limit + 1)}`,
      params,
    )) as GroupRow[];
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
    const rows = (await this.dataSource.query(
      `SELECT g.id::text AS id, g.name, g.label, g.status, g."data"->>'description' AS description, g.created_at,
              n.named_by::text AS named_by
         FROM (SELECT x.id AS group_id, x.id AS named_by FROM unnest($2::uuid[]) AS x(id)
               UNION ALL
               SELECT l.owner_id, l.member_id::uuid FROM ${LINKS} l
                WHERE l.store_id = $1 AND l.relation = 'SKU_GROUP:SKU' AND l.member_id = ANY($2::text[])) n
         JOIN ${RECORDS} g ON g.id = n.group_id AND g.store_id = $1 AND g.kind = 'SKU_GROUP'`,
      [storeId, wanted],
    )) as (GroupRow & { named_by: string })[];
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
    const rows = (await this.dataSource.query(
      `SELECT w.word, (SELECT count(*) FROM (SELECT 1 FROM ${RECORDS} t
                         WHERE t.store_id = $1 AND t.kind IN ('SKU', 'SKU_GROUP') AND ${shoppingTextSql('t')} LIKE w.pattern
                         LIMIT ${RARE_WORD_ROWS}) x)::int AS n
         FROM unnest($2::text[], $3::text[]) AS w(word, pattern)`,
      [storeId, words, words.map(containsPattern)],
    )) as { word: string; n: number }[];
    return new Set(rows.filter((r) => r.n < RARE_WORD_ROWS).map((r) => r.word));
  }

  /** The ids of the store's lists (not archived) named by id, name or label (case-insensitive). */
  private async listIds(storeId: string, categories: readonly string[]): Promise<string[]> {
    const uuids = categories.filter((c) => isUuid(c)).map((c) => c.toLowerCase());
    const names = categories.map((c) => c.toLowerCase());
    const rows = (await this.dataSource.query(
      `SELECT id::text AS id FROM ${RECORDS}
        WHERE store_id = $1 AND kind = 'LIST' AND status <> 'ARCHIVED'
          AND (id = ANY($2::uuid[]) OR lower(name) = ANY($3::text[]) OR lower(label) = ANY($3::text[]))`,
      [storeId, uuids, names],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** The groups as products, in the given order: four queries for any number of groups. */
  private async products(
    storeId: string,
    groups: readonly GroupRow[],
    activeOnly: boolean,
  ): Promise<StoreProduct[]> {
    if (groups.length === 0) return [];
    const groupIds = groups.map((g) => g.id);
    const variants = (await this.dataSource.query(
      `SELECT l.owner_id::text AS group_id, s.id::text AS id, s.code, s.name, s.label, s.status,
              ${skuCurrentMoneySql('s', 'price')} AS price,
              ${skuCurrentMoneySql('s', 'compareAtPrice')} AS compare_at_price,
              (SELECT CASE WHEN count(*) = 0 THEN NULL
                           ELSE COALESCE(sum(GREATEST(c.on_hand - c.committed, 0))
                                  FILTER (WHERE loc.status IS DISTINCT FROM 'ARCHIVED'), 0) END
                 FROM "catalog"."inventory_counts" c
                 LEFT JOIN ${RECORDS} loc ON loc.id = c.location_id AND loc.kind = 'LOCATION'
                WHERE c.store_id = s.store_id AND c.sku_id = s.id)::int AS available
         FROM ${LINKS} l
         JOIN ${RECORDS} s ON s.id = l.member_id::uuid AND s.store_id = l.store_id AND s.kind = 'SKU'
        WHERE l.store_id = $1 AND l.owner_id = ANY($2::uuid[]) AND l.relation = 'SKU_GROUP:SKU'
          ${activeOnly ? `AND s.status = 'ACTIVE'` : ''}
        ORDER BY l.owner_id, l.position, s.id`,
      [storeId, groupIds],
    )) as VariantRow[];
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
    const rows = (await this.dataSource.query(
      `SELECT l.owner_id::text AS sku_id, COALESCE(o.label, o.name, '') AS name, COALESCE(v.label, v.name) AS value
         FROM ${LINKS} l
         JOIN ${RECORDS} v ON v.id = l.member_id::uuid AND v.store_id = l.store_id AND v.kind = 'OPTION_VALUE'
         LEFT JOIN ${RECORDS} o ON o.id = v.parent_id AND o.store_id = v.store_id AND o.kind = 'OPTION'
        WHERE l.store_id = $1 AND l.owner_id = ANY($2::uuid[]) AND l.relation = 'SKU:OPTION_VALUE'
          AND v.status <> 'ARCHIVED'
        ORDER BY l.owner_id, (o."data"->>'position')::int NULLS LAST, l.position`,
      [storeId, skuIds],
    )) as { sku_id: string; name: string; value: string }[];
    return groupBy(
      rows,
      (r) => r.sku_id,
      (r) => ({ name: r.name, value: r.value }),
    );
  }

  /** The media URLs of groups and SKUs, in their order. */
  private async media(storeId: string, ownerIds: readonly string[]): Promise<Map<string, string[]>> {
    const rows = (await this.dataSource.query(
      `SELECT l.owner_id::text AS owner_id, m."data"->>'url' AS url
         FROM ${LINKS} l
         JOIN ${RECORDS} m ON m.id = l.member_id::uuid AND m.store_id = l.store_id AND m.kind = 'MEDIA_OBJECT'
        WHERE l.store_id = $1 AND l.owner_id = ANY($2::uuid[])
          AND l.relation IN ('SKU_GROUP:MEDIA_OBJECT', 'SKU:MEDIA_OBJECT')
          AND m.status <> 'ARCHIVED' AND m."data"->>'url' IS NOT NULL
        ORDER BY l.owner_id, l.position`,
      [storeId, ownerIds],
    )) as { owner_id: string; url: string }[];
    return groupBy(
      rows,
      (r) => r.owner_id,
      (r) => r.url,
    );
  }

  /**
   * Each group's lists (label, else name; not archived): those it was added to, those it was
   * added to from the list's side, and those holding one of its SKUs.
   */
  private async categories(storeId: string, groupIds: readonly string[]): Promise<Map<string, string[]>> {
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT x.group_id::text AS group_id, COALESCE(li.label, li.name) AS name
         FROM (SELECT owner_id AS group_id, member_id::uuid AS list_id FROM ${LINKS}
                WHERE store_id = $1 AND owner_id = ANY($2::uuid[]) AND relation = 'SKU_GROUP:LIST'
               UNION
               SELECT member_id::uuid, owner_id FROM ${LINKS}
                WHERE store_id = $1 AND relation = 'LIST:SKU_GROUP' AND member_id = ANY($2::text[])
               UNION
               SELECT gs.owner_id, ls.owner_id FROM ${LINKS} gs
                 JOIN ${LINKS} ls ON ls.store_id = gs.store_id AND ls.relation = 'LIST:SKU' AND ls.member_id = gs.member_id
                WHERE gs.store_id = $1 AND gs.owner_id = ANY($2::uuid[]) AND gs.relation = 'SKU_GROUP:SKU') x
         JOIN ${RECORDS} li ON li.id = x.list_id AND li.store_id = $1 AND li.kind = 'LIST' AND li.status <> 'ARCHIVED'
        ORDER BY 1, 2`,
      [storeId, groupIds],
    )) as { group_id: string; name: string }[];
    return groupBy(
      rows,
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
