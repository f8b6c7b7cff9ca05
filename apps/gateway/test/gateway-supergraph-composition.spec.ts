import { composeSupergraph } from '../src/modules/graphql/supergraph-composition';

const link =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])';

const products = `
  ${link}
  type Query { products: [Product!]! }
  type Product @key(fields: "id") { id: ID! name: String! }
`;
const reviews = `
  ${link}
  type Query { reviews: [Review!]! }
  type Review { id: ID! product: Product! stars: Int! }
  type Product @key(fields: "id") { id: ID! reviewCount: Int! }
`;

describe('composeSupergraph (build-time composition)', () => {
  it('composes two subgraphs into a supergraph naming both with their routing URLs', () => {
    const result = composeSupergraph([
      {
        name: 'products',
        url: 'http://127.0.0.1:3003/v2/commerce/stores/{storeId}/catalog-subgraph',
        sdl: products,
      },
      { name: 'reviews', url: 'http://127.0.0.1:3002/v1/commerce/order-subgraph', sdl: reviews },
    ]);
    if (!result.ok) throw new Error(result.errors.join('\n'));
    expect(result.supergraphSdl).toContain('@link(url: "https://specs.apollo.dev/join/v0.');
    expect(result.supergraphSdl).toMatch(
      /PRODUCTS @join__graph\(name: "products", url: "http:\/\/127\.0\.0\.1:3003\/v2\/commerce\/stores\/\{storeId\}\/catalog-subgraph"\)/,
    );
    expect(result.supergraphSdl).toMatch(
      /REVIEWS @join__graph\(name: "reviews", url: "http:\/\/127\.0\.0\.1:3002\/v1\/commerce\/order-subgraph"\)/,
    );
    expect(result.supergraphSdl).toMatch(/type Product[\s\S]*name: String![\s\S]*reviewCount: Int!/);
  });

  it('reports a composition error (incompatible field types) instead of a supergraph', () => {
    const conflicting = `
      ${link}
      type Query { other: Product }
      type Product @key(fields: "id") { id: ID! name: Int! @shareable }
    `;
    const result = composeSupergraph([
      {
        name: 'products',
        url: 'http://a',
        sdl: products.replace('name: String!', 'name: String! @shareable'),
      },
      { name: 'other', url: 'http://b', sdl: conflicting },
    ]);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.join('\n')).toMatch(/FIELD_TYPE_MISMATCH/);
    expect(result.errors.join('\n')).toMatch(/Product\.name/);
  });

  it('reports an SDL syntax error with the subgraph name', () => {
    const result = composeSupergraph([{ name: 'broken', url: 'http://a', sdl: 'type Query { oops: }' }]);
    expect(result).toEqual({ ok: false, errors: [expect.stringMatching(/^broken: .*Syntax Error/)] });
  });

  it('refuses to compose nothing', () => {
    expect(composeSupergraph([])).toEqual({ ok: false, errors: ['no subgraphs to compose'] });
  });
});
