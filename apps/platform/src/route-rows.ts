import { join } from 'node:path';

/** What the platform process needs of a row of the gateway's route table (apps/gateway/src/routes/route-table.ts). */
export interface RouteRow {
  readonly service: string;
  readonly urlEnv: string;
  readonly workers: readonly { readonly name: string; readonly port: number }[];
}

/**
 * The root the apps are loaded from: the repository in a test (TypeScript through Jest), or
 * dist/platform in the built process (scripts/build-platform.js keeps the repository's layout).
 */
export const COMPONENTS_ROOT = join(__dirname, '..', '..', '..');

/**
 * The route table, read where the gateway keeps it. Loaded by path, not imported: the platform
 * process composes the apps without depending on any of them at build time (an app imports libs
 * only; docs/single-mode.md).
 */
export function loadRouteTable(root = COMPONENTS_ROOT): readonly RouteRow[] {
  const table = require(join(root, 'apps', 'gateway', 'src', 'routes', 'route-table')) as {
    ROUTE_TABLE: readonly RouteRow[];
  };
  return table.ROUTE_TABLE;
}
