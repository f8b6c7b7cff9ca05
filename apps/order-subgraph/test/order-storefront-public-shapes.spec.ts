import { join } from 'node:path';
import { describeWithVendorData } from '@platform/testing';
import {
  checkPublicGraphShapes,
  loadPublicIntrospection,
  loadSubgraphSchema,
} from '@platform/testing/contracts';

// GoDaddy's public order storefront graph (../shared/vendor-tests/godaddy-graphql/
// orders-storefront.introspection.json: orderById and six mutations) against our committed order
// SDL, walked type by type (libs/testing/src/public-graph-shapes.ts): every field, argument, input
// field and enum value a storefront client can select or send must exist here with the same kind
// and list nesting. The same schema is served at /v1/commerce/order-storefront-subgraph.

const SDL_FILE = join(__dirname, '..', 'schema.graphql');

/** Operations allowed to differ still: none. */
const NOT_YET_MATCHING: Readonly<Record<string, string>> = {};

describeWithVendorData(
  'godaddy-graphql',
  'public order storefront graph shapes against apps/order-subgraph/schema.graphql',
  (godaddy) => {
    const checks = checkPublicGraphShapes(
      loadPublicIntrospection(godaddy.file('orders-storefront.introspection.json')),
      loadSubgraphSchema(SDL_FILE),
    );

    it('walks the public orderById and its six mutations', () => {
      expect(checks.map((c) => `${c.kind} ${c.operation}`).sort()).toEqual([
        'mutation addDraftOrder',
        'mutation addLineItemBySkuId',
        'mutation applyDiscountCodes',
        'mutation deleteLineItemById',
        'mutation updateDraftOrder',
        'mutation updateLineItemById',
        'query orderById',
      ]);
    });

    it('finds no difference in any operation', () => {
      const differing = checks
        .filter((c) => !(c.operation in NOT_YET_MATCHING) && c.errors.length > 0)
        .map((c) => `${c.operation}: ${c.errors.join('\n  ')}`);
      expect(differing).toEqual([]);
    });
  },
);
