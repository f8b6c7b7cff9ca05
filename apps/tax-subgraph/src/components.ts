import { nestComponent } from '@platform/service-kit';
import { TaxAppModule } from './app.module';
import { loadTaxConfig } from './config/tax.config';

/** The API of tax-subgraph: `apps/tax-subgraph/src/main.ts` runs it alone. */
export const taxSubgraphService = nestComponent({
  name: 'tax-subgraph',
  kind: 'service',
  loadConfig: loadTaxConfig,
  platformConfig: (config) => config.platform,
  module: (config) => TaxAppModule.forRoot(config),
  app: {
    title: 'Tax subgraph',
    description:
      'POST /v2/commerce/stores/{storeId}/tax-subgraph: taxes, rates, classifications (GraphQL, Apollo Federation 2)',
  },
});
