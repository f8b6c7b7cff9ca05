import type { OrderField } from './record-filters';

/**
 * What the records services know of a kind (record-kinds.ts): plain data, no GraphQL. A kind's
 * GraphQL types and resolvers are explicit classes in its feature folder.
 */

/** How a kind's own field is stored in `data` (money is copied as `{ value, currencyCode }`). */
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
  /** The kind's list filters by it: an `{ eq, in }` argument of its name (`skus(eanCode)`). */
  readonly filterable?: boolean;
}

export interface RecordKind {
  /** Stored in records.kind, and the prefix of its error codes: SKU → SKU_NOT_FOUND. */
  readonly kind: string;
  /** A `code` unique per store (a SKU's code); filterable by `code`. */
  readonly hasCode?: boolean;
  /** The record this kind belongs to, set on create and never changed (an attribute value's attribute). */
  readonly parent?: { readonly field: string; readonly kind: string };
  /** The kind's own fields, stored in `data`, in the order of its GraphQL type. */
  readonly fields: Readonly<Record<string, KindField>>;
  /** Order fields beyond createdAt, updatedAt, name and id (record-keyset.ts has their SQL). */
  readonly orderBy?: readonly OrderField[];
}

/** Members of a relation: records of a kind, or commerce channels (opaque ids). */
export type MemberKind = { readonly kind: string } | { readonly channel: true };

export interface RelationKind {
  /** Stored in links.relation: `<owner>:<member>`. */
  readonly relation: string;
  /** The owner's kind. */
  readonly owner: string;
  readonly member: MemberKind;
  /** Field of the mutation input holding the ids (`mediaObjectIds`), named in errors. */
  readonly idsField: string;
  /** The owner's list filters by member (`listTreeNodes(listId)`); channel relations always do. */
  readonly filtersOwners?: boolean;
}
