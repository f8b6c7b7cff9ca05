import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { InjectOptions, Response } from 'light-my-request';

/**
 * Property-based fuzzing of a REST service from its committed OpenAPI 3.1 document: for every
 * operation, fast-check generates valid-ish requests from the operation's schemas (path, query and
 * header parameters, the body) and invalid ones (wrong types, huge and unicode strings, nulls,
 * extra fields, malformed ids, bad JSON, wrong content types, no or bad token), sends them to the
 * app in-process (light-my-request) and checks every answer: never a 5XX, a status the document
 * declares, the area's error shape with a stable code on every error, and no stack trace, SQL or
 * secret in any body.
 */

type Schema = { [key: string]: unknown };
type Document = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
};

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: unknown }>;
  security?: unknown[];
}

/** One operation of the document. */
export interface FuzzOperation {
  /** "METHOD /path" as the document spells it. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly operation: Operation;
}

/** The error shape of an area (docs/errors.md); `shopping` is the UCP envelope of the Shopping API. */
export type FuzzErrorShape = 'commerce' | 'domains' | 'shopping';

export interface FuzzTarget {
  /** The committed OpenAPI document (parsed JSON). */
  readonly document: object;
  readonly shape: FuzzErrorShape;
  inject(opts: InjectOptions): Promise<Response>;
  /** A token holding every scope. */
  readonly token: string;
  /** Strings no answer may contain (the token, the encryption key, …). */
  readonly secrets: readonly string[];
  /** Existing values of path parameters by name (a real store id, …), used by part of the valid cases. */
  readonly knownValues?: Readonly<Record<string, readonly string[]>>;
  /** Cases per operation (half valid-ish, half invalid); default 20. */
  readonly numRuns?: number;
  /** Default 20260514: the same cases on every run. */
  readonly seed?: number;
}

export interface FuzzResult {
  readonly key: string;
  readonly cases: number;
  /** How many answers per status. */
  readonly statuses: Readonly<Record<string, number>>;
  /** What went wrong, one line per distinct problem (with the first request that showed it). */
  readonly problems: readonly string[];
}

interface FuzzCase {
  readonly kind: string;
  readonly auth: string | undefined;
  readonly pathParams: Record<string, string>;
  /** Put the path parameters in the URL as they are (malformed percent-encoding), not encoded. */
  readonly rawPath: boolean;
  readonly query: [string, string][];
  readonly headers: Record<string, string>;
  readonly body?: { readonly contentType?: string; readonly payload: string | Buffer };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** Every operation of a document, in document order. */
export function fuzzOperationsOf(document: object): FuzzOperation[] {
  const paths = (document as Document).paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => typeof item[m] === 'object' && item[m] !== null).map((m) => ({
      key: `${m.toUpperCase()} ${path}`,
      method: m.toUpperCase(),
      path,
      operation: item[m] as Operation,
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Leaks and shapes

const LEAKS: [string, RegExp][] = [
  ['a stack trace', /\n\s+at | {4}at /],
  ['an SQL statement', /\b(SELECT|INSERT|UPDATE|DELETE)\b[^"]*\b(FROM|INTO|SET)\b/i],
  [
    'a PostgreSQL error',
    /syntax error at|violates|relation "|column "|QueryFailedError|duplicate key value/i,
  ],
  ['a driver error', /ECONNREFUSED|TypeORM|node_modules|\/work\/|\.ts:\d+/],
];

const CODE = /^[A-Z][A-Z0-9_]*$/;
/** UCP's codes are lower snake case (`invalid_request`, `not_found`). */
const UCP_CODE = /^[a-z][a-z0-9_]*$/;
const UCP_SEVERITIES = ['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable'];

/**
 * The Shopping error envelope (UCP `types/error_response.json`, `types/message_error.json`):
 * `{ucp: {version, status: 'error'}, messages: [{type: 'error', code, content_type?, content,
 * severity, path?}]}`, at least one message, every one with a severity (the platform's contract).
 */
function ucpEnvelopeProblem(b: Record<string, unknown>): string | undefined {
  const ucp = b.ucp as Record<string, unknown> | undefined;
  if (typeof ucp !== 'object' || ucp === null || typeof ucp.version !== 'string' || ucp.status !== 'error')
    return `no UCP envelope (ucp: ${JSON.stringify(b.ucp)})`;
  const messages = b.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'UCP error without messages[]';
  for (const m of messages as Record<string, unknown>[]) {
    if (typeof m !== 'object' || m === null || m.type !== 'error')
      return `UCP message that is not an error (${JSON.stringify(m)})`;
    if (typeof m.code !== 'string' || !UCP_CODE.test(m.code))
      return `UCP message without a stable code (${JSON.stringify(m.code)})`;
    if (typeof m.content !== 'string') return `UCP message without content (${JSON.stringify(m)})`;
    if (m.content_type !== undefined && !['plain', 'markdown'].includes(m.content_type as string))
      return `UCP message content_type is not plain or markdown (${JSON.stringify(m.content_type)})`;
    if (!UCP_SEVERITIES.includes(m.severity as string))
      return `UCP message without a severity (${JSON.stringify(m.severity)})`;
    if (m.path !== undefined && typeof m.path !== 'string') return 'UCP message path is not a string';
  }
  return undefined;
}

function shapeProblem(shape: FuzzErrorShape, status: number, body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the error body is not an object';
  const b = body as Record<string, unknown>;
  if (shape === 'shopping') return ucpEnvelopeProblem(b);
  if (shape === 'commerce') {
    if (typeof b.name !== 'string' || !CODE.test(b.name))
      return `no stable commerce name (${JSON.stringify(b.name)})`;
    if (typeof b.correlationId !== 'string' || typeof b.message !== 'string')
      return 'commerce error without correlationId or message';
    if (status < 500) {
      const details = b.details;
      if (!Array.isArray(details) || details.length === 0) return 'commerce 4XX without details[]';
      for (const d of details as Record<string, unknown>[])
        if (typeof d?.issue !== 'string' || !CODE.test(d.issue))
          return `commerce detail without a stable issue (${JSON.stringify(d)})`;
    }
    return undefined;
  }
  if (typeof b.code !== 'string' || !CODE.test(b.code))
    return `no stable domains code (${JSON.stringify(b.code)})`;
  if (b.message !== undefined && typeof b.message !== 'string') return 'domains message is not a string';
  if (b.fields !== undefined) {
    if (!Array.isArray(b.fields)) return 'domains fields is not an array';
    for (const f of b.fields as Record<string, unknown>[])
      if (typeof f?.path !== 'string' || typeof f.code !== 'string' || !CODE.test(f.code))
        return `domains field without path or stable code (${JSON.stringify(f)})`;
  }
  if (status === 429 && typeof b.retryAfterSec !== 'number') return 'domains 429 body without retryAfterSec';
  return undefined;
}

function codeOf(shape: FuzzErrorShape, body: unknown): string | undefined {
  const b = body as Record<string, unknown> | null;
  const code =
    shape === 'commerce'
      ? b?.name
      : shape === 'shopping'
        ? (b?.messages as Record<string, unknown>[] | undefined)?.[0]?.code
        : b?.code;
  return typeof code === 'string' ? code : undefined;
}

/** Everything wrong with one answer (empty when it is fine). */
export function answerProblems(
  target: Pick<FuzzTarget, 'shape' | 'secrets'>,
  op: FuzzOperation,
  res: Pick<Response, 'statusCode' | 'body' | 'headers'>,
): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  const text = res.body;
  if (status >= 500) problems.push(`answered ${status}`);
  for (const [what, pattern] of LEAKS) if (pattern.test(text)) problems.push(`the body holds ${what}`);
  for (const secret of target.secrets)
    if (secret && text.includes(secret)) problems.push('the body holds a secret');
  const declared = op.operation.responses ?? {};
  let body: unknown;
  if (status >= 400) {
    if (text === '') {
      if (declared[String(status)]?.content !== undefined || status !== 429)
        problems.push(`${status} with an empty body`);
    } else {
      try {
        body = JSON.parse(text);
      } catch {
        problems.push(`${status} with a body that is not JSON`);
      }
      if (body !== undefined) {
        const wrong = shapeProblem(target.shape, status, body);
        if (wrong) problems.push(`${status}: ${wrong}`);
      }
    }
  }
  // A parameter Fastify's router cannot take (over 100 characters) is a route miss: 404 NOT_FOUND.
  const routeMiss =
    status === 404 && codeOf(target.shape, body)?.toUpperCase() === 'NOT_FOUND' && op.path.includes('{');
  if (!(String(status) in declared) && !routeMiss)
    problems.push(
      `answered ${status} (${codeOf(target.shape, body) ?? 'no code'}), which the document does not declare`,
    );
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Valid-ish values from schemas

class Schemas {
  constructor(private readonly document: Document) {}

  resolve(schema: Schema | undefined, depth = 0): Schema {
    if (!schema) return {};
    if (typeof schema.$ref === 'string' && depth < 20) {
      const name = schema.$ref.replace('#/components/schemas/', '');
      return this.resolve(this.document.components?.schemas?.[name], depth + 1);
    }
    if (Array.isArray(schema.allOf)) {
      const parts = (schema.allOf as Schema[]).map((s) => this.resolve(s, depth + 1));
      const { allOf: _allOf, ...rest } = schema;
      return Object.assign(
        {},
        ...parts,
        rest,
        parts.some((p) => p.properties)
          ? { properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})) }
          : {},
      ) as Schema;
    }
    return schema;
  }

  /** A value the schema accepts (or very nearly: formats are approximated). */
  valid(input: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
    const schema = this.resolve(input);
    if (Array.isArray(schema.enum) && schema.enum.length)
      return fc.constantFrom(...(schema.enum as unknown[]));
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.type === undefined && typeof schema.default === 'boolean') return fc.boolean();
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (Array.isArray(alternatives) && alternatives.length)
      return fc.oneof(...alternatives.map((s) => this.valid(s, depth + 1)));
    const type = Array.isArray(schema.type)
      ? (schema.type as string[]).filter((t) => t !== 'null')[0]
      : (schema.type as string | undefined);
    const min = (k: string): number | undefined =>
      typeof schema[k] === 'number' ? (schema[k] as number) : undefined;
    switch (type) {
      case 'string':
        return this.validString(schema);
      case 'integer':
        return fc.integer({ min: min('minimum') ?? -1000, max: min('maximum') ?? 100000 });
      case 'number':
        return fc.integer({ min: min('minimum') ?? -1000, max: min('maximum') ?? 100000 });
      case 'boolean':
        return fc.boolean();
      case 'array': {
        if (depth > 4) return fc.constant([]);
        const minLength = min('minItems') ?? 0;
        const maxLength = Math.max(minLength, Math.min(min('maxItems') ?? 3, 3));
        return fc.array(this.valid(schema.items as Schema, depth + 1), { minLength, maxLength });
      }
      case 'object':
      default: {
        const properties = (schema.properties ?? {}) as Record<string, Schema>;
        if (!Object.keys(properties).length || depth > 4) return fc.constant({});
        const requiredKeys = ((schema.required ?? []) as string[]).filter((k) => k in properties);
        const model: Record<string, fc.Arbitrary<unknown>> = {};
        for (const [k, s] of Object.entries(properties)) {
          if ((this.resolve(s).readOnly as boolean | undefined) === true) continue;
          model[k] = this.valid(s, depth + 1);
        }
        return fc.record(model, { requiredKeys: requiredKeys.filter((k) => k in model) });
      }
    }
  }

  private validString(schema: Schema): fc.Arbitrary<string> {
    const minLength = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const maxLength = typeof schema.maxLength === 'number' ? schema.maxLength : Math.max(minLength, 40);
    const sized = (a: fc.Arbitrary<string>): fc.Arbitrary<string> =>
      a.filter((s) => s.length >= minLength && s.length <= maxLength);
    switch (schema.format) {
      case 'uuid':
        return fc.uuid({ version: 4 });
      case 'date-time':
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      case 'email':
        return sized(fc.emailAddress());
      case 'binary':
        return fc.string();
    }
    if (typeof schema.pattern === 'string') {
      try {
        return sized(fc.stringMatching(new RegExp(schema.pattern)));
      } catch {
        // A pattern fast-check cannot read: fall through to plain strings.
      }
    }
    const examples = [schema.example, schema.default].filter((v): v is string => typeof v === 'string');
    const plain = fc.string({ minLength, maxLength: Math.min(maxLength, Math.max(minLength, 40)) });
    return examples.length ? fc.oneof(fc.constantFrom(...examples), plain) : plain;
  }
}

// ---------------------------------------------------------------------------------------------
// Invalid values

const HUGE = 'x'.repeat(70_000);
const NASTY_STRINGS = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  "' OR '1'='1",
  '1; DROP TABLE x --',
  '../../etc/passwd',
  '%00',
  '\u0000',
  '\ud800',
  '<script>alert(1)</script>',
  '{}',
  '[]',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ZZZZZZZZ-ZZZZ-ZZZZ-ZZZZ-ZZZZZZZZZZZZ',
  '𝓤𝓷𝓲𝓬𝓸𝓭𝓮 ✓ 中文 العربية',
  'a'.repeat(300),
  HUGE,
  '__proto__',
  'constructor',
];

const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3000 }) },
);

