/**
 * Every scope a personal access token may carry: the spec's Authentication table, the earlier
 * hosting namespace, and the scopes ARCHITECTURE.md §6 fixes where the spec names none.
 * A typed constant, so `@RequiresScopes('commerce.store:raed')` fails to compile.
 */
export const SCOPES = [
  // Commerce (spec: Authentication)
  'commerce.store:read',
  'commerce.store:update',
  'commerce.channel:read',
  'commerce.customer:read',
  'commerce.customer:create',
  'commerce.customer:update',
  'commerce.product:read',
  'commerce.product:write',
  'commerce.order:read',
  'commerce.order:create',
  'commerce.order:update',
  'commerce.order:cancel',
  'commerce.order:complete',
  'commerce.order:archive',
  'commerce.tax:read',
  'commerce.tax:create',
  'commerce.tax:write',
  'commerce.tax:delete',
  'commerce.transaction:read',
  // Hosting (/v1/hosting)
  'hosting.application:read',
  'hosting.application:create',
  'hosting.application:update',
  'hosting.application:delete',
  'hosting.source:write',
  'hosting.deployment:execute',
  'hosting.secret:write',
  'hosting.log:read',
  // Hosting, earlier namespace (/v1/hosting/nodejs)
  'hosting.paas.apps:read',
  'hosting.paas.apps:create',
  'hosting.paas.apps:update',
  'hosting.paas.apps:delete',
  'hosting.paas.code:write',
  'hosting.paas.deploy:execute',
  'hosting.paas.secrets:write',
  'hosting.paas.logs:read',
  // Mailboxes, agent registry (ARCHITECTURE.md §6)
  'email.mailbox:read',
  'email.mailbox:create',
  'agents.agent:read',
  'agents.agent:revoke',
  'agents.event:read',
  // Domains (ARCHITECTURE.md §6): purchase, renew and transfer need domains.domain:create
  'domains.domain:read',
  'domains.domain:create',
  'domains.dns:read',
  'domains.dns:write',
  // Shopping API (ARCHITECTURE.md §8; GoDaddy's Shopping API scopes)
  'shopping.catalog:read',
  'shopping.checkout:execute',
  'shopping.order:read',
] as const;

export type Scope = (typeof SCOPES)[number];

const KNOWN = new Set<string>(SCOPES);

export function isScope(value: string): value is Scope {
  return KNOWN.has(value);
}

/** The spec's rule: a token needs at least one of the scopes listed for the operation. */
export function hasAnyScope(granted: readonly string[], required: readonly Scope[]): boolean {
  if (required.length === 0) return true;
  return required.some((scope) => granted.includes(scope));
}

/** Splits "a,b, c" into validated scopes; returns the unknown ones separately. */
export function parseScopeList(raw: string): { scopes: Scope[]; unknown: string[] } {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const scopes = [...new Set(items.filter(isScope))];
  const unknown = items.filter((s) => !isScope(s));
  return { scopes, unknown };
}

/**
 * Route metadata key that marks a handler public (no credential needed: health, metrics, docs).
 * The auth guard denies by default; a public route opts out visibly with this marker.
 */
export const PUBLIC_ROUTE = 'platform:public-route';
