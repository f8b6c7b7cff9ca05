import type { Scope } from '@platform/scopes';
import { SubgraphTestApp, startSubgraphTestApp } from '@platform/testing';
import { TaxAppModule } from '../../src/app.module';
import { loadTaxConfig } from '../../src/config/tax.config';

export { dataOf, defaultsOf } from '@platform/testing';
export type { GqlOptions, GraphQLBody } from '@platform/testing';

export const ALL_TAX_SCOPES: Scope[] = [
  'commerce.tax:read',
  'commerce.tax:create',
  'commerce.tax:write',
  'commerce.tax:delete',
];

export type TaxTestApp = SubgraphTestApp;

/** The tax subgraph for one suite (libs/testing startSubgraphTestApp). */
export function startTaxTestApp(label: string, overrides: Record<string, string> = {}): Promise<TaxTestApp> {
  return startSubgraphTestApp(
    {
      title: 'Tax subgraph',
      loadConfig: loadTaxConfig,
      module: (config) => TaxAppModule.forRoot(config),
      path: (storeId) => `/v2/commerce/stores/${storeId}/tax-subgraph`,
      scopes: ALL_TAX_SCOPES,
    },
    label,
    overrides,
  );
}