const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [null], {
    a: 1,
  }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Header values must be printable ASCII, or the client refuses to send them. */
const headerString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'x',
    '-1',
    'a'.repeat(300),
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    '"1"',
    '*',
  ),
  fc.stringMatching(/^[\x20-\x7e]{0,80}$/).map((s) => s.trim()),
);

const BAD_JSON = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '\u0000',
  '{"a":1,}',
  '"',
  '01',
  '['.repeat(3000) + ']'.repeat(3000),
];
const PROTO_BODIES = ['{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'];

function wellFormed(s: string): string {
  return s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

// ---------------------------------------------------------------------------------------------
// Cases

function bodyMediaType(op: Operation): string | undefined {
  const content = op.requestBody?.content;
  return content ? Object.keys(content)[0] : undefined;
}

function multipart(fields: [name: string, filename: string | undefined, data: Buffer][]): {
  contentType: string;
  payload: Buffer;
} {
  const boundary = '----fuzz7MA4YWxkTrZu0gW';
  const parts = fields.map(([name, filename, data]) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
          (filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : '') +
          '\r\n\r\n',
      ),
      data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
  };
}

/** The JSON of a case's body, or `fallback` when an earlier mutation made it something else. */
function parseOr(payload: string | Buffer, fallback: object): unknown {
  try {
    return JSON.parse(payload.toString()) as unknown;
  } catch {
    return fallback;
  }
}

