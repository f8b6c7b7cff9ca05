import { FragmentDefinitionNode, Kind, OperationDefinitionNode, buildSchema, parse } from 'graphql';
import { DEFAULT_QUERY_LIMITS, isSchemaOnlyOperation, measureOperation } from './query-limits';

const schema = buildSchema(`
  type Query {
    rate(id: ID!): Rate
    rates(first: Int, last: Int, after: String, before: String): RateConnection!
    tags: [String!]!
    _service: Service!
  }
  type Service { sdl: String }
  type RateConnection { edges: [RateEdge!]! }
  type RateEdge { cursor: String! node: Rate! }
  type Rate { id: ID! label: String! jurisdiction: Jurisdiction }
  type Jurisdiction { id: ID! name: String! rates(first: Int): RateConnection! }
`);

function measure(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = document.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  if (!operation) throw new Error('no operation');
  return {
    ...measureOperation(schema, operation, fragments, variables, DEFAULT_QUERY_LIMITS),
    schemaOnly: isSchemaOnlyOperation(operation, fragments),
  };
}

// Every pinned cost below is the fields' points plus FETCH per fetching field (a root field, or a
// field that takes first/last): the fetch charge came with issue 27 (docs/graphql.md, "Limits"),
// and each number that had none before gained exactly its fetches × 75.
const FETCH = DEFAULT_QUERY_LIMITS.fetchCost;

describe('measureOperation', () => {
  it('counts one point per scalar field, one fetch for the root field, and nesting from 1 at the root', () => {
    expect(measure('{ rate(id: "1") { id label } }')).toMatchObject({
      depth: 2,
      complexity: 3 + FETCH,
      fetches: 1,
    });
  });

  it('multiplies a connection page by first, without counting edges twice', () => {
    // rates: 1 + 50 × (edges: 1 + 1 × (node: 1 + 2)), one fetch: 276, the docs' example.
    expect(measure('{ rates(first: 50) { edges { node { id label } } } }')).toMatchObject({
      depth: 4,
      complexity: 1 + 50 * (1 + (1 + 2)) + FETCH,
    });
    expect(FETCH).toBe(75);
  });

  it('reads first and last from variables', () => {
    const query = 'query($n: Int) { rates(last: $n) { edges { cursor } } }';
    expect(measure(query, { n: 10 }).complexity).toBe(1 + 10 * 2 + FETCH);
  });

  it('assumes the default list size for a list field without paging arguments', () => {
    expect(measure('{ tags }').complexity).toBe(1 + DEFAULT_QUERY_LIMITS.defaultListSize * 0 + FETCH);
    // `rates` takes first/last: a fetch even when the client gives neither (its default page).
    expect(measure('{ rates { edges { cursor } } }').complexity).toBe(1 + 1 * (1 + 20 * 1) + FETCH);
  });

  it('follows fragments and inline fragments for depth and cost', () => {
    const query = `
      { rate(id: "1") { ...R } }
      fragment R on Rate { id jurisdiction { ... on Jurisdiction { name } } }
    `;
    expect(measure(query)).toMatchObject({ depth: 3, complexity: 1 + (1 + (1 + 1)) + FETCH });
  });

  it('charges a nested page’s fetch once, not once per parent (relations are batched per request)', () => {
    // 50 rates' jurisdictions' rates(first: 10) are one batched statement, not 50.
    const query =
      '{ rates(first: 50) { edges { node { jurisdiction { rates(first: 10) { edges { cursor } } } } } } }';
    const inner = 1 + 10 * (1 + 1);
    expect(measure(query)).toMatchObject({
      complexity: 1 + 50 * (1 + (1 + (1 + inner))) + 2 * FETCH,
      fetches: 2,
    });
  });

  it('charges every aliased root field its own fetch: many small root lists are many statements', () => {
    const aliases = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `r${i}: rates(first: 1) { edges { cursor } }`).join(' ')} }`;
    expect(measure(aliases(1)).complexity).toBe(1 + 1 * 2 + FETCH);
    expect(measure(aliases(200))).toMatchObject({ complexity: 200 * (3 + FETCH), fetches: 200 });
  });

  it('grows with nesting through cycles in the schema', () => {
    const nested = (levels: number): string =>
      levels === 0 ? 'id' : `jurisdiction { rates(first: 2) { edges { node { ${nested(levels - 1)} } } } }`;
    expect(measure(`{ rate(id: "1") { ${nested(4)} } }`).depth).toBe(2 + 4 * 4);
  });

  it('ignores introspection fields and recognises schema-only operations', () => {
    expect(
      measure('{ __schema { types { name fields { name type { ofType { ofType { name } } } } } } }'),
    ).toEqual({
      depth: 0,
      complexity: 0,
      fetches: 0,
      schemaOnly: true,
    });
    expect(measure('{ _service { sdl } __typename }').schemaOnly).toBe(true);
    expect(measure('{ __typename rate(id: "1") { id } }').schemaOnly).toBe(false);
  });
});
