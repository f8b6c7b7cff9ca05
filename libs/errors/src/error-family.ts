import { PlatformError } from './platform-error';
import { toCommerceError, toDomainsError } from './shapes';

/** The error shapes of the spec; each REST service speaks one (docs/errors.md). */
export type ErrorFamily = 'commerce' | 'domains';

/**
 * Nest token of the app's ErrorFamily (ServiceKitModule provides it; the gateway its own), for the
 * HTTP plumbing that answers before Nest's exception filters (libs/service-kit framework errors).
 */
export const ERROR_FAMILY = Symbol('ERROR_FAMILY');

export function renderErrorBody(family: ErrorFamily, err: PlatformError, requestId: string): object {
  switch (family) {
    case 'commerce':
      return toCommerceError(err, requestId);
    case 'domains':
      return toDomainsError(err);
    default:
      return assertNever(family);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}
