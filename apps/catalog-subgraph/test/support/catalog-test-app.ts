import type { Scope } from '@platform/scopes';
import { SubgraphTestApp, WorkerHarness, startSubgraphTestApp, startWorkerHarness } from '@platform/testing';
import { loadCatalogWorkerConfig } from '../../src/config/catalog-worker.config';
import { CATALOG_BODY_LIMIT } from '../../src/modules/bulk/bulk-limits';
import { CatalogWorkerModule } from '../../src/worker.module';
import { CatalogAppModule } from '../../src/app.module';
import { loadCatalogConfig } from '../../src/config/catalog.config';

export { dataOf, defaultsOf } from '@platform/testing';
export type { GqlOptions, GraphQLBody } from '@platform/testing';

export const ALL_CATALOG_SCOPES: Scope[] = ['commerce.product:read', 'commerce.product:write'];

export type CatalogTestApp = SubgraphTestApp;

/** A Relay connection of `T` as the subgraph answers it (edges, nodes, pageInfo, totalCount). */
export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
  totalCount: number;
}

/**
 * A selection of a kind's fields on a node of its lists: a kind the public graph returns inside a
 * union (an option is a `ListOption` of the `Option` union) needs an inline fragment.
 */
export function nodeSelection(def: { modelName?: string; union?: unknown }, fields: string): string {
  return def.union && def.modelName ? `... on ${def.modelName} { ${fields} }` : fields;
}

/** The catalog subgraph for one suite (libs/testing startSubgraphTestApp). */
export function startCatalogTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<CatalogTestApp> {
  return startSubgraphTestApp(
    {
      title: 'Catalog subgraph',
      loadConfig: loadCatalogConfig,
      module: (config) => CatalogAppModule.forRoot(config),
      path: (storeId) => `/v2/commerce/stores/${storeId}/catalog-subgraph`,
      scopes: ALL_CATALOG_SCOPES,
      bodyLimit: CATALOG_BODY_LIMIT,
    },
    label,
    overrides,
  );
}

/** The catalog worker as worker.ts boots it, in-process on the suite's database and Redis prefix. */
export function startCatalogWorker(
  catalog: CatalogTestApp,
  processor: Parameters<typeof startWorkerHarness>[1],
): Promise<WorkerHarness> {
  return startWorkerHarness(
    CatalogWorkerModule.forRoot(loadCatalogWorkerConfig({ ...catalog.env.env, PORT: '0' })),
    processor,
    'Catalog worker',
  );
}
