import type { OrderField } from '../../src/modules/records/record-filters';

/**
 * What the suites expect of each catalog record kind's public graph: its GraphQL names, fields and
 * relations (catalog-kinds.ts). The subgraph declares each kind explicitly in its feature folder
 * (modules/skus/sku.model.ts, sku.input.ts, sku.resolver.ts…); the suites walk this table to
 * check every kind the same way.
 */

/** How a kind's own field is typed in GraphQL, validated on input and stored in `data`. */
export type KindFieldType =
  | 'string'
  | 'text'
  | 'url'
  | 'int'
  | 'float'
  | 'boolean'
  | 'money'
  | 'stringList'
  /** `{ min, max }` of two optional non-negative integers (OptionValidation). */
  | 'minMax';

export interface KindField {
  readonly type: KindFieldType;
  readonly description: string;
  /** Must be given on create (else optional and nullable). */
  readonly required?: boolean;
  /** Longest string (string, text, url) or most items (stringList). */
  readonly max?: number;
  /** A deprecated output name of the same value the public graph still serves (`HTMLDescription`). */
  readonly deprecatedAlias?: string;
  /** The kind's list filters by it: an `{ eq, in }` argument of this input type (`SKUEanCodeFilter`). */
  readonly filterInput?: string;
}

export interface RecordKind {
  /** Stored in records.kind, and the prefix of its error codes: SKU → SKU_NOT_FOUND. */
  readonly kind: string;
  /** PascalCase mutation stem: createSku, updateSku, archiveSku. */
  readonly name: string;
  /** GraphQL type name (SKU, SKUGroup, …); its inputs and filters are named after it. */
  readonly typeName: string;
  /** The object type's name where it differs from typeName (an Option is a `ListOption`). */
  readonly modelName?: string;
  /**
   * The public graph returns it as a member of this union (`Option = ListOption | NumericOption |
   * TextOption`): lists and relations of the kind are of the union; `siblings` are its other
   * members, object types of the same fields that no record of ours is.
   */
  readonly union?: { readonly name: string; readonly siblings: readonly string[] };
  /** Query field of one record (`sku(id: String!)`). */
  readonly single: string;
  /** Query field of the list (`skus(first, after, …)`). */
  readonly plural: string;
  readonly description: string;
  /** A `code` unique per store (a SKU's code); filterable by `code`. */
  readonly hasCode?: boolean;
  /** The record this kind belongs to, set on create and never changed (an attribute value's attribute). */
  readonly parent?: {
    readonly field: string;
    readonly kind: string;
    readonly description: string;
    /** The parent's connection of these children, as the public graph names it (default `plural`). */
    readonly childrenField?: string;
    /** A deprecated name of the parent field the public graph still serves (`SKUPrice.SKU`). */
    readonly deprecatedField?: string;
  };
  readonly fields: Readonly<Record<string, KindField>>;
  /** Order fields beyond createdAt, updatedAt, name and id (record-keyset.ts has their SQL). */
  readonly orderBy?: readonly OrderField[];
  /** Output names of a field under the public graph's name too (`SKUPrice.value` of `amount`). */
  readonly outputAliases?: Readonly<Record<string, string>>;
  /**
   * Name of the create input where the public graph keeps its older form (`CreateSKUInput`);
   * otherwise `MutationCreate<Name>Input`, as the public graph names the others.
   */
  readonly createInput?: string;
  /** Name of a batch create mutation (`createSkus(input: [CreateSKUInput!]!)`), 1 to 100 records. */
  readonly batchCreate?: string;
  /** A federation entity (@key(fields: "id")) other subgraphs reference. */
  readonly federated?: boolean;
  /** addReferencesTo<Name> / removeReferencesFrom<Name>, `references` and the referenceValue filter. */
  readonly references?: boolean;
  /**
   * `<name>(id: String!, input: Mutation<Name>Input!)` of the parent: removes children of this kind
   * by id (`idsField`), each archived and unlinked as removeOptionValue does; returns the parent
   * (as its lists do: the union where it has one).
   */
  readonly removeFromParent?: {
    readonly name: string;
    readonly idsField: string;
    /** It returns the parent's object type even where the parent is returned as a union (`ListOption`). */
    readonly returnsModel?: boolean;
  };
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
  /**
   * `<replaceName>(id, input)`: sets the members to exactly the ids given, in their order (new ones
   * join, missing ones leave), as the public `update<Owner>MediaObjects` do.
   */
  readonly replaceName?: string;
  /** Field of each member naming its owner (the first, by link order): `SKU.skuGroup`. */
  readonly ownerField?: string;
  /** Field of each member naming its owner's id (the first owner, by link order): `ListOption.skuGroupId`. */
  readonly ownerIdField?: string;
  /** The input type of the owner's connection's `id` argument where the public graph names it otherwise. */
  readonly idFilterInput?: string;
  /** Field of the owner naming its first member: `ListTreeNode.list`. */
  readonly firstMemberField?: string;
  /** Deprecated names of `field` and `ownerField` the public graph still serves (`SKUs`, `SKUGroup`). */
  readonly deprecatedFields?: { readonly field?: string; readonly ownerField?: string };
}
