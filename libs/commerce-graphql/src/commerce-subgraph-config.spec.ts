import { loadCommerceSubgraphConfig } from './commerce-subgraph-config';

describe('loadCommerceSubgraphConfig (catalog, order and tax read their common variables here)', () => {
  it("takes the service's default port, commerce-rest's default URL and a 30 s store-access cache", () => {
    const config = loadCommerceSubgraphConfig('tax-subgraph', {});
    expect(config.platform).toMatchObject({ serviceName: 'tax-subgraph', port: 3004 });
    expect(config.commerceRestUrl).toBe('http://127.0.0.1:3001');
    expect(config.storeAccessCacheTtlSeconds).toBe(30);
    expect(config.graphqlDeadlineMs).toBe(10_000);
  });

  it('reads COMMERCE_REST_URL, STORE_ACCESS_CACHE_TTL_S, GRAPHQL_DEADLINE_MS and the platform variables', () => {
    const config = loadCommerceSubgraphConfig('catalog-subgraph', {
      COMMERCE_REST_URL: 'http://commerce-rest:3001',
      STORE_ACCESS_CACHE_TTL_S: '0',
      GRAPHQL_DEADLINE_MS: '25000',
      PORT: '4003',
    });
    expect(config).toMatchObject({
      platform: { serviceName: 'catalog-subgraph', port: 4003 },
      commerceRestUrl: 'http://commerce-rest:3001',
      storeAccessCacheTtlSeconds: 0,
      graphqlDeadlineMs: 25_000,
    });
  });

  it.each([
    ['STORE_ACCESS_CACHE_TTL_S', '3601'],
    ['STORE_ACCESS_CACHE_TTL_S', 'soon'],
    ['COMMERCE_REST_URL', 'not a url'],
    ['GRAPHQL_DEADLINE_MS', '999'],
    ['GRAPHQL_DEADLINE_MS', '30000'],
  ])('refuses a bad %s (%s) naming the variable', (name, value) => {
    expect(() => loadCommerceSubgraphConfig('order-subgraph', { [name]: value })).toThrow(name);
  });
});
