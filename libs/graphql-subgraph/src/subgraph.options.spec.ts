import { resolveSubgraphOptions } from './subgraph.options';
import type { StoreSelector } from './store-selection';

const selector: StoreSelector = { select: () => ({ ok: true, storeId: 's' }) };
const access = { useFactory: () => ({ check: async () => 'visible' as const }) };

describe('resolveSubgraphOptions', () => {
  it('turns the path and every alias path into Fastify routes', () => {
    const resolved = resolveSubgraphOptions({
      path: '/v2/commerce/stores/{storeId}/x-subgraph',
      aliasPaths: ['/v1/commerce/x-storefront-subgraph'],
      storeSelection: selector,
      storeAccess: access,
    });
    expect(resolved.routePath).toBe('/v2/commerce/stores/:storeId/x-subgraph');
    expect(resolved.aliasRoutePaths).toEqual(['/v1/commerce/x-storefront-subgraph']);
  });

  it('refuses a malformed alias path', () => {
    expect(() =>
      resolveSubgraphOptions({
        path: '/v1/x',
        aliasPaths: ['no-slash'],
        storeSelection: selector,
        storeAccess: access,
      }),
    ).toThrow('path "no-slash"');
  });
});
