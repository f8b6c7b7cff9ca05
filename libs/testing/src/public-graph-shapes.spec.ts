import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema, graphqlSync, getIntrospectionQuery } from 'graphql';
import { checkPublicGraphShapes, loadPublicIntrospection } from './public-graph-shapes';

// The public graph a client was written against, and ours, which differs in every way the checker
// reports (and in ways it must let pass: type names, nullability of outputs, String for DateTime).
const PUBLIC_SDL = `
  scalar DateTime
  type Money { value: Float! currencyCode: String! }
  type Item { id: ID! name: String price: Money tags: [String!] parent: Item }
  type ItemEdge { cursor: String! node: Item }
  type ItemsConnection { edges: [ItemEdge] totalCount: Int! }
  type Shelf { id: ID! items(first: Int, after: String): ItemsConnection }
  enum Mode { SHIP PICKUP }
  input AddressInput { line1: String countryCode: String }
  input AddItemInput { shelfId: ID! name: String! quantity: Float! count: Int mode: Mode since: String address: AddressInput }
  type Query { shelf(id: ID!): Shelf item(id: ID!): Item }
  type Mutation { addItem(input: AddItemInput!): Item removeItem(id: ID!): Boolean }
`;

const OUR_SDL = `
  scalar DateTime
  type SimpleMoney { value: Int! currencyCode: String! }
  type Item { id: String! name: String! price: SimpleMoney tags: [String!]! parent: Item }
  type Shelf { id: String! items: [Item!]! }
  enum FulfilmentMode { SHIP }
  input AddressInput { line1: String countryCode: String! }
  input AddItemInput { shelfId: String! name: String! quantity: Int! count: Float mode: FulfilmentMode since: DateTime address: AddressInput colour: String! }
  type Query { shelf(id: ID!): Shelf item(id: ID!, version: Int!): Item }
  type Mutation { addItem(input: AddItemInput!): Item removeItem(id: ID!): Item }
`;

describe('public graph shapes checker', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'public-shapes-'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function publicSchemaFile(): string {
    const introspection = graphqlSync({ schema: buildSchema(PUBLIC_SDL), source: getIntrospectionQuery() });
    const file = join(dir, 'public.introspection.json');
    writeFileSync(file, JSON.stringify(introspection.data));
    return file;
  }

  it('reports, per public root operation, what a public client would send or select that ours refuses', () => {
    const checks = checkPublicGraphShapes(loadPublicIntrospection(publicSchemaFile()), buildSchema(OUR_SDL));
    const byOperation = Object.fromEntries(checks.map((c) => [`${c.kind} ${c.operation}`, c.errors]));

    expect(Object.keys(byOperation)).toEqual([
      'query shelf',
      'query item',
      'mutation addItem',
      'mutation removeItem',
    ]);
    // A relation that is a connection there and a list here; its arguments are missing too.
    expect(byOperation['query shelf']).toEqual([
      'Query.shelf → Shelf.items(first:): no such argument',
      'Query.shelf → Shelf.items(after:): no such argument',
      'Query.shelf → Shelf.items: public ItemsConnection, ours [Item!]! (list nesting differs)',
    ]);
    // Type names (Money/SimpleMoney), output nullability and the recursion through parent all pass.
    expect(byOperation['query item']).toEqual([
      'Query.item(version:): required here, absent from the public graph',
    ]);
    expect(byOperation['mutation addItem']).toEqual([
      'Mutation.addItem(input:) → AddItemInput.quantity: public Float!, ours Int!',
      'Mutation.addItem(input:) → AddItemInput.mode: enum FulfilmentMode lacks PICKUP',
      'Mutation.addItem(input:) → AddItemInput.address → AddressInput.countryCode: required here, optional in the public graph',
      'Mutation.addItem(input:) → AddItemInput.colour: required here, absent from the public graph',
    ]);
    expect(byOperation['mutation removeItem']).toEqual([
      'Mutation.removeItem: public leaf Boolean, ours object Item',
    ]);
  });

  it('accepts a schema that gives public clients everything they use', () => {
    const checks = checkPublicGraphShapes(
      loadPublicIntrospection(publicSchemaFile()),
      buildSchema(PUBLIC_SDL),
    );
    expect(checks.filter((c) => c.errors.length > 0)).toEqual([]);
  });

  it('reports a root field we lack', () => {
    const ours = buildSchema(OUR_SDL.replace(/removeItem\(id: ID!\): Item/, 'dropItem(id: ID!): Boolean'));
    const checks = checkPublicGraphShapes(loadPublicIntrospection(publicSchemaFile()), ours);
    expect(checks.find((c) => c.operation === 'removeItem')?.errors).toEqual([
      'Mutation.removeItem: no such field',
    ]);
  });
});
