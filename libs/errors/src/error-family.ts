import { PlatformError } from './platform-error';
import { toCommerceError, toDomainsError, toShoppingError } from './shapes';

/** The error shapes of the spec; each REST service speaks one (docs/errors.md). */
export type ErrorFamily = 'commerce' | 'domains' | 'shopping';

/**
 * Nest token of the app's ErrorFamily (ServiceKitModule provides it; the gateway its own), for the
 * HTTP plumbing that answers before Nest's exception filters (libs/service-kit framework errors).
 */
export const ERROR_FAMILY = Symbol('ERROR_FAMILY');

/**
 * The app's ErrorFamily, for HTTP plumbing outside Nest's filters (framework errors, the queue
 * dashboard): `get` looks ERROR_FAMILY up across the app (Nest's `app.get` or `moduleRef.get` with
 * `strict: false`, which throws when no module provides it); `domains` then.
 */
export function errorFamilyOf(get: (token: symbol) => unknown): ErrorFamily {
  try {
    return get(ERROR_FAMILY) as ErrorFamily;
  } catch {
    return 'domains';
  }
}

export function renderErrorBody(family: ErrorFamily, err: PlatformError, requestId: string): object {
  switch (family) {
    case 'commerce':
      return toCommerceError(err, requestId);
    case 'domains':
      return toDomainsError(err);
    case 'shopping':
      return toShoppingError(err);
    default:
      return assertNever(family);
  }
}

export function assertNever(value: never): never {
  throw new Error(`unhandled case: ${String(value)}`);
}
