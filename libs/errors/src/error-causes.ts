/**
 * `error` and what it wraps, outermost first: each step follows TypeORM's `driverError`, the
 * standard `cause`, then GraphQL's `originalError`, at most `max` errors deep (a wrapper that
 * wraps itself cannot loop). The one walk of an error's causes for whoever asks "is this, deep
 * down, a timeout / a lost connection / a body too large".
 */
export function errorCauses(error: unknown, max = 6): object[] {
  const chain: object[] = [];
  let current: unknown = error;
  while (chain.length < max && current !== null && typeof current === 'object') {
    chain.push(current);
    const next = current as { driverError?: unknown; cause?: unknown; originalError?: unknown };
    current = next.driverError ?? next.cause ?? next.originalError;
  }
  return chain;
}
