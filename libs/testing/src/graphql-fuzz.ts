import fc from 'fast-check';
import { assertForgedCursorsRefused } from './cursor-forgeries';
import {
  GraphQLField,
  GraphQLInputType,
  GraphQLNamedType,
  GraphQLOutputType,
  GraphQLSchema,
  buildASTSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
} from 'graphql';

/** What a fuzz run sends and what it must never find in an answer. */
export interface GraphQLFuzzTarget {
  /** The committed supergraph SDL (apps/gateway/supergraph.graphql): which fields and arguments exist. */
  readonly supergraphSdl: string;
  /** The subgraph's committed SDL: what a selection may ask of the types it returns. */
  readonly subgraphSdl: string;
  /** The subgraph's `join__Graph` value in the supergraph (ORDER, CATALOG, TAX). */
  readonly graph: string;
  /** Posts one GraphQL request to the subgraph (with its credentials and store). */
  send(body: {
    query: string;
    variables: Record<string, unknown>;
  }): Promise<{ status: number; text: string }>;
  /** Values that must never appear in an answer: tokens, keys, connection strings. */
  readonly secrets: readonly string[];
  readonly runsPerField?: number;
  readonly seed?: number;
  /** Only fields whose name passes (e.g. to leave out a field fuzzed elsewhere). */
  readonly include?: (field: string) => boolean;
}

export interface GraphQLFuzzReport {
  /** Root fields fuzzed (Query and Mutation). */
  readonly fields: number;
  /** Requests sent. */
  readonly cases: number;
  /** One line per bad answer: operation, variables, status, what was wrong. */
  readonly failures: string[];
}

/** A stack frame, SQL, or a database error's wording in an answer. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s+at\s/,
  / {4}at /,
  /\b(SELECT|INSERT|UPDATE|DELETE)\b.*\b(FROM|INTO|SET)\b/i,
  /syntax error at/i,
  /violates/i,
  /relation "/i,
  /QueryFailedError|TypeORMError|node_modules/,
];

const INT_MAX = 2 ** 31 - 1;
const HUGE = 'x'.repeat(30_000);

/** The supergraph's root fields that `graph` resolves. */
export function rootFieldsOf(
  supergraphSdl: string,
  graph: string,
): { operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] {
  const schema = buildASTSchema(parse(supergraphSdl), { assumeValidSDL: true });
  const owned = (field: GraphQLField<unknown, unknown>) =>
    field.astNode?.directives?.some(
      (d) =>
        d.name.value === 'join__field' &&
        d.arguments?.some(
          (a) => a.name.value === 'graph' && a.value.kind === 'EnumValue' && a.value.value === graph,
        ),
    ) ?? false;
  const out: { operation: 'query' | 'mutation'; field: GraphQLField<unknown, unknown> }[] = [];
  for (const [operation, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
  ] as const)
    for (const field of Object.values(type?.getFields() ?? {}))
      if (owned(field) && !field.name.startsWith('_')) out.push({ operation, field });
  return out;
}

