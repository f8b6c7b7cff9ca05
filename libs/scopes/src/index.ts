export { PUBLIC_ROUTE, SCOPES, hasAnyScope, isScope, parseScopeList } from './scope-catalog';
export type { Scope } from './scope-catalog';
