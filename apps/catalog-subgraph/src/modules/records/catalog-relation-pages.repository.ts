import { Injectable } from '@nestjs/common';
import { Page, PageRequest, SortDirection } from '@platform/graphql-subgraph';
import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogRecordsRepository } from './catalog-records.repository';
import { CatalogReferenceEntity } from './catalog-reference.entity';
import type { RecordKind, RelationKind } from './record-kind';
import { RECORDS_ALIAS, RecordSort, ownerCounts, ownerKeysetPages } from './record-keyset';
import type { RecordListArgs } from './record-list-args';
import { skuCurrentMinorUnitsSql } from './sku-current-price';

const R = `"${RECORDS_ALIAS}"`;

/** Whose records a relation connection lists: the members of a relation, or a parent's children. */
export type MemberSource =
  | { readonly relation: RelationKind; readonly member: RecordKind }
  | { readonly children: RecordKind }
  /** The parents of the owner's members (`SKU.attributes`: the attributes of its attribute values). */
  | { readonly parentsThrough: RelationKind; readonly parent: RecordKind };

/** The kind of the records a source lists. */
export function memberKindOf(source: MemberSource): RecordKind {
  if ('children' in source) return source.children;
  return 'parent' in source ? source.parent : source.member;
}

/** A group's (or an option's) SKU count and price bounds in minor units, as PostgreSQL gives them. */
export interface PricingRow {
  owner: string;
  n: number;
  min_price: string | null;
  max_price: string | null;
  min_compare: string | null;
  max_compare: string | null;
}

/** An owner and one record of a relation it has (a member, or the owner a member joined first). */
export interface OwnerRecordRow {
  owner: string;
  member_id: string;
}

/** References sort by their origin (the external system's name, unique per record). */
const REFERENCE_SORT: RecordSort = { key: 'NAME', sqlType: 'text', sql: `"x"."name"::text` };

/**
 * The reads behind the relation connections of catalog records for a loader's batch of owners
 * (`catalog.records`, `catalog.links`, `catalog.external_references`): one keyset page per owner
 * in one query and the owners' counts (the members' list filters as the root lists apply them),
 * the first owner or member of a relation, a group's or an option's price bounds, the store's
 * categories tree. Read only: no transaction.
 */
@Injectable()
export class CatalogRelationPagesRepository {
  private readonly records: CatalogRecordsRepository;

  constructor(private readonly manager: EntityManager) {
    this.records = new CatalogRecordsRepository(manager);
  }

