import { SubgraphErrors } from '@platform/graphql-subgraph';

/**
 * Update semantics of every `update*` mutation: an omitted field keeps its value, null clears a
 * nullable field, and null for a required field is refused (BAD_USER_INPUT, REQUIRED).
 */
export function required<T>(field: string, value: T | null | undefined): T | undefined {
  if (value === null) throw SubgraphErrors.badField([field], 'REQUIRED', `${field} cannot be cleared`);
  return value;
}

/** Drops the undefined entries of a change set (so Object.assign leaves those columns alone). */
export function definedOnly<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}