function paramString(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

class CaseBuilder {
  private readonly schemas: Schemas;
  private readonly params: Parameter[];
  private readonly mediaType: string | undefined;

  constructor(
    private readonly target: FuzzTarget,
    private readonly op: FuzzOperation,
  ) {
    this.schemas = new Schemas(target.document as Document);
    this.params = (op.operation.parameters ?? []).filter((p) => p.in !== 'cookie');
    this.mediaType = bodyMediaType(op.operation);
  }

  private validParam(p: Parameter): fc.Arbitrary<string[]> {
    const known = this.target.knownValues?.[p.name];
    const schema = this.schemas.resolve(p.schema);
    const one = this.schemas
      .valid(schema.type === 'array' ? (schema.items as Schema) : schema)
      .map(paramString);
    const values =
      schema.type === 'array' ? fc.array(one, { minLength: 1, maxLength: 3 }) : one.map((v) => [v]);
    return known?.length
      ? fc.oneof(
          fc.constantFrom(...known).map((v) => [v]),
          values,
        )
      : values;
  }

  private validBody(): fc.Arbitrary<FuzzCase['body']> {
    const type = this.mediaType;
    if (!type) return fc.constant(undefined);
    if (type === 'multipart/form-data')
      return fc
        .uint8Array({ maxLength: 512 })
        .map((bytes) => multipart([['file', 'app.tar.gz', gzipSync(Buffer.from(bytes))]]));
    const schema = this.op.operation.requestBody?.content?.[type]?.schema;
    return this.schemas.valid(schema).map((v) => ({ contentType: type, payload: JSON.stringify(v) }));
  }

  /** Valid-ish: every required input present and well formed, optional ones sometimes, a full-scope token. */
  valid(): fc.Arbitrary<FuzzCase> {
    const params: Record<string, fc.Arbitrary<string[] | undefined>> = {};
    for (const p of this.params) {
      if (p.in === 'header' && /^(authorization|content-type)$/i.test(p.name)) continue;
      const v = this.validParam(p);
      params[`${p.in}:${p.name}`] = p.required || p.in === 'path' ? v : fc.option(v, { nil: undefined });
    }
    return fc
      .record({ params: fc.record(params), body: this.validBody() })
      .map(({ params: values, body }) => {
        const c: FuzzCase = {
          kind: 'valid',
          auth: `Bearer ${this.target.token}`,
          pathParams: {},
          rawPath: false,
          query: [],
          headers: {},
          body,
        };
        for (const [key, list] of Object.entries(values)) {
          if (!list) continue;
          const [where, name] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
          if (where === 'path') c.pathParams[name] = list[0];
          else if (where === 'query') for (const v of list) c.query.push([name, v]);
          else if (where === 'header') c.headers[name] = list[0].replace(/[^\x20-\x7e]/g, '');
        }
        return c;
      });
  }

  /** One thing (or a few) wrong at a time, on top of a valid-ish case. */
  invalid(): fc.Arbitrary<FuzzCase> {
    const mutations: fc.Arbitrary<(c: FuzzCase) => FuzzCase>[] = [];
    const pathParams = this.params.filter((p) => p.in === 'path');
    const queryParams = this.params.filter((p) => p.in === 'query');
    const headerParams = this.params.filter((p) => p.in === 'header');
    if (pathParams.length)
      mutations.push(
        fc.tuple(fc.constantFrom(...pathParams), nastyString).map(([p, v]) => (c: FuzzCase) => ({
          ...c,
          kind: `path ${p.name}`,
          pathParams: { ...c.pathParams, [p.name]: v },
        })),
        fc
          .tuple(
            fc.constantFrom(...pathParams),
            fc.constantFrom('%', '%zz', '%E0%A4%A', '%C0%AF', '..%2F..', '%2e%2e'),
          )
          .map(([p, v]) => (c: FuzzCase) => ({
            ...c,
            kind: `raw path ${p.name}`,
            rawPath: true,
            pathParams: Object.fromEntries(
              Object.entries(c.pathParams).map(([k, old]) => [
                k,
                k === p.name ? v : encodeURIComponent(wellFormed(old)),
              ]),
            ),
          })),
      );
    if (queryParams.length)
      mutations.push(
        fc
          .tuple(fc.constantFrom(...queryParams), fc.array(nastyString, { minLength: 1, maxLength: 3 }))
          .map(([p, vs]) => (c: FuzzCase) => ({
            ...c,
            kind: `query ${p.name}`,
            query: [
              ...c.query.filter(([k]) => k !== p.name),
              ...vs.map((v): [string, string] => [p.name, v]),
            ],
          })),
      );
    mutations.push(
      fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), nastyString).map(([k, v]) => (c: FuzzCase) => ({
        ...c,
        kind: 'unknown query parameter',
        query: [...c.query, [k, v]],
      })),
    );
    if (headerParams.length)
      mutations.push(
        fc.tuple(fc.constantFrom(...headerParams), headerString).map(([p, v]) => (c: FuzzCase) => ({
          ...c,
          kind: `header ${p.name}`,
          headers: { ...c.headers, [p.name]: v },
        })),
      );
    mutations.push(
      fc
        .constantFrom<string | undefined>(
          undefined,
          'Bearer',
          'Bearer ',
          'Basic dXNlcjpwYXNz',
          'Bearer dpat_000000000000000000000000000000000000',
          `Bearer ${this.target.token}x`,
          `Bearer ${this.target.token.slice(0, -1)}`,
          `bearer ${this.target.token}`,
          `Bearer  ${this.target.token}`,
          'Bearer ' + 'a'.repeat(5000),
        )
        .map((auth) => (c: FuzzCase) => ({
          ...c,
          kind: `authorization ${JSON.stringify(auth)?.slice(0, 30)}`,
          auth,
        })),
    );
    mutations.push(...this.bodyMutations());
    return fc
      .tuple(this.valid(), fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 2 }))
      .map(([c, ms]) => {
        const mutated = ms.reduce((acc, m) => m(acc), c);
        return { ...mutated, kind: ms.length > 1 ? ms.map((m) => m(c).kind).join(' + ') : mutated.kind };
      });
  }

  private bodyMutations(): fc.Arbitrary<(c: FuzzCase) => FuzzCase>[] {
    const type = this.mediaType ?? 'application/json';
    const withBody =
      (kind: string, contentType: string | undefined, payload: string | Buffer) => (c: FuzzCase) => ({
        ...c,
        kind,
        body: { contentType, payload },
      });
    const out: fc.Arbitrary<(c: FuzzCase) => FuzzCase>[] = [
      fc.constantFrom(...BAD_JSON).map((t) => withBody('malformed JSON', 'application/json', t)),
      fc
        .constantFrom(
          'text/plain',
          'application/xml',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'application/json; charset=utf-16',
          'application/octet-stream',
          'image/png',
        )
        .map((t) => withBody(`content type ${t}`, t, t.startsWith('text') ? '{"a":1}' : 'a=1&b=2')),
      fc.constant(withBody('body over 1 MiB', type, `{"a":"${'x'.repeat(1024 * 1024 + 10)}"}`)),
    ];
    if (!this.mediaType) return out;
    if (this.mediaType === 'multipart/form-data') {
      out.push(
        fc.uint8Array({ maxLength: 512 }).map((bytes) => (c: FuzzCase) => {
          const m = multipart([['other', 'x.zip', Buffer.from(bytes)]]);
          return { ...c, kind: 'multipart: file in another field', body: m };
        }),
        fc.uint8Array({ maxLength: 512 }).map((bytes) => (c: FuzzCase) => {
          const m = multipart([['file', 'x.zip', Buffer.from(bytes)]]);
          return { ...c, kind: 'multipart: neither zip nor gzip', body: m };
        }),
        fc.constant((c: FuzzCase) => ({
          ...c,
          kind: 'multipart: two files',
          body: multipart([
            ['file', 'a.tar.gz', gzipSync(Buffer.from('a'))],
            ['file', 'b.tar.gz', gzipSync(Buffer.from('b'))],
          ]),
        })),
        fc.constant((c: FuzzCase) => ({
          ...c,
          kind: 'multipart: truncated',
          body: {
            contentType: 'multipart/form-data; boundary=abc',
            payload: '--abc\r\nContent-Disposition: form-da',
          },
        })),
      );
      return out;
    }
    const schema = this.schemas.resolve(this.op.operation.requestBody?.content?.[this.mediaType]?.schema);
    const properties = Object.keys((schema.properties ?? {}) as object);
    out.push(
      nastyValue.map((v) => withBody('body of another type', type, JSON.stringify(v) ?? 'null')),
      fc.constantFrom(...PROTO_BODIES).map((t) => withBody('prototype keys', type, t)),
      fc.tuple(fc.string({ minLength: 1, maxLength: 20 }), nastyValue).map(([k, v]) => (c: FuzzCase) => {
        const parsed = c.body ? parseOr(c.body.payload, {}) : {};
        const extended =
          typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
            ? { ...parsed, [`x${k}`]: v }
            : [parsed, v];
        return withBody('extra field', type, JSON.stringify(extended))(c);
      }),
    );
    if (properties.length)
      out.push(
        fc.tuple(fc.constantFrom(...properties), nastyValue).map(([k, v]) => (c: FuzzCase) => {
          const parsed = (c.body ? parseOr(c.body.payload, {}) : {}) as Record<string, unknown>;
          return withBody(`body field ${k}`, type, JSON.stringify({ ...parsed, [k]: v }))(c);
        }),
      );
    if (schema.type === 'array')
      out.push(
        fc
          .array(nastyValue, { minLength: 1, maxLength: 5 })
          .map((items) => withBody('array items of other types', type, JSON.stringify(items))),
        fc.constant(withBody('200 items', type, JSON.stringify(Array.from({ length: 200 }, () => ({}))))),
      );
    return out;
  }
}

