import { readFileSync } from 'node:fs';
import { buildSubgraphSchema } from '@apollo/subgraph';
import {
  GraphQLError,
  GraphQLSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInterfaceType,
  isListType,
  isObjectType,
  isScalarType,
  isUnionType,
  parse,
  validate,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';

// Checks that operations written for a public GraphQL graph (GoDaddy's commerce graphs, described
// by the inventories in ../shared/vendor-tests/godaddy-graphql/) are accepted by one of our schemas: for each
// inventory operation it builds the document a client would send and validates it with graphql-js.

/** One argument of an inventory operation: `type` is a GraphQL type reference ("ID!", "[String!]"). */
export interface PublicGraphqlArgument {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly description?: string;
  readonly defaultValue?: unknown;
}

/** One root field of the public graph, as the inventory lists it (`endpoints[].graphql.operations[]`). */
export interface PublicGraphqlOperation {
  readonly name: string;
  readonly kind: 'query' | 'mutation';
  /** A type reference without nullability ("SKU", "[SKU!]", "Null"). */
  readonly returnType: string;
  readonly deprecated: boolean;
  readonly deprecationReason?: string;
  readonly description?: string;
  readonly args: readonly PublicGraphqlArgument[];
}

/** The inventory file form (catalog-products.json, taxes.json): HTTP endpoints, some of them GraphQL. */
export interface PublicGraphqlInventory {
  readonly name: string;
  readonly endpoints: ReadonlyArray<{
    readonly operationId: string;
    readonly path: string;
    readonly graphql?: {
      readonly schemaRef?: string;
      readonly operationCount: number;
      readonly operations: readonly PublicGraphqlOperation[];
    };
  }>;
}

/** What a return type is, list-ness apart: the kind of its named type, or UNKNOWN. */
export type ReturnTypeKind = 'SCALAR' | 'ENUM' | 'OBJECT' | 'INTERFACE' | 'UNION' | 'UNKNOWN';

export interface ReturnShape {
  readonly list: boolean;
  readonly kind: ReturnTypeKind;
}

export interface PublicOperationCheck {
  readonly name: string;
  readonly kind: 'query' | 'mutation';
  readonly deprecated: boolean;
  /** The root field exists on our Query (queries) or Mutation (mutations) type. */
  readonly byName: boolean;
  /** The document built from the inventory entry validates against our schema. */
  readonly bySignature: boolean;
  /** Our field is deprecated too (undefined when it does not exist). */
  readonly deprecatedHere?: boolean;
  /** The public return type's shape; kind UNKNOWN when neither a built-in nor a type of our schema. */
  readonly publicReturn: ReturnShape;
  /** Our field's return type's shape (undefined when the field does not exist). */
  readonly ourReturn?: ReturnShape;
  /** Same list-ness and kind; undefined when either side is unknown. */
  readonly returnKindMatches?: boolean;
  readonly document: string;
  /** graphql-js validation messages, in its order. */
  readonly errors: readonly string[];
}

export interface PublicOperationCounts {
  readonly total: number;
  readonly byName: number;
  readonly bySignature: number;
}

export interface PublicOperationSummary {
  readonly all: PublicOperationCounts;
  readonly queries: { readonly current: PublicOperationCounts; readonly deprecated: PublicOperationCounts };
  readonly mutations: { readonly current: PublicOperationCounts; readonly deprecated: PublicOperationCounts };
}

const BUILT_IN_SCALARS = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

/**
 * Return types the inventories use that are leaves in the public graph although our schema may
 * not have them: the catalog inventory's `Null` (a mutation that returns nothing).
 */
export const PUBLIC_LEAF_TYPES: readonly string[] = ['Null'];

/** Every GraphQL operation of an inventory file, in file order; checks each endpoint's operationCount. */
export function readPublicGraphqlOperations(file: string): PublicGraphqlOperation[] {
  const inventory = JSON.parse(readFileSync(file, 'utf8')) as PublicGraphqlInventory;
  const operations: PublicGraphqlOperation[] = [];
  for (const endpoint of inventory.endpoints) {
    if (!endpoint.graphql) continue;
    const { operationCount, operations: listed } = endpoint.graphql;
    if (listed.length !== operationCount) {
      throw new Error(
        `${file} ${endpoint.operationId}: ${listed.length} operations, operationCount ${operationCount}`,
      );
    }
    operations.push(...listed);
  }
  return operations;
}

/**
 * The schema a federation subgraph serves, from its committed SDL (`extend schema @link(…)`,
 * `@key`, `@shareable`…): `buildSubgraphSchema` adds the federation definitions those need.
 */
export function loadSubgraphSchema(sdlFile: string): GraphQLSchema {
  return buildSubgraphSchema(parse(readFileSync(sdlFile, 'utf8')));
}

/** Strips `!` and `[]` from a type reference: "[SKU!]!" gives "SKU". */
function namedTypeOf(typeRef: string): string {
  return typeRef.replace(/[[\]!\s]/g, '');
}

function kindOfNamed(type: GraphQLNamedType): ReturnTypeKind {
  if (isScalarType(type)) return 'SCALAR';
  if (isEnumType(type)) return 'ENUM';
  if (isObjectType(type)) return 'OBJECT';
  if (isInterfaceType(type)) return 'INTERFACE';
  if (isUnionType(type)) return 'UNION';
  return 'UNKNOWN';
}

/**
 * The public return type's shape. The inventory names the type only, so its kind is that of a
 * built-in scalar, of a known public leaf, or of the type of the same name in `schema`; UNKNOWN
 * otherwise (then the document selects `__typename`, as for an object).
 */
export function publicReturnShape(returnType: string, schema: GraphQLSchema): ReturnShape {
  const list = returnType.trim().startsWith('[');
  const named = namedTypeOf(returnType);
  if (BUILT_IN_SCALARS.has(named) || PUBLIC_LEAF_TYPES.includes(named)) return { list, kind: 'SCALAR' };
  const ours = schema.getType(named);
  return { list, kind: ours ? kindOfNamed(ours) : 'UNKNOWN' };
}

function shapeOf(type: GraphQLOutputType): ReturnShape {
  const nullable = getNullableType(type);
  return { list: isListType(nullable), kind: kindOfNamed(getNamedType(type)) };
}

function isLeaf(kind: ReturnTypeKind): boolean {
  return kind === 'SCALAR' || kind === 'ENUM';
}

/**
 * The document a client of the public graph sends for `operation`: one variable per argument,
 * typed as the inventory says and passed to the argument of the same name, and the smallest
 * selection (`__typename` for composite results, none for leaves).
 */
export function publicOperationDocument(operation: PublicGraphqlOperation, schema: GraphQLSchema): string {
  const variables = operation.args.map((arg) => `$${arg.name}: ${arg.type}`);
  const passed = operation.args.map((arg) => `${arg.name}: $${arg.name}`);
  const selection = isLeaf(publicReturnShape(operation.returnType, schema).kind) ? '' : ' { __typename }';
  const head = variables.length ? `(${variables.join(', ')})` : '';
  const call = passed.length ? `(${passed.join(', ')})` : '';
  return `${operation.kind} ${operation.name}${head} { ${operation.name}${call}${selection} }`;
}

function rootFieldOf(
  operation: PublicGraphqlOperation,
  schema: GraphQLSchema,
): GraphQLField<unknown, unknown> | undefined {
  const root = operation.kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  return root?.getFields()[operation.name];
}

/** Checks one inventory operation against `schema`. */
export function checkPublicOperation(
  operation: PublicGraphqlOperation,
  schema: GraphQLSchema,
): PublicOperationCheck {
  const document = publicOperationDocument(operation, schema);
  const field = rootFieldOf(operation, schema);
  let errors: string[];
  try {
    errors = validate(schema, parse(document)).map((e: GraphQLError) => e.message);
  } catch (e) {
    errors = [e instanceof Error ? e.message : String(e)];
  }
  const publicReturn = publicReturnShape(operation.returnType, schema);
  const ourReturn = field ? shapeOf(field.type) : undefined;
  const returnKindMatches =
    ourReturn && publicReturn.kind !== 'UNKNOWN'
      ? ourReturn.list === publicReturn.list && ourReturn.kind === publicReturn.kind
      : undefined;
  return {
    name: operation.name,
    kind: operation.kind,
    deprecated: operation.deprecated,
    byName: field !== undefined,
    bySignature: errors.length === 0,
    deprecatedHere: field ? field.deprecationReason != null : undefined,
    publicReturn,
    ourReturn,
    returnKindMatches,
    document,
    errors,
  };
}

/** Checks every operation of an inventory, in its order. */
export function checkPublicOperations(
  operations: readonly PublicGraphqlOperation[],
  schema: GraphQLSchema,
): PublicOperationCheck[] {
  return operations.map((operation) => checkPublicOperation(operation, schema));
}

function countsOf(checks: readonly PublicOperationCheck[]): PublicOperationCounts {
  return {
    total: checks.length,
    byName: checks.filter((c) => c.byName).length,
    bySignature: checks.filter((c) => c.bySignature).length,
  };
}

/** Counts matched by name and by signature, overall and per kind split into current and deprecated. */
export function summarizePublicOperations(checks: readonly PublicOperationCheck[]): PublicOperationSummary {
  const of = (kind: 'query' | 'mutation', deprecated: boolean) =>
    countsOf(checks.filter((c) => c.kind === kind && c.deprecated === deprecated));
  return {
    all: countsOf(checks),
    queries: { current: of('query', false), deprecated: of('query', true) },
    mutations: { current: of('mutation', false), deprecated: of('mutation', true) },
  };
}
