// Why a walker of our own rather than a library (neither is a dependency of this repository, and
// neither reproduces the limits docs/graphql.md documents):
// - graphql-query-complexity: its estimators see a field's coerced arguments (schema defaults
//   included) and its parent *type*, never the parent field's arguments, so the rule "a list field
//   costs ×1 under a paged parent (`first`/`last` given), ×defaultListSize otherwise" cannot be
//   expressed: the docs' `rates(first: 50) { edges { node { id label } } }` would cost 3051, not
//   201. It also takes the most expensive of type-conditioned fragments where our rule adds them
//   up, and leaves @skip/@include fields out where we count them.
// - graphql-depth-limit: a validation rule (its error reaches the client as
//   GRAPHQL_VALIDATION_FAILED, not GRAPHQL_QUERY_TOO_DEEP, and its message lacks the measured
//   depth), counts root fields as depth 0, and has had no release since 2017.
// The walker below is pure and short; query-limits.spec.ts pins the documented numbers.
import {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLNamedType,
  GraphQLSchema,
  Kind,
  OperationDefinitionNode,
  SelectionSetNode,
  ValueNode,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
} from 'graphql';

/**
 * Static limits on an operation, checked after validation and before any resolver runs
 * (docs/graphql.md, "Limits"). Pure: schema + document in, numbers out.
 */
export interface QueryLimits {
  /** Deepest field nesting allowed; root fields are at depth 1. */
  readonly maxDepth: number;
  /** Highest estimated cost allowed (see `measureOperation`). */
  readonly maxComplexity: number;
  /** Assumed size of a list field that takes no `first`/`last`. */
  readonly defaultListSize: number;
  /**
   * Points added once per fetching field of the document (a root field, or a field that pages with
   * `first`/`last`), not multiplied by its parent's page: a relation is one batched statement per
   * request whatever the number of parents (DataLoader), while each root field, aliases included,
   * is a statement of its own. 75 = one statement's time (0.63 ms measured, 200 aliased root lists
   * in 127 ms) at the catalog's measured rate of about 115 points per ms (docs/graphql.md, "Limits").
   */
  readonly fetchCost: number;
}

export const DEFAULT_QUERY_LIMITS: QueryLimits = {
  maxDepth: 12,
  maxComplexity: 5000,
  defaultListSize: 20,
  fetchCost: 75,
};

export interface OperationMeasure {
  readonly depth: number;
  /** The estimated cost: the fields' points plus `fetchCost` per fetch. */
  readonly complexity: number;
  /** Fetching fields of the document (root fields and paged fields), each counted once. */
  readonly fetches: number;
}

/** A selection's depth, its fields' points (fetch charges apart) and its fetching fields. */
interface SelectionMeasure {
  readonly depth: number;
  readonly complexity: number;
  readonly fetches: number;
}

interface Walk {
  readonly schema: GraphQLSchema;
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly variables: Readonly<Record<string, unknown>>;
  readonly limits: QueryLimits;
}

function argument(field: FieldNode, name: string): ValueNode | undefined {
  return field.arguments?.find((a) => a.name.value === name)?.value;
}

function intArgument(walk: Walk, field: FieldNode, name: string): number | undefined {
  const node = argument(field, name);
  if (!node) return undefined;
  if (node.kind === Kind.INT) return Number.parseInt(node.value, 10);
  if (node.kind === Kind.VARIABLE) {
    const value = walk.variables[node.name.value];
    return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  }
  return undefined;
}

function listArgumentLength(walk: Walk, field: FieldNode, name: string): number | undefined {
  const node = argument(field, name);
  if (!node) return undefined;
  if (node.kind === Kind.LIST) return node.values.length;
  if (node.kind === Kind.VARIABLE) {
    const value = walk.variables[node.name.value];
    return Array.isArray(value) ? value.length : undefined;
  }
  return undefined;
}

/**
 * How many times a field's selection is resolved: `first`/`last` when given (a connection page),
 * the number of `representations` for `_entities`, `defaultListSize` for any other list field
 * unless its parent already counted the page (a connection's `edges`/`nodes`), else 1.
 */
function multiplier(walk: Walk, field: FieldNode, listTyped: boolean, parentPaged: boolean): number {
  const page = intArgument(walk, field, 'first') ?? intArgument(walk, field, 'last');
  if (page !== undefined) return Math.max(0, page);
  const representations = listArgumentLength(walk, field, 'representations');
  if (representations !== undefined) return representations;
  if (listTyped && !parentPaged) return walk.limits.defaultListSize;
  return 1;
}

