import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { skuCurrentMinorUnitsSql, skuCurrentMoneySql } from '../records/sku-current-price';
import type { SearchPosition } from './shopping-cursor';
import { containsPattern, shoppingTextSql } from './shopping-text';

/** A SKU group as a product page reads it. */
export interface GroupRow {
  id: string;
  name: string;
  label: string | null;
  status: string;
  description: string | null;
  created_at: Date;
}

/** A SKU of a group, priced (sku-current-price.ts), with what its unarchived locations have available. */
export interface VariantRow {
  group_id: string;
  id: string;
  code: string | null;
  name: string;
  label: string | null;
  status: string;
  price: unknown;
  compare_at_price: unknown;
  /** Null when the SKU has no count anywhere (it tracks no inventory). */
  available: number | null;
}

/** The groups a search page walks, after the service has read its lists and rare words. */
export interface GroupSearch {
  /** Where the page starts: after this (createdAt, id); null for the first page. */
  readonly after: SearchPosition | null;
  /** Minor units; a group is in range when one of its ACTIVE SKUs' current price is. */
  readonly priceMin?: number;
  readonly priceMax?: number;
  /** The lists a group must be in (by a link to it, to one of its SKUs, or from the list); null: any. */
  readonly listIds: readonly string[] | null;
  /** Words each found in the group's text or one of its ACTIVE SKUs'. */
  readonly words: readonly string[];
  /** The words that drive the page as a set of groups (see StoreProductsService). */
  readonly rareWords: ReadonlySet<string>;
  readonly limit: number;
}

const RECORDS = '"catalog"."records"';
const LINKS = '"catalog"."links"';

/**
 * A store's catalog (`catalog.records`, `catalog.links`, `catalog.inventory_counts`) as the
 * Shopping API's product search and lookup read it: the keyset walk of ACTIVE SKU groups over
 * `records_store_kind_created_idx`, the groups ids name, the lists categories name, how many
 * records hold a word (trigram index), and a page's variants, options, media and categories in
 * one query each.
 */
@Injectable()
export class StoreProductsRepository {
  constructor(private readonly manager: EntityManager) {}

