import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  getNamedType,
  getNullableType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isUnionType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type IntrospectionQuery,
} from 'graphql';

// Compares the shapes a client of a public GraphQL graph relies on (GoDaddy's storefront graphs,
// whose introspections are in ../shared/vendor-tests/godaddy-graphql/) with one of our schemas, operation by
// operation: from each public root field it walks the public types and ours side by side and
// reports every field, argument, input field or enum value a public client can select or send that
// ours would refuse. Validating one document per operation (public-graphql-operations.ts) proves
// the root signature only; this walk covers the selections and the variables' contents too.
//
// Rules, from what makes a public client's request fail against ours:
// - outputs: every public field exists, with the same list nesting and the same leaf/composite
//   kind, and takes every public argument; type names may differ (selections do not name them);
// - arguments: the same named type (variables name it), the same list nesting, and not required
//   here where the public one is optional; no required argument of ours the public graph lacks;
// - input objects (the contents of a variable): every public field exists with the same kind and
//   list nesting (`ID` and `String` interchangeable, a string accepted by a custom scalar such as
//   `DateTime`, an `Int` accepted where ours takes `Float`),
//   not required here where optional there, and no required field of ours the public type lacks;
// - enums sent: every public value exists here.

/** What one public root operation needs that our schema lacks; empty `errors` when none. */
export interface PublicShapeCheck {
  readonly operation: string;
  readonly kind: 'query' | 'mutation';
  /** One line per difference, each starting with the path that leads to it from the root field. */
  readonly errors: readonly string[];
}

/** A public graph's schema from its introspection JSON (`{ "__schema": … }`, or `{ "data": … }`). */
export function loadPublicIntrospection(file: string): GraphQLSchema {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as IntrospectionQuery | { data: IntrospectionQuery };
  return buildClientSchema('data' in parsed ? parsed.data : parsed);
}

/** Each root field of the public Query and Mutation types, checked against `ours`, in their order. */
export function checkPublicGraphShapes(publicSchema: GraphQLSchema, ours: GraphQLSchema): PublicShapeCheck[] {
  const checks: PublicShapeCheck[] = [];
  const roots = [
    ['query', publicSchema.getQueryType(), ours.getQueryType()],
    ['mutation', publicSchema.getMutationType(), ours.getMutationType()],
  ] as const;
  for (const [kind, publicRoot, ourRoot] of roots) {
    if (!publicRoot) continue;
    for (const field of Object.values(publicRoot.getFields())) {
      const walk = new ShapeWalk();
      const ourField = ourRoot?.getFields()[field.name];
      if (!ourField) walk.errors.push(`${publicRoot.name}.${field.name}: no such field`);
      else walk.field(`${publicRoot.name}.${field.name}`, field, ourField);
      checks.push({ operation: field.name, kind, errors: walk.errors });
    }
  }
  return checks;
}

/** How a type reference nests lists, outermost first: "[[T!]]!" gives [list, list]. */
function listDepth(type: GraphQLInputType | GraphQLOutputType): number {
  let depth = 0;
  let current = getNullableType(type);
  while (isListType(current)) {
    depth += 1;
    current = getNullableType(current.ofType as GraphQLInputType | GraphQLOutputType);
  }
  return depth;
}

function describeKind(type: GraphQLNamedType): string {
  if (isLeafType(type)) return `leaf ${type.name}`;
  return `object ${type.name}`;
}

const BUILT_IN_SCALARS = new Set(['ID', 'String', 'Int', 'Float', 'Boolean']);

/**
 * `ID` and `String` take the same strings, as literals and in variables; a string also reaches a
 * custom scalar of ours that parses strings (`DateTime`); an `Int` fits where a `Float` is taken.
 */
function inputScalarFits(publicName: string, ourName: string): boolean {
  if (publicName === ourName) return true;
  const textual = publicName === 'ID' || publicName === 'String';
  if (textual && (ourName === 'ID' || ourName === 'String' || !BUILT_IN_SCALARS.has(ourName))) return true;
  return publicName === 'Int' && ourName === 'Float';
}

/** One operation's walk: remembers the type pairs it has compared, so cycles end. */
class ShapeWalk {
  readonly errors: string[] = [];
  private readonly seen = new Set<string>();

  field(
    path: string,
    publicField: GraphQLField<unknown, unknown>,
    ourField: GraphQLField<unknown, unknown>,
  ): void {
    this.arguments(path, publicField.args, ourField.args);
    this.output(path, publicField.type, ourField.type);
  }

