import { Injectable } from '@nestjs/common';
import { Page, SortDirection, filterValues, isUuid, pageRequest } from '@platform/graphql-subgraph';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogReferenceEntity } from './catalog-reference.entity';
import { CatalogRecordsService } from './catalog-records.service';
import { assertCursorPaging, uuidsOf } from './list-query';
import type { RecordKind, RelationKind } from './record-kind';
import {
  RECORDS_ALIAS,
  RecordSort,
  linkOrderSort,
  ownerCounts,
  ownerKeysetPages,
  recordSortOf,
} from './record-keyset';
import type { PaginationType, ValuesFilter } from './record-filters';
import type { RecordListArgs } from './record-list-args';
import { skuCurrentMinorUnitsSql } from './sku-current-price';

const R = `"${RECORDS_ALIAS}"`;

/** Whose records a relation connection lists: the members of a relation, or a parent's children. */
export type MemberSource =
  | { readonly relation: RelationKind; readonly member: RecordKind }
  | { readonly children: RecordKind }
  /** The parents of the owner's members (`SKU.attributes`: the attributes of its attribute values). */
  | { readonly parentsThrough: RelationKind; readonly parent: RecordKind };

/** What a group's SKUs' prices and count are, over the SKUs of the statuses asked for. */
export interface GroupPricing {
  readonly skuCount: number;
  readonly minPrice: number | null;
  readonly maxPrice: number | null;
  readonly minCompareAtPrice: number | null;
  readonly maxCompareAtPrice: number | null;
}

/** `<X>.references`' arguments (record-fields/record-fields.input.ts). */
export interface ReferenceArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  origin?: ValuesFilter | null;
  paginationType?: PaginationType | null;
}

/** References sort by their origin (the external system's name, unique per record). */
const REFERENCE_SORT: RecordSort = { key: 'NAME', sqlType: 'text', sql: `"x"."name"::text` };

interface PricingRow {
  owner: string;
  n: number;
  min_price: string | null;
  max_price: string | null;
  min_compare: string | null;
  max_compare: string | null;
}

function pricingOf(row: PricingRow): GroupPricing {
  const num = (value: string | null) => (value === null ? null : Number(value));
  return {
    skuCount: row.n,
    minPrice: num(row.min_price),
    maxPrice: num(row.max_price),
    minCompareAtPrice: num(row.min_compare),
    maxCompareAtPrice: num(row.max_compare),
  };
}

/**
 * The relation connections of catalog records (`SKUGroup.skus`, `SKU.prices`, …) for a loader's
 * batch of owners: one keyset page per owner in one query, the members' list filters honoured as
 * the root lists honour them (CatalogRecordsService.filtered), and their counts in one more query
 * when selected; plus the single-record relations (`SKU.skuGroup`) and a group's price range.
 */