  /**
   * Up to `search.limit` ACTIVE groups with at least one ACTIVE SKU (in the price range when one
   * is given) that match the lists and words, in (createdAt, id) order after `search.after`.
   */
  searchGroups(storeId: string, search: GroupSearch): Promise<GroupRow[]> {
    const params: unknown[] = [storeId];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [`g.store_id = $1`, `g.kind = 'SKU_GROUP'`, `g.status = 'ACTIVE'`];
    if (search.after)
      where.push(
        `(g.created_at, g.id) > (${param(search.after.createdAt)}::timestamptz, ${param(search.after.id)}::uuid)`,
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
    if (search.listIds) {
      const ids = param(search.listIds);
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
    // A rare word drives the page as a set of groups; a common one is checked on each group the
    // walk meets, which finds a page early.
    for (const word of search.words) {
      const pattern = param(containsPattern(word));
      where.push(
        search.rareWords.has(word)
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
    return this.manager.query(
      `SELECT g.id::text AS id, g.name, g.label, g.status, g."data"->>'description' AS description, g.created_at
         FROM ${RECORDS} g
        WHERE ${where.join('\n          AND ')}
        ORDER BY g.created_at, g.id
        LIMIT ${param(search.limit)}`,
      params,
    );
  }

  /**
   * The groups `ids` name (a group id its group, a SKU id each group holding it), any status; a
   * group once per id naming it, with that id (`named_by`).
   */
  findGroupsNamedBy(storeId: string, ids: readonly string[]): Promise<(GroupRow & { named_by: string })[]> {
    return this.manager.query(
      `SELECT g.id::text AS id, g.name, g.label, g.status, g."data"->>'description' AS description, g.created_at,
              n.named_by::text AS named_by
         FROM (SELECT x.id AS group_id, x.id AS named_by FROM unnest($2::uuid[]) AS x(id)
               UNION ALL
               SELECT l.owner_id, l.member_id::uuid FROM ${LINKS} l
                WHERE l.store_id = $1 AND l.relation = 'SKU_GROUP:SKU' AND l.member_id = ANY($2::text[])) n
         JOIN ${RECORDS} g ON g.id = n.group_id AND g.store_id = $1 AND g.kind = 'SKU_GROUP'`,
      [storeId, ids],
    );
  }

  /**
   * How many of the store's groups and SKUs hold each word, counted up to `cap` (one query, over
   * the trigram index).
   */
  async countWordHolders(
    storeId: string,
    words: readonly string[],
    cap: number,
  ): Promise<Map<string, number>> {
    const rows = (await this.manager.query(
      `SELECT w.word, (SELECT count(*) FROM (SELECT 1 FROM ${RECORDS} t
                         WHERE t.store_id = $1 AND t.kind IN ('SKU', 'SKU_GROUP') AND ${shoppingTextSql('t')} LIKE w.pattern
                         LIMIT ${cap}) x)::int AS n
         FROM unnest($2::text[], $3::text[]) AS w(word, pattern)`,
      [storeId, words, words.map(containsPattern)],
    )) as { word: string; n: number }[];
    return new Map(rows.map((r) => [r.word, r.n]));
  }

  /** The ids of the store's lists (not archived) with one of `ids`, or a lower-cased name or label among `names`. */
  async findListIds(storeId: string, ids: readonly string[], names: readonly string[]): Promise<string[]> {
    const rows = (await this.manager.query(
      `SELECT id::text AS id FROM ${RECORDS}
        WHERE store_id = $1 AND kind = 'LIST' AND status <> 'ARCHIVED'
          AND (id = ANY($2::uuid[]) OR lower(name) = ANY($3::text[]) OR lower(label) = ANY($3::text[]))`,
      [storeId, ids, names],
    )) as { id: string }[];
    return rows.map((r) => r.id);
  }

  /** The groups' SKUs (only ACTIVE ones with `activeOnly`), group by group in link order. */
  findVariants(storeId: string, groupIds: readonly string[], activeOnly: boolean): Promise<VariantRow[]> {
    return this.manager.query(
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
    );
  }

  /** The SKUs' chosen option values (not archived): option name (label, else name) and value, by the option's position. */
  findOptionValues(
    storeId: string,
    skuIds: readonly string[],
  ): Promise<{ sku_id: string; name: string; value: string }[]> {
    return this.manager.query(
      `SELECT l.owner_id::text AS sku_id, COALESCE(o.label, o.name, '') AS name, COALESCE(v.label, v.name) AS value
         FROM ${LINKS} l
         JOIN ${RECORDS} v ON v.id = l.member_id::uuid AND v.store_id = l.store_id AND v.kind = 'OPTION_VALUE'
         LEFT JOIN ${RECORDS} o ON o.id = v.parent_id AND o.store_id = v.store_id AND o.kind = 'OPTION'
        WHERE l.store_id = $1 AND l.owner_id = ANY($2::uuid[]) AND l.relation = 'SKU:OPTION_VALUE'
          AND v.status <> 'ARCHIVED'
        ORDER BY l.owner_id, (o."data"->>'position')::int NULLS LAST, l.position`,
      [storeId, skuIds],
    );
  }

  /** The media URLs (not archived) of groups and SKUs, owner by owner in link order. */
  findMediaUrls(storeId: string, ownerIds: readonly string[]): Promise<{ owner_id: string; url: string }[]> {
    return this.manager.query(
      `SELECT l.owner_id::text AS owner_id, m."data"->>'url' AS url
         FROM ${LINKS} l
         JOIN ${RECORDS} m ON m.id = l.member_id::uuid AND m.store_id = l.store_id AND m.kind = 'MEDIA_OBJECT'
        WHERE l.store_id = $1 AND l.owner_id = ANY($2::uuid[])
          AND l.relation IN ('SKU_GROUP:MEDIA_OBJECT', 'SKU:MEDIA_OBJECT')
          AND m.status <> 'ARCHIVED' AND m."data"->>'url' IS NOT NULL
        ORDER BY l.owner_id, l.position`,
      [storeId, ownerIds],
    );
  }

  /**
   * Each group's lists (label, else name; not archived): those it was added to, those it was
   * added to from the list's side, and those holding one of its SKUs; by group, then name.
   */
  findCategoryNames(
    storeId: string,
    groupIds: readonly string[],
  ): Promise<{ group_id: string; name: string }[]> {
    return this.manager.query(
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
    );
  }
}
