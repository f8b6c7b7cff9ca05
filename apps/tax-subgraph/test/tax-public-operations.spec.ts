import { join } from 'node:path';
import { describeWithVendorData } from '@platform/testing';
import {
  checkPublicOperations,
  loadSubgraphSchema,
  readPublicGraphqlOperations,
  summarizePublicOperations,
} from '@platform/testing/contracts';

// Every operation of GoDaddy's public tax graph (../shared/vendor-tests/godaddy-graphql/taxes.json), sent as
// a client of that graph writes it, validates against our committed tax SDL: same names, argument
// names, argument types and required-ness, and a result of the same kind (docs/graphql.md,
// "Public operation compatibility").

const SDL_FILE = join(__dirname, '..', 'schema.graphql');

describeWithVendorData(
  'godaddy-graphql',
  'public tax graph operations against apps/tax-subgraph/schema.graphql',
  (godaddy) => {
    const operations = readPublicGraphqlOperations(godaddy.file('taxes.json'));
    const checks = checkPublicOperations(operations, loadSubgraphSchema(SDL_FILE));

    it('reads all 47 operations of the inventory', () => {
      expect(operations).toHaveLength(47);
      expect(new Set(operations.map((o) => o.name)).size).toBe(47);
    });

    it.each(checks.map((check) => [check.kind, check.name, check] as const))(
      '%s %s exists and accepts the public document',
      (_kind, _name, check) => {
        expect({ byName: check.byName, errors: check.errors }).toEqual({ byName: true, errors: [] });
        expect(check.bySignature).toBe(true);
        expect(check.returnKindMatches).toBe(true);
      },
    );

    it('matches 47 of 47 by name and by signature', () => {
      expect(summarizePublicOperations(checks).all).toEqual({ total: 47, byName: 47, bySignature: 47 });
    });
  },
);
