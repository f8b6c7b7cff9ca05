import { Injectable } from '@nestjs/common';
import { Page, filterValues, isUuid, pageRequest } from '@platform/graphql-subgraph';
import { CatalogLinksRepository } from './catalog-links.repository';
import { CatalogRecordEntity } from './catalog-record.entity';
import { CatalogReferenceEntity } from './catalog-reference.entity';
import { CatalogRecordsService } from './catalog-records.service';
import {
  CatalogRelationPagesRepository,
  MemberSource,
  OwnerRecordRow,
  PricingRow,
  memberKindOf,
} from './catalog-relation-pages.repository';
import { assertCursorPaging, uuidsOf } from './list-query';
import type { RelationKind } from './record-kind';
import { RecordSort, linkOrderSort, recordSortOf } from './record-keyset';
import type { PaginationType, ValuesFilter } from './record-filters';
import type { RecordListArgs } from './record-list-args';

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

/** Each row's record (by `key`) among `records`, keyed by the row's other end; a row without one is left out. */
function recordsByRow(
  rows: readonly OwnerRecordRow[],
  records: Map<string, CatalogRecordEntity>,
  key: 'owner' | 'member_id',
): Map<string, CatalogRecordEntity> {
  const result = new Map<string, CatalogRecordEntity>();
  for (const row of rows) {
    const record = records.get(row[key]);
    if (record) result.set(key === 'owner' ? row.member_id : row.owner, record);
  }
  return result;
}

/**
 * The relation connections of catalog records (`SKUGroup.skus`, `SKU.prices`, …) for a loader's
 * batch of owners: one keyset page per owner in one query, the members' list filters honoured as
 * the root lists honour them, and their counts in one more query when selected; plus the
 * single-record relations (`SKU.skuGroup`) and a group's price range. The reads are
 * CatalogRelationPagesRepository's.
 */
@Injectable()
export class CatalogRelationPagesService {
  constructor(
    private readonly pageRows: CatalogRelationPagesRepository,
    private readonly links: CatalogLinksRepository,
    private readonly records: CatalogRecordsService,
  ) {}

  /** Records of `kind` by id (a loader's batch). */
  byIds(storeId: string, kind: string, ids: readonly string[]): Promise<Map<string, CatalogRecordEntity>> {
    return this.records.byIds(storeId, kind, ids);
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
    const [sort, direction] = recordSortOf(memberKindOf(source), args.orderBy, this.defaultSort(source));
    return this.pageRows.memberPages(storeId, source, ownerIds, args, request, sort, direction);
  }

  /** How many members match `args`' filters, per owner (every page). */
  counts(
    storeId: string,
    source: MemberSource,
    ownerIds: readonly string[],
    args: RecordListArgs,
  ): Promise<Map<string, number>> {
    return this.pageRows.memberCounts(storeId, source, ownerIds, args);
  }

  /** The references of each owner, by origin, one page per owner in one query. */
  async referencePages(
    storeId: string,
    ownerIds: readonly string[],
    args: ReferenceArgs,
  ): Promise<Map<string, Page<CatalogReferenceEntity> | Error>> {
    assertCursorPaging(args.paginationType);
    return this.pageRows.referencePages(storeId, ownerIds, filterValues(args.origin), pageRequest(args));
  }

  /** How many references of `args`' origins each owner has. */
  referenceCounts(
    storeId: string,
    ownerIds: readonly string[],
    args: ReferenceArgs,
  ): Promise<Map<string, number>> {
    return this.pageRows.referenceCounts(storeId, ownerIds, filterValues(args.origin));
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
    for (const row of await this.links.membersOf(storeId, relation, valid))
      result.get(row.owner)?.push(row.memberId);
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
    const rows = await this.pageRows.firstOwners(storeId, relation.relation, valid);
    const owners = await this.records.byIds(
      storeId,
      relation.owner,
      rows.map((row) => row.owner),
    );
    return recordsByRow(rows, owners, 'owner');
  }

  /** The first live member of each owner, in link order (`ListTreeNode.list`). */
  async firstMembers(
    storeId: string,
    relation: RelationKind & { member: { kind: string } },
    ownerIds: readonly string[],
  ): Promise<Map<string, CatalogRecordEntity>> {
    const valid = uuidsOf(ownerIds);
    if (valid.length === 0) return new Map();
    const rows = await this.pageRows.firstMembers(storeId, relation.relation, valid);
    const members = await this.records.byIds(
      storeId,
      relation.member.kind,
      rows.map((row) => row.member_id),
    );
    return recordsByRow(rows, members, 'member_id');
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
    for (const row of await this.pageRows.groupPricing(storeId, valid, statuses))
      result.set(row.owner, pricingOf(row));
    return result;
  }

  /**
   * Each option's price range over its own prices and its values' prices (live ones): the lowest
   * and highest `amount` and `compareAtValue` in minor units, one query for a loader's batch.
   */
  async optionPricing(storeId: string, optionIds: readonly string[]): Promise<Map<string, GroupPricing>> {
    const valid = uuidsOf(optionIds);
    if (valid.length === 0) return new Map();
    const rows = await this.pageRows.optionPricing(storeId, valid);
    return new Map(rows.map((row) => [row.owner, pricingOf(row)]));
  }

  /** The store's categories tree: its oldest live list tree named `categories` (any case), or none. */
  categoriesTree(storeId: string): Promise<CatalogRecordEntity | null> {
    return this.pageRows.categoriesTree(storeId);
  }
}