/** A selection of `type` the subgraph can answer: leaves, and leaves of nested objects (2 levels). */
export function selectionOf(schema: GraphQLSchema, typeName: string, depth = 0): string {
  const type = schema.getType(typeName);
  if (!type || isLeafType(type)) return '';
  if (!isObjectType(type) && !isInterfaceType(type)) return '{ __typename }';
  const parts = ['__typename'];
  for (const field of Object.values(type.getFields())) {
    if (field.args.some((a) => isNonNullType(a.type)) || field.name.startsWith('_')) continue;
    const named = getNamedType(field.type as GraphQLOutputType);
    if (isLeafType(named)) parts.push(field.name);
    else if (depth < 2 && parts.length < 40) {
      const inner = selectionOf(schema, named.name, depth + 1);
      if (inner) parts.push(`${field.name} ${inner}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

const idLike = (name: string) => /id$|ids$/i.test(name);

/**
 * Values GraphQL accepts for a scalar, biased to what the services expect. Built once: arbitraries
 * are immutable, and building `fc.stringMatching` costs milliseconds (fast-check tokenizes its
 * default slices, throwing and catching an error per probe), which `fuzzSubgraphOperations` would
 * otherwise pay for every argument of every case.
 */
const VALID_SCALARS = {
  Int: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: -5, max: 200 }) },
    { weight: 1, arbitrary: fc.integer({ min: -INT_MAX - 1, max: INT_MAX }) },
  ),
  Float: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }),
  Boolean: fc.boolean(),
  DateTime: fc
    .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  idLike: fc.oneof(
    { weight: 4, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z]{2,10}_[0-9a-f]{8,32}$/) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  ),
  text: fc.oneof(
    { weight: 4, arbitrary: fc.stringMatching(/^[A-Za-z0-9 ._-]{1,24}$/) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('USD', 'EUR', 'DE', 'fr-FR', 'https://example.com/a.png'),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 80, unit: 'grapheme' }) },
  ),
} satisfies Record<string, fc.Arbitrary<unknown>>;

function validScalar(name: string, argName: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'Int':
    case 'Float':
    case 'Boolean':
    case 'DateTime':
      return VALID_SCALARS[name];
    default:
      return idLike(argName) ? VALID_SCALARS.idLike : VALID_SCALARS.text;
  }
}

/** Values of the wrong type or out of range for a scalar, and hostile strings. */
function invalidScalar(name: string): fc.Arbitrary<unknown> {
  const hostile = fc.constantFrom(
    HUGE,
    '',
    ' ',
    "' OR 1=1 --",
    'Robert"); DROP TABLE orders;--',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '../../etc/passwd',
    '%00%ff',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    'not-a-uuid',
    'Order_' + 'f'.repeat(64),
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢'.repeat(300),
    '1e309',
    'NaN',
    '2026-02-30T25:61:00Z',
    '-0001-01-01T00:00:00Z',
  );
  const wrongType = fc.oneof(
    fc.constantFrom(2 ** 31, -(2 ** 31) - 1, 1.5, -0.0001, 1e20, Number.MAX_SAFE_INTEGER, true, false),
    fc.constant({ nested: 'object' }),
    fc.constant([1, 2, 3]),
    fc.string({ maxLength: 10 }),
  );
  return name === 'String' || name === 'ID' || name === 'DateTime' ? fc.oneof(hostile, wrongType) : wrongType;
}

/** A value for an input type: valid-ish, or (with `invalidRate` > 0) sometimes wrong at some leaf. */
export function valueOf(
  type: GraphQLInputType,
  argName: string,
  invalidRate: number,
  depth = 0,
): fc.Arbitrary<unknown> {
  const wrap = (valid: fc.Arbitrary<unknown>, invalid: fc.Arbitrary<unknown>) =>
    invalidRate > 0
      ? fc.oneof(
          { weight: Math.round((1 - invalidRate) * 100), arbitrary: valid },
          { weight: Math.round(invalidRate * 100), arbitrary: invalid },
        )
      : valid;
  if (isNonNullType(type)) {
    return wrap(valueOf(type.ofType, argName, invalidRate, depth), fc.constant(null));
  }
  const inner = (() => {
    if (isListType(type))
      return wrap(
        fc.array(valueOf(type.ofType as GraphQLInputType, argName, invalidRate, depth + 1), {
          maxLength: depth > 1 ? 1 : 3,
        }),
        fc.oneof(
          fc.array(valueOf(type.ofType as GraphQLInputType, argName, 0, depth + 1), {
            minLength: 40,
            maxLength: 60,
          }),
          fc.constant({ notAList: true }),
        ),
      );
    if (isEnumType(type))
      return wrap(
        fc.constantFrom(...type.getValues().map((v) => v.name)),
        fc.constantFrom('NOT_A_VALUE', type.getValues()[0]?.name.toLowerCase() ?? 'x', 0, ''),
      );
    if (isScalarType(type)) return wrap(validScalar(type.name, argName), invalidScalar(type.name));
    if (isInputObjectType(type)) {
      const fields = Object.values(type.getFields());
      if (depth > 3) return fc.constant({});
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const f of fields) {
        record[f.name] = valueOf(f.type, f.name, invalidRate, depth + 1);
        if (isNonNullType(f.type)) requiredKeys.push(f.name);
      }
      const valid = fc.record(record, { requiredKeys });
      return wrap(
        valid,
        fc.oneof(
          valid.map((v) => ({ ...(v as object), unknownField: 1 })),
          valid.map((v) => {
            const copy = { ...(v as Record<string, unknown>) };
            delete copy[requiredKeys[0] ?? fields[0]?.name ?? ''];
            return copy;
          }),
          fc.constant('not an object'),
        ),
      );
    }
    return fc.constant(null);
  })();
  // A nullable value may also be absent or null.
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 6, arbitrary: inner },
  );
}

/** Every string in a value (they may be echoed in an error message and must not count as leaks). */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** What is wrong with one answer, or undefined when it is fine. */
export function problemOf(
  status: number,
  text: string,
  sent: Record<string, unknown>,
  secrets: readonly string[],
): string | undefined {
  if (status >= 500) return `HTTP ${status}`;
  for (const secret of secrets) if (secret && text.includes(secret)) return 'a secret in the answer';
  let body: { errors?: { message?: unknown; extensions?: { code?: unknown } }[] };
  try {
    body = JSON.parse(text);
  } catch {
    return 'not JSON';
  }
  for (const error of body.errors ?? []) {
    const code = error.extensions?.code;
    if (typeof code !== 'string' || code === '')
      return `an error without extensions.code: ${JSON.stringify(error)}`;
    if (code === 'INTERNAL_SERVER_ERROR')
      return `INTERNAL_SERVER_ERROR: ${JSON.stringify(error).slice(0, 300)}`;
  }
  // Input echoed back in a message is not a leak; remove it (raw and JSON-escaped) before looking.
  let scrubbed = text;
  for (const s of stringsOf(sent)
    .filter((s) => s.length >= 3)
    .sort((a, b) => b.length - a.length))
    scrubbed = scrubbed.split(s).join('').split(JSON.stringify(s).slice(1, -1)).join('');
  const leak = LEAK_PATTERNS.find((p) => p.test(scrubbed));
  return leak ? `leak ${leak}: ${scrubbed.slice(0, 300)}` : undefined;
}

/**
 * Property-based fuzzing of a subgraph from the committed supergraph: for every Query and Mutation
 * field the subgraph owns, `runsPerField` seeded operations whose arguments (sent as variables)
 * are built from the argument types — valid-ish (scalars, enums, input objects, lists, ids) in
 * half the cases, and in the other half with wrong leaves: wrong scalar types, out-of-range ints,
 * huge and hostile strings, unknown enum values, nulls for non-null, unknown or missing input
 * fields, oversized lists. Every answer must be below HTTP 500, every error must carry
 * extensions.code and none may be INTERNAL_SERVER_ERROR, and no answer may hold a stack, SQL or a
 * secret. Failures are collected (not thrown) so one run reports them all.
 */
export async function fuzzSubgraphOperations(target: GraphQLFuzzTarget): Promise<GraphQLFuzzReport> {
  const subgraph = buildASTSchema(parse(target.subgraphSdl), { assumeValidSDL: true });
  const fields = rootFieldsOf(target.supergraphSdl, target.graph).filter(
    ({ field }) => target.include?.(field.name) ?? true,
  );
  const failures: string[] = [];
  let cases = 0;
  for (const [index, { operation, field }] of fields.entries()) {
    const returned = getNamedType(field.type) as GraphQLNamedType;
    const selection = selectionOf(subgraph, returned.name);
    const args = field.args;
    const definitions = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const argumentList = args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `${operation} Fuzz${definitions ? `(${definitions})` : ''} { ${field.name}${
      argumentList ? `(${argumentList})` : ''
    } ${selection} }`;
    const variablesArb = fc
      .constantFrom(0, 0.25)
      .chain((rate) => {
        const record: Record<string, fc.Arbitrary<unknown>> = {};
        for (const a of args) record[a.name] = valueOf(a.type, a.name, rate);
        return fc.record(record);
      })
      .map((v) => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)));
    await fc.assert(
      fc.asyncProperty(variablesArb, async (variables) => {
        cases += 1;
        const { status, text } = await target.send({ query, variables });
        const problem = problemOf(status, text, variables, target.secrets);
        if (problem && failures.length < 200)
          failures.push(`${field.name} ${JSON.stringify(variables).slice(0, 600)} → ${problem}`);
      }),
      { seed: (target.seed ?? 1414) + index, numRuns: target.runsPerField ?? 24 },
    );
  }
  return { fields: fields.length, cases, failures };
}

/** Where a connection cursor check sends: the caller's store, or another store of the same caller. */
export interface ConnectionCursorTarget {
  readonly supergraphSdl: string;
  readonly graph: string;
  send(
    body: { query: string; variables: Record<string, unknown> },
    store: 'own' | 'other',
  ): Promise<{ status: number; text: string }>;
  /** Values of a list field's required arguments (e.g. lineItemsBySkuId's skuId). */
  readonly requiredArgs?: Readonly<Record<string, Record<string, unknown>>>;
  readonly seed?: number;
  readonly runsPerKind?: number;
}

export interface ConnectionCursorReport {
  /** Connection fields whose forged cursors were checked. */
  readonly lists: string[];
  /** Connection fields with no page to take a real cursor from (not checked). */
  readonly empty: string[];
  readonly cases: number;
}

/**
 * For every connection field (a root field with `after`) of the subgraph: takes a real cursor
 * (`first: 1` … `endCursor`) in the caller's store, and as foreign cursors the other lists' real
 * cursors and the same list's cursor in another store; then sends forgeries of every kind of
 * forgedCursorKinds as `after`. Each must be answered BAD_USER_INPUT about `after` (INVALID_CURSOR,
 * or OUT_OF_RANGE above the length limit) with no data for the field — never a page, never
 * INTERNAL_SERVER_ERROR, never HTTP 5xx.
 */
export async function checkForgedConnectionCursors(
  target: ConnectionCursorTarget,
): Promise<ConnectionCursorReport> {
  const lists = rootFieldsOf(target.supergraphSdl, target.graph).filter(
    ({ operation, field }) => operation === 'query' && field.args.some((a) => a.name === 'after'),
  );
  const operationOf = (field: GraphQLField<unknown, unknown>, withAfter: boolean) => {
    const required = field.args.filter((a) => isNonNullType(a.type));
    const defs = [
      ...required.map((a) => `$${a.name}: ${a.type.toString()}`),
      ...(withAfter ? ['$after: String'] : []),
    ];
    const args = [
      'first: 1',
      ...required.map((a) => `${a.name}: $${a.name}`),
      ...(withAfter ? ['after: $after'] : []),
    ];
    return `query${defs.length ? `(${defs.join(', ')})` : ''} { ${field.name}(${args.join(', ')}) { pageInfo { endCursor } } }`;
  };
  const cursorOf = async (field: GraphQLField<unknown, unknown>, store: 'own' | 'other') => {
    const res = await target.send(
      { query: operationOf(field, false), variables: { ...target.requiredArgs?.[field.name] } },
      store,
    );
    const body = JSON.parse(res.text) as {
      data?: Record<string, { pageInfo: { endCursor: string | null } } | null>;
    };
    return body.data?.[field.name]?.pageInfo.endCursor ?? undefined;
  };
  const real = new Map<string, string>();
  const elsewhere = new Map<string, string>();
  for (const { field } of lists) {
    const own = await cursorOf(field, 'own');
    if (own) real.set(field.name, own);
    const other = await cursorOf(field, 'other');
    if (other) elsewhere.set(field.name, other);
  }
  let cases = 0;
  for (const [index, { field }] of lists.entries()) {
    const cursor = real.get(field.name);
    if (!cursor) continue;
    const accepted = await target.send(
      { query: operationOf(field, true), variables: { ...target.requiredArgs?.[field.name], after: cursor } },
      'own',
    );
    const acceptedBody = JSON.parse(accepted.text) as { errors?: unknown[] };
    if (acceptedBody.errors?.length)
      throw new Error(`${field.name}: its own cursor is refused: ${accepted.text.slice(0, 300)}`);
    const foreign = [
      ...[...real.entries()].filter(([name, c]) => name !== field.name && c !== cursor).map(([, c]) => c),
      ...(elsewhere.get(field.name) ? [elsewhere.get(field.name) as string] : []),
    ];
    cases += await assertForgedCursorsRefused(
      [cursor],
      foreign,
      async ({ token }) => {
        const res = await target.send(
          {
            query: operationOf(field, true),
            variables: { ...target.requiredArgs?.[field.name], after: token },
          },
          'own',
        );
        if (res.status >= 500) throw new Error(`HTTP ${res.status}`);
        const body = JSON.parse(res.text) as {
          data?: Record<string, unknown> | null;
          errors?: { extensions?: { code?: string; fields?: { path: string; code: string }[] } }[];
        };
        const error = body.errors?.[0];
        if (error?.extensions?.code !== 'BAD_USER_INPUT')
          throw new Error(`expected BAD_USER_INPUT, got ${res.status} ${res.text.slice(0, 300)}`);
        const fields = error.extensions.fields ?? [];
        if (!fields.some((f) => f.path === 'after' && ['INVALID_CURSOR', 'OUT_OF_RANGE'].includes(f.code)))
          throw new Error(`expected a field error on after, got ${JSON.stringify(fields)}`);
        if (body.data?.[field.name] != null) throw new Error('a page was answered');
      },
      { seed: (target.seed ?? 777) + index, runsPerKind: target.runsPerKind ?? 4 },
    );
  }
  return {
    lists: lists.map((l) => l.field.name).filter((n) => real.has(n)),
    empty: lists.map((l) => l.field.name).filter((n) => !real.has(n)),
    cases,
  };
}