  /** The members' query with the condition tying a member to the LATERAL owner `o.owner_id`. */
  private membersQuery(
    storeId: string,
    source: MemberSource,
    args: RecordListArgs,
  ): SelectQueryBuilder<CatalogRecordEntity> {
    const qb = this.records.filtered(storeId, memberKindOf(source), args);
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

  /** One page of the source's records that `args`' filters keep, per owner (see ownerKeysetPages). */
  memberPages(
    storeId: string,
    source: MemberSource,
    ownerIds: readonly string[],
    args: RecordListArgs,
    request: PageRequest,
    sort: RecordSort,
    direction: SortDirection,
  ): Promise<Map<string, Page<CatalogRecordEntity> | Error>> {
    return ownerKeysetPages(this.membersQuery(storeId, source, args), ownerIds, request, sort, direction);
  }

  /** How many of the source's records `args`' filters keep, per owner. */
  memberCounts(
    storeId: string,
    source: MemberSource,
    ownerIds: readonly string[],
    args: RecordListArgs,
  ): Promise<Map<string, number>> {
    return ownerCounts(this.membersQuery(storeId, source, args), ownerIds);
  }

  /** The owners' references of `origins` (all without), tied to the LATERAL owner `o.owner_id`. */
  private referencesQuery(
    storeId: string,
    origins: readonly string[] | undefined,
  ): SelectQueryBuilder<CatalogReferenceEntity> {
    const qb = this.manager
      .getRepository(CatalogReferenceEntity)
      .createQueryBuilder('x')
      .where('x.storeId = :storeId AND x.ownerId = o.owner_id', { storeId });
    if (origins) qb.andWhere(origins.length ? 'x.name IN (:...origins)' : '1 = 0', { origins });
    return qb;
  }

  /** One page of each owner's references of `origins`, by origin. */
  referencePages(
    storeId: string,
    ownerIds: readonly string[],
    origins: readonly string[] | undefined,
    request: PageRequest,
  ): Promise<Map<string, Page<CatalogReferenceEntity> | Error>> {
    return ownerKeysetPages(this.referencesQuery(storeId, origins), ownerIds, request, REFERENCE_SORT, 'ASC');
  }

  /** How many references of `origins` each owner has. */
  referenceCounts(
    storeId: string,
    ownerIds: readonly string[],
    origins: readonly string[] | undefined,
  ): Promise<Map<string, number>> {
    return ownerCounts(this.referencesQuery(storeId, origins), ownerIds);
  }

  /** For each member, the live owner it was added to first (by time, position, owner id). */
  firstOwners(storeId: string, relation: string, memberIds: readonly string[]): Promise<OwnerRecordRow[]> {
    return this.manager.query(
      `SELECT DISTINCT ON (l.member_id) l.member_id, l.owner_id::text AS owner
         FROM "catalog"."links" l
         JOIN "catalog"."records" o ON o.id = l.owner_id AND o.status <> 'ARCHIVED'
        WHERE l.store_id = $1 AND l.relation = $2 AND l.member_id = ANY($3::text[])
        ORDER BY l.member_id, l.created_at, l.position, l.owner_id`,
      [storeId, relation, memberIds],
    );
  }

  /** For each owner, its first live member in link order. */
  firstMembers(storeId: string, relation: string, ownerIds: readonly string[]): Promise<OwnerRecordRow[]> {
    return this.manager.query(
      `SELECT DISTINCT ON (l.owner_id) l.owner_id::text AS owner, l.member_id
         FROM "catalog"."links" l
         JOIN "catalog"."records" m ON m.id::text = l.member_id AND m.store_id = l.store_id AND m.status <> 'ARCHIVED'
        WHERE l.store_id = $1 AND l.relation = $2 AND l.owner_id = ANY($3::uuid[])
        ORDER BY l.owner_id, l.position, l.member_id`,
      [storeId, relation, ownerIds],
    );
  }

  /** Per group with SKUs of `statuses`: their count and current price bounds (groups without any: no row). */
  groupPricing(
    storeId: string,
    groupIds: readonly string[],
    statuses: readonly string[],
  ): Promise<PricingRow[]> {
    const price = skuCurrentMinorUnitsSql('s', 'price');
    const compareAt = skuCurrentMinorUnitsSql('s', 'compareAtPrice');
    return this.manager.query(
      `SELECT l.owner_id::text AS owner, count(*)::int AS n,
              min(${price})::text AS min_price, max(${price})::text AS max_price,
              min(${compareAt})::text AS min_compare, max(${compareAt})::text AS max_compare
         FROM "catalog"."links" l
         JOIN "catalog"."records" s ON s.id::text = l.member_id AND s.store_id = l.store_id AND s.kind = 'SKU'
        WHERE l.store_id = $1 AND l.relation = 'SKU_GROUP:SKU' AND l.owner_id = ANY($2::uuid[])
          AND s.status = ANY($3::varchar[])
        GROUP BY l.owner_id`,
      [storeId, groupIds, statuses],
    );
  }

  /** Per option: the count and bounds of its live prices and its live values' live prices. */
  optionPricing(storeId: string, optionIds: readonly string[]): Promise<PricingRow[]> {
    const amount = `(p.data->'amount'->>'value')::bigint`;
    const compareAt = `(p.data->'compareAtValue'->>'value')::bigint`;
    return this.manager.query(
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
      [storeId, optionIds],
    );
  }

  /** The store's oldest live list tree named `categories` (any case), or none. */
  categoriesTree(storeId: string): Promise<CatalogRecordEntity | null> {
    return this.manager
      .getRepository(CatalogRecordEntity)
      .createQueryBuilder('t')
      .where("t.storeId = :storeId AND t.kind = 'LIST_TREE' AND t.status <> 'ARCHIVED'", { storeId })
      .andWhere('lower(t.name) = :name', { name: 'categories' })
      .orderBy('t.createdAt', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .getOne();
  }
}
