import type { Principal } from '@platform/auth';
import { Errors } from '@platform/errors';
import { Scope, hasAnyScope } from '@platform/scopes';

/**
 * Nest does not run guards on @ResolveReference methods (checked: the global AuthGuard never sees
 * `_entities`), so @RequiresScopes there would be decoration only. Reference resolvers call this
 * instead: the same any-of rule and the same FORBIDDEN error as the guard.
 */
export function assertReferenceScope(principal: Principal, scope: Scope): void {
  if (!hasAnyScope(principal.scopes, [scope])) {
    throw Errors.forbidden(`this operation requires one of the scopes: ${scope}`);
  }
}
