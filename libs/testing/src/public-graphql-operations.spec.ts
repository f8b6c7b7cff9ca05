import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkPublicOperations,
  loadSubgraphSchema,
  publicOperationDocument,
  readPublicGraphqlOperations,
  summarizePublicOperations,
  type PublicGraphqlOperation,
} from './public-graphql-operations';

const SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable"])

type Widget @key(fields: "id") { id: ID! name: String! }
enum Colour { RED BLUE }
input WidgetInput { name: String! }
input WidgetFilter { eq: String }

type Query {
  widget(id: ID!): Widget
  widgets(first: Int, name: WidgetFilter): [Widget!]!
  colour: Colour
  legacyWidget(id: ID!): Widget @deprecated(reason: "Use widget")
}

type Mutation {
  createWidget(input: WidgetInput!): Widget
  deleteWidget(id: ID!): Boolean
  renameWidget(id: ID!, name: String!): Widget
}
`;

function op(
  partial: Partial<PublicGraphqlOperation> & Pick<PublicGraphqlOperation, 'name'>,
): PublicGraphqlOperation {
  return { kind: 'query', returnType: 'Widget', deprecated: false, args: [], ...partial };
}

const INVENTORY: PublicGraphqlOperation[] = [
  op({ name: 'widget', args: [{ name: 'id', type: 'ID!', required: true }] }),
  op({ name: 'widgets', returnType: '[Widget!]', args: [{ name: 'first', type: 'Int', required: false }] }),
  op({ name: 'colour', returnType: 'Colour' }),
  op({ name: 'legacyWidget', deprecated: true, args: [{ name: 'id', type: 'ID!', required: true }] }),
  op({ name: 'gadget', args: [{ name: 'id', type: 'ID!', required: true }] }),
  op({
    name: 'createWidget',
    kind: 'mutation',
    args: [{ name: 'input', type: 'MutationCreateWidgetInput!', required: true }],
  }),
  op({ name: 'deleteWidget', kind: 'mutation', args: [{ name: 'id', type: 'ID!', required: true }] }),
  op({ name: 'renameWidget', kind: 'mutation', args: [{ name: 'id', type: 'ID', required: false }] }),
];

describe('public GraphQL operations harness', () => {
  let dir: string;
  let sdlFile: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'public-ops-'));
    sdlFile = join(dir, 'schema.graphql');
    writeFileSync(sdlFile, SDL);
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds the document a client sends: one typed variable per argument and the smallest selection', () => {
    const schema = loadSubgraphSchema(sdlFile);
    expect(publicOperationDocument(INVENTORY[0], schema)).toBe(
      'query widget($id: ID!) { widget(id: $id) { __typename } }',
    );
    expect(publicOperationDocument(INVENTORY[2], schema)).toBe('query colour { colour }');
    expect(
      publicOperationDocument(op({ name: 'removeIt', kind: 'mutation', returnType: 'Null' }), schema),
    ).toBe('mutation removeIt { removeIt }');
    // A type our schema does not know is taken for an object.
    expect(publicOperationDocument(INVENTORY[4], schema)).toContain('{ __typename }');
  });

  it('matches by name and by signature, and compares the return kind', () => {
    const checks = checkPublicOperations(INVENTORY, loadSubgraphSchema(sdlFile));
    const byName = Object.fromEntries(checks.map((c) => [c.name, c]));

    expect(byName.widget).toMatchObject({
      byName: true,
      bySignature: true,
      errors: [],
      returnKindMatches: true,
    });
    expect(byName.widgets).toMatchObject({
      byName: true,
      bySignature: true,
      publicReturn: { list: true, kind: 'OBJECT' },
      ourReturn: { list: true, kind: 'OBJECT' },
      returnKindMatches: true,
    });
    expect(byName.colour).toMatchObject({ bySignature: true, publicReturn: { list: false, kind: 'ENUM' } });
    expect(byName.legacyWidget).toMatchObject({ deprecated: true, deprecatedHere: true, bySignature: true });

    expect(byName.gadget).toMatchObject({ byName: false, bySignature: false, ourReturn: undefined });
    expect(byName.gadget.errors[0]).toMatch(/^Cannot query field "gadget" on type "Query"\./);

    expect(byName.createWidget).toMatchObject({ byName: true, bySignature: false });
    expect(byName.createWidget.errors[0]).toBe('Unknown type "MutationCreateWidgetInput".');

    // Ours returns a scalar where theirs returns the object: the selection is refused.
    expect(byName.deleteWidget).toMatchObject({
      byName: true,
      bySignature: false,
      ourReturn: { list: false, kind: 'SCALAR' },
      returnKindMatches: false,
    });
    expect(byName.deleteWidget.errors[0]).toMatch(/must not have a selection/);

    // Their optional id into our required one, and our required name they do not send.
    expect(byName.renameWidget.errors).toEqual([
      'Field "renameWidget" argument "name" of type "String!" is required, but it was not provided.',
      'Variable "$id" of type "ID" used in position expecting type "ID!".',
    ]);
  });

  it('counts by kind, current and deprecated', () => {
    const summary = summarizePublicOperations(checkPublicOperations(INVENTORY, loadSubgraphSchema(sdlFile)));
    expect(summary).toEqual({
      all: { total: 8, byName: 7, bySignature: 4 },
      queries: {
        current: { total: 4, byName: 3, bySignature: 3 },
        deprecated: { total: 1, byName: 1, bySignature: 1 },
      },
      mutations: {
        current: { total: 3, byName: 3, bySignature: 0 },
        deprecated: { total: 0, byName: 0, bySignature: 0 },
      },
    });
  });

  it('reads the operations of an inventory file and checks its operationCount', () => {
    const file = join(dir, 'inventory.json');
    const inventory = (count: number) => ({
      name: 'widgets',
      endpoints: [
        { operationId: 'rest', path: '/widgets' },
        { operationId: 'gql', path: '/graphql', graphql: { operationCount: count, operations: INVENTORY } },
      ],
    });
    writeFileSync(file, JSON.stringify(inventory(INVENTORY.length)));
    expect(readPublicGraphqlOperations(file).map((o) => o.name)).toEqual(INVENTORY.map((o) => o.name));
    writeFileSync(file, JSON.stringify(inventory(9)));
    expect(() => readPublicGraphqlOperations(file)).toThrow('8 operations, operationCount 9');
  });
});
