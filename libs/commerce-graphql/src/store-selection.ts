import type { TenantSelection, TenantSelector } from '@platform/graphql-subgraph';
import { isUuid } from '@platform/ids';

/**
 * Which store a commerce subgraph request addresses, from the `x-store-id` header and (for
 * path-scoped subgraphs) the `{storeId}` path segment (docs/graphql.md, "Store selection").
 */

/** `header`: the order subgraph (no path segment). `path-and-header`: catalog and tax. */
export type StoreSelectionMode = 'header' | 'path-and-header';

/**
 * The lib's TenantSelection in commerce terms: the tenant is a store, and a selected store also
 * tells whether a path segment named another one.
 */
export type CommerceStoreSelection =
  | {
      readonly ok: true;
      /** The store the operation works on: always the header's (lower-cased). */
      readonly storeId: string;
      /** True when a path segment named another store. */
      readonly pathOverridden: boolean;
    }
  | Extract<TenantSelection, { ok: false }>;

/** What the lib answers when commerce-rest calls the selected store hidden (code `tenantErrorCodes.invalid`). */
const HIDDEN_STORE_MESSAGE = 'the store named by x-store-id does not exist or this credential cannot use it';

/**
 * The spec's rule, pure (no Nest, no I/O): `x-store-id` is required (a uuid); a path-scoped
 * subgraph also takes the path's `{storeId}` (a uuid), and when both name a store and they differ,
 * the header wins.
 */
export function selectStore(
  mode: StoreSelectionMode,
  header: string | readonly string[] | undefined,
  pathStoreId: string | undefined,
): CommerceStoreSelection {
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

/**
 * The commerce subgraphs' `tenantSelection`, whose tenant is the store: `selectStore` on the
 * request's `x-store-id` header and `{storeId}` path parameter; at start-up, a `path-and-header`
 * subgraph's path must have a `{storeId}` segment and a `header` subgraph's must not.
 */
export function commerceStoreSelection(mode: StoreSelectionMode): TenantSelector {
  return {
    select(request) {
      const params = (request.params ?? {}) as Record<string, string | undefined>;
      const selection = selectStore(mode, request.headers['x-store-id'], params.storeId);
      return selection.ok ? { ok: true, tenantId: selection.storeId } : selection;
    },
    hiddenMessage: HIDDEN_STORE_MESSAGE,
    checkPath(path) {
      const hasStoreParam = path.includes('{storeId}');
      if ((mode === 'path-and-header') !== hasStoreParam) {
        throw new Error(
          `SubgraphModule: tenantSelection "${mode}" ${hasStoreParam ? 'ignores' : 'needs'} a {storeId} path segment`,
        );
      }
    },
  };
}
