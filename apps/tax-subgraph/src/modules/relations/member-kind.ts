/** Catalog records a classification or an override can hold (their ids are the catalog's, opaque here). */
export type MemberKind = 'SKU' | 'SKU_GROUP' | 'LIST';

/** Every relation kind of classifications and overrides: rates, or catalog members. */
export type RelationKind = 'RATE' | MemberKind;

/** Precedence of a member match when several overrides or classifications match one line (docs/tax.md). */
export const MEMBER_SPECIFICITY: Record<MemberKind, number> = { SKU: 3, SKU_GROUP: 2, LIST: 1 };
