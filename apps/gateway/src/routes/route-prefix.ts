import type { ServiceRoute } from './route-table';

/** One literal segment (`countries`, `order-subgraph`) or one path parameter (`{storeId}`). */
const SEGMENT = /^(?:[A-Za-z0-9._~-]+|\{[A-Za-z][A-Za-z0-9]*\})$/;

/**
 * The route table's prefix in Fastify's router syntax: a `{name}` segment (the spec's notation)
 * becomes `:name`. Literal prefixes are returned unchanged.
 */
export function toRouterPrefix(prefix: string): string {
  return prefix.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, ':$1');
}

/**
 * Throws when the table cannot be served as documented: every prefix absolute, without a
 * trailing slash, made of whole segments, and claimed by exactly one service.
 */
export function assertValidRouteTable(table: readonly ServiceRoute[]): void {
  const owner = new Map<string, string>();
  for (const route of table) {
    if (route.prefixes.length === 0) throw new Error(`route table: ${route.service} has no prefix`);
    const claims = [
      ...route.prefixes.map((prefix) => ({ prefix, by: route.service })),
      ...route.workers.flatMap((w) =>
        (w.prefixes ?? []).map((prefix) => ({ prefix, by: `${route.service}-${w.name}` })),
      ),
    ];
    for (const { prefix, by } of claims) {
      const segments = prefix.split('/').slice(1);
      if (!prefix.startsWith('/') || segments.length === 0 || !segments.every((s) => SEGMENT.test(s))) {
        throw new Error(
          `route table: ${by} prefix "${prefix}" must be /segment[/segment…] without a trailing slash`,
        );
      }
      const key = toRouterPrefix(prefix).replace(/:[A-Za-z0-9]+/g, ':');
      const previous = owner.get(key);
      if (previous) throw new Error(`route table: prefix "${prefix}" is claimed by ${previous} and ${by}`);
      owner.set(key, by);
    }
  }
}
