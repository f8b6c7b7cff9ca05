import type { SubgraphRequest } from './subgraph-context';

/** Which store an operation addresses, or why none could be taken from the request. */
export type StoreSelection =
  | {
      readonly ok: true;
      /** The store the operation works on. */
      readonly storeId: string;
    }
  | {
      readonly ok: false;
      readonly failure: 'missing' | 'invalid';
      /** Safe to show the caller: names the input, never internals. */
      readonly message: string;
    };

/**
 * The port through which the lib learns, once per operation that needs a store (after the
 * limits, before the StoreAccessChecker), which store the request addresses; the app supplies it
 * (`SubgraphModuleOptions.storeSelection`). A failure ends the operation with
 * `storeErrorCodes[failure]` and the selection's message, HTTP 200, without data.
 */
export interface StoreSelector {
  select(request: SubgraphRequest): StoreSelection;
  /** Throws at start-up when `path` (SubgraphModuleOptions.path, `{param}` notation) does not suit this selector. */
  checkPath?(path: string): void;
}

/** The `extensions.code` of the two store failures; the tax subgraph uses AUTHENTICATION_ERROR for both. */
export interface StoreErrorCodes {
  /** No store named (spec: UNAUTHENTICATED, HTTP 200). */
  readonly missing: 'UNAUTHENTICATED' | 'AUTHENTICATION_ERROR';
  /** A malformed store id, or a store the caller cannot see (spec: INTERNAL_SERVER_ERROR, HTTP 200). */
  readonly invalid: 'INTERNAL_SERVER_ERROR' | 'AUTHENTICATION_ERROR';
}

export const DEFAULT_STORE_ERROR_CODES: StoreErrorCodes = {
  missing: 'UNAUTHENTICATED',
  invalid: 'INTERNAL_SERVER_ERROR',
};
