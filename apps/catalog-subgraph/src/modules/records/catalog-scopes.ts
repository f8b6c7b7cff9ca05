import type { ScopeSet } from '@platform/graphql-subgraph';

/** The spec's catalog scopes: one for every query, one for every mutation. */
export const CATALOG_READ: ScopeSet = ['commerce.product:read'];
export const CATALOG_WRITE: ScopeSet = ['commerce.product:write'];