  private output(path: string, publicType: GraphQLOutputType, ourType: GraphQLOutputType): void {
    if (listDepth(publicType) !== listDepth(ourType)) {
      this.errors.push(
        `${path}: public ${String(publicType)}, ours ${String(ourType)} (list nesting differs)`,
      );
      return;
    }
    const publicNamed = getNamedType(publicType);
    const ourNamed = getNamedType(ourType);
    if (isLeafType(publicNamed) !== isLeafType(ourNamed)) {
      this.errors.push(`${path}: public ${describeKind(publicNamed)}, ours ${describeKind(ourNamed)}`);
      return;
    }
    if (!isCompositeType(publicNamed) || !isCompositeType(ourNamed)) return;
    const pair = `out:${publicNamed.name}>${ourNamed.name}`;
    if (this.seen.has(pair)) return;
    this.seen.add(pair);
    if (isUnionType(publicNamed)) {
      // A client selects a union's members through fragments on their names.
      const ourMembers = isUnionType(ourNamed)
        ? new Set(ourNamed.getTypes().map((t) => t.name))
        : new Set<string>();
      for (const member of publicNamed.getTypes()) {
        if (!ourMembers.has(member.name)) this.errors.push(`${path}: union member ${member.name} missing`);
      }
      return;
    }
    if (isUnionType(ourNamed)) {
      this.errors.push(`${path}: public object ${publicNamed.name}, ours union ${ourNamed.name}`);
      return;
    }
    const ourFields = ourNamed.getFields();
    for (const publicField of Object.values(publicNamed.getFields())) {
      const fieldPath = `${path} → ${publicNamed.name}.${publicField.name}`;
      const ourField = ourFields[publicField.name];
      if (!ourField) {
        this.errors.push(`${fieldPath}: no such field on ${ourNamed.name}`);
        continue;
      }
      this.field(fieldPath, publicField, ourField);
    }
  }

  private arguments(
    path: string,
    publicArgs: readonly GraphQLArgument[],
    ourArgs: readonly GraphQLArgument[],
  ): void {
    const ours = new Map(ourArgs.map((a) => [a.name, a]));
    for (const publicArg of publicArgs) {
      const argPath = `${path}(${publicArg.name}:)`;
      const ourArg = ours.get(publicArg.name);
      if (!ourArg) {
        this.errors.push(`${argPath}: no such argument`);
        continue;
      }
      const publicNamed = getNamedType(publicArg.type);
      const ourNamed = getNamedType(ourArg.type);
      if (publicNamed.name !== ourNamed.name || listDepth(publicArg.type) !== listDepth(ourArg.type)) {
        this.errors.push(`${argPath}: public ${String(publicArg.type)}, ours ${String(ourArg.type)}`);
        continue;
      }
      if (
        requiredHere(ourArg.type, ourArg.defaultValue) &&
        !requiredHere(publicArg.type, publicArg.defaultValue)
      ) {
        this.errors.push(`${argPath}: required here, optional in the public graph`);
      }
      this.input(argPath, publicArg.type, ourArg.type);
    }
    const publicNames = new Set(publicArgs.map((a) => a.name));
    for (const ourArg of ourArgs) {
      if (!publicNames.has(ourArg.name) && requiredHere(ourArg.type, ourArg.defaultValue)) {
        this.errors.push(`${path}(${ourArg.name}:): required here, absent from the public graph`);
      }
    }
  }

  /** The contents of an input value: fields of input objects, values of enums, recursively. */
  private input(path: string, publicType: GraphQLInputType, ourType: GraphQLInputType): void {
    const publicNamed = getNamedType(publicType);
    const ourNamed = getNamedType(ourType);
    const pair = `in:${publicNamed.name}>${ourNamed.name}`;
    if (this.seen.has(pair)) return;
    this.seen.add(pair);
    if (isEnumType(publicNamed)) {
      if (!isEnumType(ourNamed)) return; // a kind difference is reported by the caller
      const ourValues = new Set(ourNamed.getValues().map((v) => v.name));
      const missing = publicNamed
        .getValues()
        .map((v) => v.name)
        .filter((v) => !ourValues.has(v));
      if (missing.length) this.errors.push(`${path}: enum ${ourNamed.name} lacks ${missing.join(', ')}`);
      return;
    }
    if (!isInputObjectType(publicNamed) || !isInputObjectType(ourNamed)) return;
    const ourFields = ourNamed.getFields();
    const publicFields = publicNamed.getFields();
    for (const publicField of Object.values(publicFields)) {
      const fieldPath = `${path} → ${publicNamed.name}.${publicField.name}`;
      const ourField = ourFields[publicField.name];
      if (!ourField) {
        this.errors.push(`${fieldPath}: no such input field on ${ourNamed.name}`);
        continue;
      }
      const publicFieldNamed = getNamedType(publicField.type);
      const ourFieldNamed = getNamedType(ourField.type);
      const fits =
        listDepth(publicField.type) === listDepth(ourField.type) &&
        (isInputObjectType(publicFieldNamed)
          ? isInputObjectType(ourFieldNamed)
          : isEnumType(publicFieldNamed)
            ? isEnumType(ourFieldNamed)
            : !isInputObjectType(ourFieldNamed) &&
              !isEnumType(ourFieldNamed) &&
              inputScalarFits(publicFieldNamed.name, ourFieldNamed.name));
      if (!fits) {
        this.errors.push(`${fieldPath}: public ${String(publicField.type)}, ours ${String(ourField.type)}`);
        continue;
      }
      if (
        requiredHere(ourField.type, ourField.defaultValue) &&
        !requiredHere(publicField.type, publicField.defaultValue)
      ) {
        this.errors.push(`${fieldPath}: required here, optional in the public graph`);
      }
      this.input(fieldPath, publicField.type, ourField.type);
    }
    for (const ourField of Object.values(ourFields)) {
      if (!(ourField.name in publicFields) && requiredHere(ourField.type, ourField.defaultValue)) {
        this.errors.push(
          `${path} → ${ourNamed.name}.${ourField.name}: required here, absent from the public graph`,
        );
      }
    }
  }
}

/** A value must be given: non-null without a default. */
function requiredHere(type: GraphQLInputType, defaultValue: unknown): boolean {
  return isNonNullType(type) && defaultValue === undefined;
}
