/**
 * The declarative description of one catalog record kind. Every kind's GraphQL types
 * (record-types.factory.ts), resolvers (record-resolver.factory.ts) and persistence
 * (catalog-records.service.ts) are built from one of these, so adding a kind is adding a
 * definition to catalog-kinds.ts, not writing another resolver.
 */

/** How a kind's own field is typed in GraphQL, validated on input and stored in `data`. */
export type KindFieldType = 'string' | 'text' | 'url' | 'int' | 'boolean' | 'money' | 'stringList';

export interface KindField {
  readonly type: KindFieldType;
  readonly description: string;
  /** Must be given on create (else optional and nullable). */
  readonly required?: boolean;
  /** Longest string (string, text, url) or most items (stringList). */
  readonly max?: number;
}

export interface RecordKind {
  /** Stored in records.kind, and the prefix of its error codes: SKU → SKU_NOT_FOUND. */
  readonly kind: string;
  /** PascalCase mutation stem: createSku, updateSku, archiveSku. */
  readonly name: string;
  /** GraphQL object type name (SKU, SKUGroup, …). */
  readonly typeName: string;
  /** Query field of one record (`sku(id: String!)`). */
  readonly single: string;
  /** Query field of the list (`skus(first, after, …)`). */
  readonly plural: string;
  readonly description: string;
  /** A `code` unique per store (a SKU's code); filterable by `code`. */
  readonly hasCode?: boolean;
  /** The record this kind belongs to, set on create and never changed (an attribute value's attribute). */
  readonly parent?: { readonly field: string; readonly kind: string; readonly description: string };
  readonly fields: Readonly<Record<string, KindField>>;
  /**
   * Name of the create input where the public graph keeps its older form (`CreateSKUInput`);
   * otherwise `MutationCreate<Name>Input`, as the public graph names the others.
   */
  readonly createInput?: string;
  /** Name of a batch create mutation (`createSkus(input: [CreateSKUInput!]!)`), 1 to 100 records. */
  readonly batchCreate?: string;
  /** A federation entity (@key(fields: "id")) other subgraphs reference. */
  readonly federated?: boolean;
  /** createReferencesFor<Name> / deleteReferencesFrom<Name>, `references` and the referenceValue filter. */
  readonly references?: boolean;
  /**
   * Deprecated names of `single` and `plural` the public schema still serves (`SKU`, `SKUs`):
   * the same fields, marked @deprecated, so older clients keep working.
   */
  readonly deprecatedQueries?: { readonly single: string; readonly plural: string };
  /**
   * update<Name> and archive<Name> take only `input` (its `id` names the record), as the public
   * graph's inventory adjustment reason mutations do; otherwise `(id, input)` and `(id)`.
   */
  readonly inputOnlyMutations?: boolean;
}

/** Members of a relation: records of a kind, or commerce channels (opaque ids). */
export type MemberKind = { readonly kind: string } | { readonly channel: true };

export interface RelationKind {
  /** Stored in links.relation. */
  readonly relation: string;
  /** The owner's kind. */
  readonly owner: string;
  readonly member: MemberKind;
  /** PascalCase plural: add<Plural>To<Owner>, remove<Plural>From<Owner>. */
  readonly plural: string;
  /** Field of the owner listing the members (`mediaObjects`, `channelIds`). */
  readonly field: string;
  /** Field of the mutation input holding the ids (`mediaObjectIds`). */
  readonly idsField: string;
  /** The mutation names where the public graph spells them otherwise (`addSkuGroupToLists`). */
  readonly addName?: string;
  readonly removeName?: string;
  /** The owner's list filters by member (`listTreeNodes(listId)`); channel relations always do. */
  readonly filtersOwners?: boolean;
}