function toRequest(op: FuzzOperation, c: FuzzCase): InjectOptions {
  let url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = c.pathParams[name] ?? 'x';
    return c.rawPath ? v : encodeURIComponent(wellFormed(v));
  });
  if (c.query.length) {
    const search = new URLSearchParams(
      c.query.map(([k, v]): [string, string] => [wellFormed(k), wellFormed(v)]),
    );
    url += `?${search.toString()}`;
  }
  const headers: Record<string, string> = { ...c.headers };
  if (c.auth !== undefined) headers.authorization = c.auth;
  if (c.body?.contentType) headers['content-type'] = c.body.contentType;
  return { method: op.method as InjectOptions['method'], url, headers, payload: c.body?.payload };
}

function describeCase(c: FuzzCase, req: InjectOptions): string {
  const clip = (s: string): string => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s);
  const payload = c.body ? clip(c.body.payload.toString('utf8' as BufferEncoding)) : undefined;
  return JSON.stringify({
    kind: c.kind,
    url: clip(String(req.url)),
    contentType: c.body?.contentType,
    body: payload,
  });
}

/** Fuzzes one operation: `numRuns` valid-ish and `numRuns` invalid cases, seeded. */
export async function fuzzOperation(target: FuzzTarget, op: FuzzOperation): Promise<FuzzResult> {
  const builder = new CaseBuilder(target, op);
  const numRuns = target.numRuns ?? 20;
  const seed = target.seed ?? 20260514;
  const statuses: Record<string, number> = {};
  const problems = new Map<string, string>();
  let cases = 0;
  const run = async (c: FuzzCase): Promise<boolean> => {
    const req = toRequest(op, c);
    const res = await target.inject(req);
    cases += 1;
    statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
    const found = answerProblems(target, op, res);
    for (const problem of found)
      if (!problems.has(problem))
        problems.set(problem, `${op.key}: ${problem} — ${describeCase(c, req)} → ${res.body.slice(0, 300)}`);
    return true;
  };
  await fc.assert(fc.asyncProperty(builder.valid(), run), { numRuns: Math.ceil(numRuns / 2), seed });
  await fc.assert(fc.asyncProperty(builder.invalid(), run), {
    numRuns: Math.ceil(numRuns / 2),
    seed: seed + 1,
  });
  return { key: op.key, cases, statuses, problems: [...problems.values()] };
}
