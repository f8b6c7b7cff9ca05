import { storeIdOf } from '@platform/commerce-graphql';
import {
  ConnectionShape,
  CountedPage,
  Page,
  SubgraphContext,
  filterValues,
  pageRequest,
  toCountedConnection,
} from '@platform/graphql-subgraph';
import { CatalogRecordEntity } from '../records/catalog-record.entity';
import { CatalogReference } from '../records/catalog-reference.model';
import { CatalogReferenceEntity } from '../records/catalog-reference.entity';
import type { MemberSource } from '../records/catalog-relation-pages.repository';
import type { CatalogRelationPagesService, GroupPricing } from '../records/catalog-relation-pages.service';
import type { Metafield } from '../records/metafield.model';
import type { RecordKind, RelationKind } from '../records/record-kind';
import type { RecordListArgs } from '../records/record-list-args';
import { DEFAULT_PRICING_STATUSES, MetafieldsArgs, PricingArgs, ReferencesArgs } from './record-fields.input';

/**
 * The loaders behind the record fields (modules/record-fields/*-fields.resolver.ts): each field is
 * batched per request, one query per field and page arguments for every owner of the response
 * (catalog-relation-pages.service.ts), one more for its counts when `totalCount` is selected.
 */

/** A stable loader key of page arguments (the same arguments share one batch). */
function argsKey(args: object): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    value instanceof Date ? value.toISOString() : value,
  );
}

/** The page of an owner with nothing to list. */
function emptyPage<T>(): Page<T> {
  return {
    edges: [],
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  };
}

/** The loader key of a source's pages. */
function sourceKey(source: MemberSource): string {
  if ('children' in source) return `children:${source.children.kind}`;
  if ('parentsThrough' in source) return `parents:${source.parentsThrough.relation}`;
  return `members:${source.relation.relation}`;
}

/**
 * The connection of `ownerId`'s records from `source` (a relation's members, a parent's children,
 * the parents of its members): the page from the request's batch of owners, its `totalCount` from
 * a second batch, loaded only when selected.
 */
export async function memberConnection<M>(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  source: MemberSource,
  ownerId: string,
  args: RecordListArgs | undefined,
  toModel: (row: CatalogRecordEntity) => M,
): Promise<ConnectionShape<M>> {
  const storeId = storeIdOf(context);
  const given = args ?? {};
  const key = sourceKey(source);
  const request = argsKey(given);
  const pageLoader = context.loaders.get<string, Page<CatalogRecordEntity> | Error>(
    `page:${key}:${request}`,
    (ids) => pages.pages(storeId, source, ids, given),
  );
  const countLoader = context.loaders.get<string, number>(`count:${key}:${request}`, (ids) =>
    pages.counts(storeId, source, ids, given),
  );
  const page = await pageLoader.load(ownerId);
  if (page instanceof Error) throw page;
  // An owner id that is not a uuid has no members (the loader leaves it out).
  const counted: CountedPage<CatalogRecordEntity> = page
    ? { page, totalCount: async () => (await countLoader.load(ownerId)) ?? 0 }
    : { page: emptyPage(), totalCount: async () => 0 };
  return toCountedConnection(counted, toModel);
}

/** `<X>.references(origin, …)`: its external references by origin, a connection. */
export async function referencesConnection(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  ownerId: string,
  args: ReferencesArgs | undefined,
): Promise<ConnectionShape<CatalogReference>> {
  const storeId = storeIdOf(context);
  const given = args ?? {};
  const key = argsKey(given);
  const pageLoader = context.loaders.get<string, Page<CatalogReferenceEntity> | Error>(
    `references:${key}`,
    (ids) => pages.referencePages(storeId, ids, given),
  );
  const counts = context.loaders.get<string, number>(`references-count:${key}`, (ids) =>
    pages.referenceCounts(storeId, ids, given),
  );
  const page = await pageLoader.load(ownerId);
  if (page instanceof Error) throw page;
  return toCountedConnection(
    {
      page: page ?? emptyPage<CatalogReferenceEntity>(),
      totalCount: async () => (await counts.load(ownerId)) ?? 0,
    },
    (row: CatalogReferenceEntity) =>
      Object.assign(new CatalogReference(), {
        id: row.id,
        origin: row.name,
        name: row.name,
        value: row.value,
      }),
  );
}

