import { isUuid } from '@platform/ids';

/**
 * Which store a subgraph request addresses, from the `x-store-id` header and (for path-scoped
 * subgraphs) the `{storeId}` path segment. Pure: no Nest, no I/O (docs/graphql.md, "Store selection").
 */

/** `header`: the order subgraph (no path segment). `path-and-header`: catalog and tax. */
export type StoreSelectionMode = 'header' | 'path-and-header';

/** The `extensions.code` of the two store failures; the tax subgraph uses AUTHENTICATION_ERROR for both. */
export interface StoreErrorCodes {
  /** No x-store-id header (spec: UNAUTHENTICATED, HTTP 200). */
  readonly missing: 'UNAUTHENTICATED' | 'AUTHENTICATION_ERROR';
  /** A header (or path segment) that is not a uuid, or a store the caller cannot see (spec: INTERNAL_SERVER_ERROR, HTTP 200). */
  readonly invalid: 'INTERNAL_SERVER_ERROR' | 'AUTHENTICATION_ERROR';
}

export const DEFAULT_STORE_ERROR_CODES: StoreErrorCodes = {
  missing: 'UNAUTHENTICATED',
  invalid: 'INTERNAL_SERVER_ERROR',
};

export type StoreSelection =
  | {
      readonly ok: true;
      /** The store the request works on: always the header's (lower-cased). */
      readonly storeId: string;
      /** True when a path segment named another store and the header won. */
      readonly pathOverridden: boolean;
    }
  | {
      readonly ok: false;
      readonly failure: 'missing' | 'invalid';
      /** Safe to show the caller: names the input, never internals. */
      readonly message: string;
    };

// The platform's one uuid check; exported here too, as subgraphs have always imported it from this lib.
export { isUuid };

/**
 * The spec's rule: `x-store-id` is required (a uuid); a path-scoped subgraph also takes the
 * path's `{storeId}` (a uuid), and when both name a store and they differ, the header wins.
 */
export function selectStore(
  mode: StoreSelectionMode,
  header: string | readonly string[] | undefined,
  pathStoreId: string | undefined,
): StoreSelection {
  if (header === undefined || (typeof header === 'string' && header.trim() === '')) {
    return {
      ok: false,
      failure: 'missing',
      message: 'this operation needs a store: send its id in the x-store-id header',
    };
  }
  if (typeof header !== 'string') {
    return { ok: false, failure: 'invalid', message: 'send exactly one x-store-id header' };
  }
  const storeId = header.trim();
  if (!isUuid(storeId)) {
    return { ok: false, failure: 'invalid', message: 'the x-store-id header must be a store id (uuid)' };
  }
  if (mode === 'header') return { ok: true, storeId: storeId.toLowerCase(), pathOverridden: false };
  const fromPath = (pathStoreId ?? '').trim();
  if (!isUuid(fromPath)) {
    return { ok: false, failure: 'invalid', message: 'the {storeId} path segment must be a store id (uuid)' };
  }
  return {
    ok: true,
    storeId: storeId.toLowerCase(),
    pathOverridden: fromPath.toLowerCase() !== storeId.toLowerCase(),
  };
}
