import { resolveSubgraphOptions } from './subgraph.options';
import type { TenantSelector } from './tenant-selection';

const selector: TenantSelector = {
  select: () => ({ ok: true, tenantId: 't' }),
  hiddenMessage: 'the tenant named by x-tenant-id does not exist or this credential cannot use it',
};
const access = { useFactory: () => ({ check: async () => 'visible' as const }) };

describe('resolveSubgraphOptions', () => {
  it('turns the path and every alias path into Fastify routes', () => {
    const resolved = resolveSubgraphOptions({
      path: '/v2/tenants/{tenantId}/x-subgraph',
      aliasPaths: ['/v1/x-public-subgraph'],
      tenantSelection: selector,
      tenantAccess: access,
    });
    expect(resolved.routePath).toBe('/v2/tenants/:tenantId/x-subgraph');
    expect(resolved.aliasRoutePaths).toEqual(['/v1/x-public-subgraph']);
  });

  it('refuses a malformed alias path', () => {
    expect(() =>
      resolveSubgraphOptions({
        path: '/v1/x',
        aliasPaths: ['no-slash'],
        tenantSelection: selector,
        tenantAccess: access,
      }),
    ).toThrow('path "no-slash"');
  });
});
