import { PlatformError } from './platform-error';
import { toCommerceError, toDomainsError } from './shapes';

/** The error shapes of the spec; each REST service speaks one (docs/errors.md). */
export type ErrorFamily = 'commerce' | 'domains';

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
