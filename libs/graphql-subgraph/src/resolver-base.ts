import type { Scope } from '@platform/scopes';

/** What the resolver factories return: an abstract @Resolver class the app extends with `@Resolver(() => Model)`. */
export type ResolverBase = abstract new (...args: never[]) => object;

/** A non-empty any-of scope list, as @RequiresScopes takes it. */
export type ScopeSet = readonly [Scope, ...Scope[]];
