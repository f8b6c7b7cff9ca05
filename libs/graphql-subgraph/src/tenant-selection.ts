import type { SubgraphRequest } from './subgraph-context';

/** Which tenant an operation addresses, or why none could be taken from the request. */
export type TenantSelection =
  | {
      readonly ok: true;
      /** The tenant the operation works in. */
      readonly tenantId: string;
    }
  | {
      readonly ok: false;
      readonly failure: 'missing' | 'invalid';
      /** Safe to show the caller: names the input, never internals. */
      readonly message: string;
    };

/**
 * The port through which the lib learns, once per operation that needs a tenant (after the
 * limits, before the TenantAccessChecker), which tenant the request addresses; the app supplies it
 * (`SubgraphModuleOptions.tenantSelection`). A failure ends the operation with
 * `tenantErrorCodes[failure]` and the selection's message, HTTP 200, without data.
 */
export interface TenantSelector {
  select(request: SubgraphRequest): TenantSelection;
  /**
   * The message of a well-formed selection that the TenantAccessChecker calls hidden (code
   * `tenantErrorCodes.invalid`): it names how the request named the tenant, and never tells a
   * tenant that does not exist from one the caller may not use.
   */
  readonly hiddenMessage: string;
  /** Throws at start-up when `path` (SubgraphModuleOptions.path, `{param}` notation) does not suit this selector. */
  checkPath?(path: string): void;
}

/** The `extensions.code` of the two tenant failures; an app may answer AUTHENTICATION_ERROR for both. */
export interface TenantErrorCodes {
  /** No tenant named (spec: UNAUTHENTICATED, HTTP 200). */
  readonly missing: 'UNAUTHENTICATED' | 'AUTHENTICATION_ERROR';
  /** A malformed tenant id, or a tenant the caller cannot see (spec: INTERNAL_SERVER_ERROR, HTTP 200). */
  readonly invalid: 'INTERNAL_SERVER_ERROR' | 'AUTHENTICATION_ERROR';
}

export const DEFAULT_TENANT_ERROR_CODES: TenantErrorCodes = {
  missing: 'UNAUTHENTICATED',
  invalid: 'INTERNAL_SERVER_ERROR',
};