function measureSelection(
  walk: Walk,
  selectionSet: SelectionSetNode,
  parent: GraphQLNamedType,
  depth: number,
  parentPaged: boolean,
  seenFragments: ReadonlySet<string>,
): SelectionMeasure {
  let maxDepth = depth - 1;
  let cost = 0;
  let fetches = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      // Introspection is metadata, not data: it neither nests nor costs.
      if (name.startsWith('__')) continue;
      if (!isObjectType(parent) && !isInterfaceType(parent)) continue;
      const definition = parent.getFields()[name];
      if (!definition) continue;
      const paged =
        intArgument(walk, selection, 'first') !== undefined ||
        intArgument(walk, selection, 'last') !== undefined;
      const child = selection.selectionSet
        ? measureSelection(
            walk,
            selection.selectionSet,
            getNamedType(definition.type),
            depth + 1,
            paged,
            seenFragments,
          )
        : { depth, complexity: 0, fetches: 0 };
      const times = multiplier(walk, selection, isListType(getNullableType(definition.type)), parentPaged);
      cost += 1 + times * child.complexity;
      // A fetch is counted once per field of the document, whatever its parent's page (batched).
      fetches += child.fetches;
      if (depth === 1 || definition.args.some((a) => a.name === 'first' || a.name === 'last')) fetches += 1;
      maxDepth = Math.max(maxDepth, depth, child.depth);
      continue;
    }
    let fragmentSet: SelectionSetNode;
    let typeName: string | undefined;
    let seen = seenFragments;
    if (selection.kind === Kind.INLINE_FRAGMENT) {
      fragmentSet = selection.selectionSet;
      typeName = selection.typeCondition?.name.value;
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      if (!fragment || seenFragments.has(fragment.name.value)) continue;
      fragmentSet = fragment.selectionSet;
      typeName = fragment.typeCondition.name.value;
      seen = new Set([...seenFragments, fragment.name.value]);
    }
    const type = (typeName && walk.schema.getType(typeName)) || parent;
    const inner = measureSelection(walk, fragmentSet, type, depth, parentPaged, seen);
    cost += inner.complexity;
    fetches += inner.fetches;
    maxDepth = Math.max(maxDepth, inner.depth);
  }
  return { depth: maxDepth, complexity: cost, fetches };
}

/**
 * Depth and estimated cost of one operation. Cost: every field costs 1 plus its selection's cost
 * times its multiplier (page size, representations, or the default list size); then `fetchCost`
 * per fetching field of the document (a root field, a field taking `first`/`last`), once each,
 * since relations are batched per request. `rates(first: 50) { edges { node { id label } } }`
 * costs 1 + 50 × (1 + (1 + 2)) + 75 = 276 (docs/graphql.md, "Limits").
 */
export function measureOperation(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
  variables: Readonly<Record<string, unknown>> = {},
  limits: QueryLimits = DEFAULT_QUERY_LIMITS,
): OperationMeasure {
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return { depth: 0, complexity: 0, fetches: 0 };
  const walk: Walk = {
    schema,
    fragments: new Map(fragments.map((f) => [f.name.value, f])),
    variables,
    limits,
  };
  const measured = measureSelection(walk, operation.selectionSet, root, 1, false, new Set());
  return { ...measured, complexity: measured.complexity + measured.fetches * limits.fetchCost };
}

/** Root fields that only read the schema itself: such operations need no tenant. */
const SCHEMA_ONLY_ROOT_FIELDS = new Set(['__schema', '__type', '__typename', '_service']);

/** True when every root field of the operation (through fragments) is introspection or `_service`. */
export function isSchemaOnlyOperation(
  operation: OperationDefinitionNode,
  fragments: readonly FragmentDefinitionNode[],
): boolean {
  if (operation.operation !== 'query') return false;
  const byName = new Map(fragments.map((f) => [f.name.value, f]));
  const check = (set: SelectionSetNode, seen: ReadonlySet<string>): boolean =>
    set.selections.every((selection) => {
      if (selection.kind === Kind.FIELD) return SCHEMA_ONLY_ROOT_FIELDS.has(selection.name.value);
      if (selection.kind === Kind.INLINE_FRAGMENT) return check(selection.selectionSet, seen);
      const fragment = byName.get(selection.name.value);
      if (!fragment || seen.has(fragment.name.value)) return true;
      return check(fragment.selectionSet, new Set([...seen, fragment.name.value]));
    });
  return check(operation.selectionSet, new Set());
}
