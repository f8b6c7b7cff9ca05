import type { RouteRow } from './route-rows';

/** One component of the platform as `PLATFORM_TARGETS` names it. */
export interface ComponentRef {
  /** `countries`, `hosting-worker`, `gateway`. */
  readonly name: string;
  /** The app it belongs to (`hosting` for `hosting-worker`). */
  readonly app: string;
  /** Its entry: `main` (a service's API, the gateway) or a worker's name. */
  readonly entry: string;
  readonly kind: 'service' | 'worker' | 'gateway';
}

export class TargetsError extends Error {}

/**
 * Every component of the route table, in its order: each service then its workers, the gateway
 * last (it fronts the others and checks their readiness).
 */
export function allComponents(rows: readonly RouteRow[]): ComponentRef[] {
  return [
    ...rows.flatMap((row): ComponentRef[] => [
      { name: row.service, app: row.service, entry: 'main', kind: 'service' },
      ...row.workers.map((worker): ComponentRef => ({
        name: `${row.service}-${worker.name}`,
        app: row.service,
        entry: worker.name,
        kind: 'worker',
      })),
    ]),
    { name: 'gateway', app: 'gateway', entry: 'main', kind: 'gateway' },
  ];
}

/**
 * `PLATFORM_TARGETS`: `all` (the default), `api` (the services and the gateway), `workers`, or a
 * comma-separated list of those words and component names (`countries,gateway`,
 * `api,hosting-worker`). The result keeps the route table's order; an unknown name is an error
 * that lists the known ones.
 */
export function selectTargets(raw: string | undefined, rows: readonly RouteRow[]): ComponentRef[] {
  const all = allComponents(rows);
  const words = (raw ?? 'all')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
  if (words.length === 0) throw new TargetsError('PLATFORM_TARGETS is empty: use all, api, workers or names');
  const chosen = new Set<string>();
  for (const word of words) {
    if (word === 'all') all.forEach((c) => chosen.add(c.name));
    else if (word === 'api') all.filter((c) => c.kind !== 'worker').forEach((c) => chosen.add(c.name));
    else if (word === 'workers') all.filter((c) => c.kind === 'worker').forEach((c) => chosen.add(c.name));
    else if (all.some((c) => c.name === word)) chosen.add(word);
    else
      throw new TargetsError(
        `PLATFORM_TARGETS names "${word}", which is not a component: use all, api, workers or ${all
          .map((c) => c.name)
          .join(', ')}`,
      );
  }
  return all.filter((c) => chosen.has(c.name));
}
