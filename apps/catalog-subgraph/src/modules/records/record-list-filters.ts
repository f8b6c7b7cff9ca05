import { CATALOG_RELATIONS } from './record-kinds';
import type { RecordKind } from './record-kind';

/**
 * The id filters of a kind's list beyond its own columns, each an `{ eq, in }` argument (its
 * GraphQL input type is in the kind's list arguments, modules/<feature>/<kind>.input.ts): the
 * parent (`attributeValues(attributeId: AttributeIdFilter)`), the owners it is a member of (`skus(skuGroupId: SKUGroupIdFilter)`), the
 * members it holds (`skuGroups(channelId: SKUGroupChannelIdFilter)`, `listTreeNodes(listId)`,
 * `locations(skuId)`): `skus(locationId)` lists the SKUs a location carries, which include every SKU
 * with inventory there (inventory changes link it). A record matches when it is linked to any of
 * the ids given.
 */
export interface ListIdFilter {
  readonly arg: string;
  /** SQL condition on the record alias `a`, with `:...<p>` the values and `:<p>_rel` the relation. */
  readonly where: (a: string, p: string) => string;
  readonly relation?: string;
}

const LINKS = '"catalog"."links" l';

function camel(kind: string): string {
  return kind.toLowerCase().replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
}

/** Every id filter of `def`'s list, one per argument name (the first of a name wins). */
export function listIdFilters(def: RecordKind): ListIdFilter[] {
  const filters: ListIdFilter[] = [];
  if (def.parent) {
    filters.push({
      arg: def.parent.field,
      where: (a, p) => `${a}.parentId IN (:...${p})`,
    });
  }
  for (const r of CATALOG_RELATIONS) {
    if ('kind' in r.member && r.member.kind === def.kind) {
      const self = r.owner === def.kind;
      filters.push({
        arg: self ? 'parentNodeId' : `${camel(r.owner)}Id`,
        relation: r.relation,
        where: (a, p) =>
          `EXISTS (SELECT 1 FROM ${LINKS} WHERE l.store_id = ${a}.store_id AND l.relation = :${p}_rel AND l.owner_id IN (:...${p}) AND l.member_id = ${a}.id::text)`,
      });
    }
    const channels = !('kind' in r.member);
    if (r.owner === def.kind && (channels || r.filtersOwners)) {
      const member = 'kind' in r.member ? r.member.kind : 'CHANNEL';
      filters.push({
        arg: channels ? 'channelId' : `${camel(member)}Id`,
        relation: r.relation,
        where: (a, p) =>
          `EXISTS (SELECT 1 FROM ${LINKS} WHERE l.store_id = ${a}.store_id AND l.relation = :${p}_rel AND l.owner_id = ${a}.id AND l.member_id IN (:...${p}))`,
      });
    }
  }
  const seen = new Set<string>();
  return filters.filter((f) => !seen.has(f.arg) && Boolean(seen.add(f.arg)));
}
