import type { ScopeSet } from '@platform/graphql-subgraph';

/** The scopes of a domain's operations by verb. */
export interface VerbScopes {
  readonly read: ScopeSet;
  readonly create: ScopeSet;
  readonly write: ScopeSet;
  readonly delete: ScopeSet;
}

/**
 * Scopes of the tax subgraph by verb (docs/tax.md). The spec's `write` means "create and
 * update", so it also allows the create mutations; `create` alone allows only creating.
 * - read: every query;
 * - create: createX, createReferencesForX, calculateTaxes (it records a calculation);
 * - write: updateX, activateX and deactivateX, addYToX and removeYFromX;
 * - delete: deleteX, deleteReferencesFromX.
 */
export const TAX_SCOPES: VerbScopes = {
  read: ['commerce.tax:read'],
  create: ['commerce.tax:create', 'commerce.tax:write'],
  write: ['commerce.tax:write'],
  delete: ['commerce.tax:delete'],
};