@Injectable()
export class CatalogRelationPagesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly records: CatalogRecordsService,
  ) {}

  private kindOf(source: MemberSource): RecordKind {
    if ('children' in source) return source.children;
    return 'parent' in source ? source.parent : source.member;
  }

  /** Records of `kind` by id (a loader's batch). */
  byIds(storeId: string, kind: string, ids: readonly string[]): Promise<Map<string, CatalogRecordEntity>> {
    return this.records.byIds(storeId, kind, ids);
  }

  /** The members' query with the condition tying a member to the LATERAL owner `o.owner_id`. */
  private membersQuery(
    storeId: string,
    source: MemberSource,
    args: RecordListArgs,
  ): SelectQueryBuilder<CatalogRecordEntity> {
    const qb = this.records.filtered(storeId, this.kindOf(source), args);
    if ('children' in source) return qb.andWhere(`${R}."parent_id" = o.owner_id`);
    if ('parentsThrough' in source)
      return qb.andWhere(
        `EXISTS (SELECT 1 FROM "catalog"."links" ol JOIN "catalog"."records" v ON v.id::text = ol.member_id AND v.store_id = ol.store_id
          WHERE ol.store_id = ${R}.store_id AND ol.relation = :ownerRelation AND ol.owner_id = o.owner_id
            AND v.parent_id = ${R}.id AND v.status <> 'ARCHIVED')`,
        { ownerRelation: source.parentsThrough.relation },
      );
    return qb.andWhere(
      `EXISTS (SELECT 1 FROM "catalog"."links" ol WHERE ol.store_id = ${R}.store_id AND ol.relation = :ownerRelation AND ol.owner_id = o.owner_id AND ol.member_id = ${R}.id::text)`,
      { ownerRelation: source.relation.relation },
    );
  }

  /** The default order: members in the order they were added, children oldest first. */
  private defaultSort(source: MemberSource): RecordSort | undefined {
    return 'relation' in source ? linkOrderSort(source.relation.relation) : undefined;
  }

  /** One page per owner; an owner a cursor was not issued for gets INVALID_CURSOR. */
  async pages(
    storeId: string,
    source: MemberSource,
    ownerIds: readonly string[],
    args: RecordListArgs,
  ): Promise<Map<string, Page<CatalogRecordEntity> | Error>> {
    assertCursorPaging(args.paginationType);
    const request = pageRequest(args);
    const [sort, direction] = recordSortOf(this.kindOf(source), args.orderBy, this.defaultSort(source));
    return ownerKeysetPages(this.membersQuery(storeId, source, args), ownerIds, request, sort, direction);
  }

  /** How many members match `args`' filters, per owner (every page). */
  counts(
    storeId: string,
    source: MemberSource,
    ownerIds: readonly string[],
    args: RecordListArgs,
  ): Promise<Map<string, number>> {
    return ownerCounts(this.membersQuery(storeId, source, args), ownerIds);
  }

  /** The references of each owner, by origin, one page per owner in one query. */
  async referencePages(
    storeId: string,
    ownerIds: readonly string[],
    args: ReferenceArgs,
  ): Promise<Map<string, Page<CatalogReferenceEntity> | Error>> {
    assertCursorPaging(args.paginationType);
    const direction: SortDirection = 'ASC';
    return ownerKeysetPages(
      this.referencesQuery(storeId, args),
      ownerIds,
      pageRequest(args),
      REFERENCE_SORT,
      direction,
    );
  }

  /** How many references of `args`' origins each owner has. */
  referenceCounts(
    storeId: string,
    ownerIds: readonly string[],
    args: ReferenceArgs,
  ): Promise<Map<string, number>> {
    return ownerCounts(this.referencesQuery(storeId, args), ownerIds);
  }

  private referencesQuery(storeId: string, args: ReferenceArgs): SelectQueryBuilder<CatalogReferenceEntity> {
    const qb = this.dataSource
      .getRepository(CatalogReferenceEntity)
      .createQueryBuilder('x')
      .where('x.storeId = :storeId AND x.ownerId = o.owner_id', { storeId });
    const origins = filterValues(args.origin);
    if (origins) qb.andWhere(origins.length ? 'x.name IN (:...origins)' : '1 = 0', { origins });
    return qb;
  }

  /** Ids of the commerce channels each owner is assigned to, in the order they were added. */
  async channelIds(
    storeId: string,
    relation: string,
    ownerIds: readonly string[],
  ): Promise<Map<string, string[]>> {
    const valid = uuidsOf(ownerIds);
    const result = new Map<string, string[]>(valid.map((id) => [id, []]));
    if (valid.length === 0) return result;
    const rows = (await this.dataSource.query(
      `SELECT owner_id::text AS owner, member_id FROM "catalog"."links"
        WHERE store_id = $1 AND relation = $2 AND owner_id = ANY($3::uuid[])
        ORDER BY position, member_id`,
      [storeId, relation, valid],
    )) as { owner: string; member_id: string }[];
    for (const row of rows) result.get(row.owner)?.push(row.member_id);
    return result;
  }

  /**
   * The live owner each member was first added to (`SKU.skuGroup`: a SKU in two groups names the
   * one it joined first), one query for a loader's batch.
   */
  async firstOwners(
    storeId: string,
    relation: RelationKind,
    memberIds: readonly string[],
  ): Promise<Map<string, CatalogRecordEntity>> {
    const valid = uuidsOf(memberIds);
    if (valid.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT ON (l.member_id) l.member_id, l.owner_id::text AS owner
         FROM "catalog"."links" l
         JOIN "catalog"."records" o ON o.id = l.owner_id AND o.status <> 'ARCHIVED'
        WHERE l.store_id = $1 AND l.relation = $2 AND l.member_id = ANY($3::text[])
        ORDER BY l.member_id, l.created_at, l.position, l.owner_id`,
      [storeId, relation.relation, valid],
    )) as { member_id: string; owner: string }[];
    const owners = await this.records.byIds(
      storeId,
      relation.owner,
      rows.map((row) => row.owner),
    );
    const result = new Map<string, CatalogRecordEntity>();
    for (const row of rows) {
      const owner = owners.get(row.owner);
      if (owner) result.set(row.member_id, owner);
    }
    return result;
  }

  /** The first live member of each owner, in link order (`ListTreeNode.list`). */
  async firstMembers(
    storeId: string,
    relation: RelationKind & { member: { kind: string } },
    ownerIds: readonly string[],
  ): Promise<Map<string, CatalogRecordEntity>> {
    const valid = uuidsOf(ownerIds);
    if (valid.length === 0) return new Map();
    const rows = (await this.dataSource.query(
      `SELECT DISTINCT ON (l.owner_id) l.owner_id::text AS owner, l.member_id
         FROM "catalog"."links" l
         JOIN "catalog"."records" m ON m.id::text = l.member_id AND m.store_id = l.store_id AND m.status <> 'ARCHIVED'
        WHERE l.store_id = $1 AND l.relation = $2 AND l.owner_id = ANY($3::uuid[])
        ORDER BY l.owner_id, l.position, l.member_id`,
      [storeId, relation.relation, valid],
    )) as { owner: string; member_id: string }[];
    const members = await this.records.byIds(
      storeId,
      relation.member.kind,
      rows.map((row) => row.member_id),
    );
    const result = new Map<string, CatalogRecordEntity>();
    for (const row of rows) {
      const member = members.get(row.member_id);
      if (member) result.set(row.owner, member);
    }
    return result;
  }

  /**
   * Each group's SKUs of `statuses` (none: no SKU): how many, and the lowest and highest `price`
   * and `compareAtPrice` in minor units (null without any), one query for a loader's batch.
   */
  async groupPricing(
    storeId: string,
    groupIds: readonly string[],
    statuses: readonly string[],
  ): Promise<Map<string, GroupPricing>> {
    const valid = groupIds.filter((id) => isUuid(id)).map((id) => id.toLowerCase());
    const result = new Map<string, GroupPricing>(
      valid.map((id) => [
        id,
        { skuCount: 0, minPrice: null, maxPrice: null, minCompareAtPrice: null, maxCompareAtPrice: null },
      ]),
    );
    if (valid.length === 0 || statuses.length === 0) return result;
    const price = skuCurrentMinorUnitsSql('s', 'price');
    const compareAt = skuCurrentMinorUnitsSql('s', 'compareAtPrice');
    const rows = (await this.dataSource.query(
      `SELECT l.owner_id::text AS owner, count(*)::int AS n,
              min(${price})::text AS min_price, max(${price})::text AS max_price,
              min(${compareAt})::text AS min_compare, max(${compareAt})::text AS max_compare
         FROM "catalog"."links" l
         JOIN "catalog"."records" s ON s.id::text = l.member_id AND s.store_id = l.store_id AND s.kind = 'SKU'
        WHERE l.store_id = $1 AND l.relation = 'SKU_GROUP:SKU' AND l.owner_id = ANY($2::uuid[])
          AND s.status = ANY($3::varchar[])
        GROUP BY l.owner_id`,
      [storeId, valid, statuses],
    )) as PricingRow[];
    for (const row of rows) result.set(row.owner, pricingOf(row));
    return result;
  }

  /**
   * Each option's price range over its own prices and its values' prices (live ones): the lowest
   * and highest `amount` and `compareAtValue` in minor units, one query for a loader's batch.
   */
  async optionPricing(storeId: string, optionIds: readonly string[]): Promise<Map<string, GroupPricing>> {
    const valid = uuidsOf(optionIds);
    if (valid.length === 0) return new Map();
    const amount = `(p.data->'amount'->>'value')::bigint`;
    const compareAt = `(p.data->'compareAtValue'->>'value')::bigint`;
    const rows = (await this.dataSource.query(
      `SELECT o.id::text AS owner, count(p.id)::int AS n,
              min(${amount})::text AS min_price, max(${amount})::text AS max_price,
              min(${compareAt})::text AS min_compare, max(${compareAt})::text AS max_compare
         FROM unnest($2::uuid[]) AS o(id)
         LEFT JOIN "catalog"."records" p ON p.store_id = $1 AND p.status <> 'ARCHIVED' AND (
              (p.kind = 'OPTION_PRICE' AND p.parent_id = o.id)
           OR (p.kind = 'OPTION_VALUE_PRICE' AND p.parent_id IN (
                SELECT v.id FROM "catalog"."records" v
                 WHERE v.store_id = $1 AND v.kind = 'OPTION_VALUE' AND v.parent_id = o.id AND v.status <> 'ARCHIVED')))
        GROUP BY o.id`,
      [storeId, valid],
    )) as PricingRow[];
    return new Map(rows.map((row) => [row.owner, pricingOf(row)]));
  }

  /** The store's categories tree: its oldest live list tree named `categories` (any case), or none. */
  async categoriesTree(storeId: string): Promise<CatalogRecordEntity | null> {
    return this.dataSource
      .getRepository(CatalogRecordEntity)
      .createQueryBuilder('t')
      .where("t.storeId = :storeId AND t.kind = 'LIST_TREE' AND t.status <> 'ARCHIVED'", { storeId })
      .andWhere('lower(t.name) = :name', { name: 'categories' })
      .orderBy('t.createdAt', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .getOne();
  }
}