/**
 * `<X>.metafields(…)`: the catalog stores none, so the connection is empty (the paging arguments
 * are still checked).
 */
export function noMetafields(args: MetafieldsArgs | undefined): ConnectionShape<Metafield> {
  pageRequest(args ?? {});
  return toCountedConnection(
    { page: emptyPage<Metafield>(), totalCount: async () => 0 },
    (m: Metafield) => m,
  );
}

/**
 * A record of `kind` by id (a child's parent), batched; the loader is the one every field of that
 * kind shares.
 */
export async function loadRecord(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  kind: RecordKind,
  id: string,
): Promise<CatalogRecordEntity | undefined> {
  const storeId = storeIdOf(context);
  const loader = context.loaders.get<string, CatalogRecordEntity>(`entity:${kind.kind}`, (ids) =>
    pages.byIds(storeId, kind.kind, ids),
  );
  return loader.load(String(id));
}

/** `<Owner>.channelIds`: the commerce channels it is assigned to (opaque ids, in the order added). */
export async function channelIds(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  relation: string,
  ownerId: string,
): Promise<string[]> {
  const storeId = storeIdOf(context);
  const loader = context.loaders.get<string, string[]>(`channels:${relation}`, (ids) =>
    pages.channelIds(storeId, relation, ids),
  );
  return (await loader.load(ownerId)) ?? [];
}

/** The live owner a member was first added to (`SKU.skuGroup`), or none. */
export async function firstOwner(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  relation: RelationKind,
  memberId: string,
): Promise<CatalogRecordEntity | undefined> {
  const storeId = storeIdOf(context);
  const loader = context.loaders.get<string, CatalogRecordEntity>(`owner:${relation.relation}`, (ids) =>
    pages.firstOwners(storeId, relation, ids),
  );
  return loader.load(memberId);
}

/** An owner's first live member (`ListTreeNode.list`), or none. */
export async function firstMember(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  relation: RelationKind,
  ownerId: string,
): Promise<CatalogRecordEntity | undefined> {
  if (!('kind' in relation.member)) throw new Error(`${relation.relation} has no record members`);
  const storeId = storeIdOf(context);
  const loader = context.loaders.get<string, CatalogRecordEntity>(`first:${relation.relation}`, (ids) =>
    pages.firstMembers(storeId, relation as RelationKind & { member: { kind: string } }, ids),
  );
  return loader.load(ownerId);
}

/** A group's SKUs of the statuses asked (default ACTIVE and DRAFT): their count and price ranges. */
export async function groupPricing(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  groupId: string,
  args: PricingArgs | undefined,
): Promise<GroupPricing> {
  const storeId = storeIdOf(context);
  const statuses = [
    ...new Set(filterValues(args?.status ?? { in: DEFAULT_PRICING_STATUSES }) ?? DEFAULT_PRICING_STATUSES),
  ].sort();
  const loader = context.loaders.get<string, GroupPricing>(`pricing:${statuses.join(',')}`, (ids) =>
    pages.groupPricing(storeId, ids, statuses),
  );
  return (
    (await loader.load(groupId)) ?? {
      skuCount: 0,
      minPrice: null,
      maxPrice: null,
      minCompareAtPrice: null,
      maxCompareAtPrice: null,
    }
  );
}

/** An option's price ranges over its prices and its values' prices. */
export async function optionPricing(
  pages: CatalogRelationPagesService,
  context: SubgraphContext,
  optionId: string,
): Promise<GroupPricing | undefined> {
  const storeId = storeIdOf(context);
  const loader = context.loaders.get<string, GroupPricing>('option-pricing', (ids) =>
    pages.optionPricing(storeId, ids),
  );
  return loader.load(optionId);
}
