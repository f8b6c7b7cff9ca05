import Ajv2020, { type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';
import { vendorDataSet } from './vendor-data';

// The normative JSON Schemas of UCP 2026-04-08 (Universal Commerce Protocol, the Shopping API's
// wire format), read from the `ucp` vendor data set (../shared/vendor-tests/ucp, docs/testing.md)
// and loaded into ONE Ajv (draft 2020-12) keyed by each file's `$id`
// (https://ucp.dev/schemas/...), so a test validates what the service returns offline:
//
//   const ucp = loadUcpSchemas();                 // inside a describeWithVendorData('ucp', …) body
//   ucp.expectValid('checkout', res.body);        // throws with one line per Ajv error
//   ucp.validator('https://ucp.dev/schemas/shopping/types/error_response.json')(body);
//
// How UCP composes what a response must look like (and what this module does about it):
// - Capabilities are root schemas with a top-level `name` (`dev.ucp.shopping.checkout` in
//   shopping/checkout.json). An extension (discount, fulfillment, buyer_consent, ap2_mandate, and the
//   cart's `cart_id` on checkout) defines, in its own `$defs`, the extended resource as
//   `allOf: [{ $ref: "<root>.json" }, { properties: { <new fields> } }]`. A response is valid
//   against the allOf of the root and every NEGOTIATED extension of it; the response names them in
//   `ucp.capabilities`, so `expectValid('checkout', body)` composes the root with the extensions
//   whose capability name `body.ucp.capabilities` lists (an unknown name, e.g. `com.godaddy.*`,
//   adds nothing). The root schemas allow additional properties, so without an extension's schema
//   its fields would pass untyped.
// - Request bodies are not separate schemas: fields carry `ucp_request` (`omit` | `optional` |
//   `required`, or a per-operation object `{create, update, complete}`), and one response field
//   carries `ucp_response: "omit"` (a payment token is never echoed back). Those keywords are
//   annotations to a plain validator; this module derives "views" from them: a copy of every schema
//   under https://ucp.dev/views/<view>/schemas/... where, for the operation, `omit` forbids the
//   field (`false`), `required` adds it to `required`, `optional` takes it out. `response` (the view
//   `expectValid` uses) only applies `ucp_response`. `published` is the files as they are.
// - The `ucp` object differs per resource: a checkout's is `response_checkout_schema`, which
//   REQUIRES `payment_handlers` (may be `{}`); cart, order and catalog responses do not need it; an
//   error response's is `ucp.json#/$defs/error` (`status: "error"` required). Every one requires
//   `version` (YYYY-MM-DD).
//
// Ajv strict mode stays on for what catches schema mistakes (unknown keywords, tuples, numbers);
// UCP's own keywords are declared as annotation keywords (UCP_ANNOTATION_KEYWORDS). Two strict
// checks are off because UCP's schemas use legal 2020-12 that they flag: `strictTypes` (type-specific
// keywords in `if`/`then`/`contains` branches without a repeated `type`, e.g. total.json's
// `exclusiveMaximum` on a discount amount) and `strictRequired` (a `required` naming a property
// declared in a sibling `allOf` branch, e.g. payment_handler.json's `id`).
//
// One fix-up: discovery/profile_schema.json has `$id` https://ucp.dev/schemas/discovery/profile.json
// but writes its refs relative to its place in the repository (`../schemas/ucp.json`), which against
// the `$id` would mean https://ucp.dev/schemas/schemas/ucp.json. Every relative `$ref` whose target
// differs by file location and by `$id` is rewritten to reach, from the `$id`, the file the
// repository means (`../ucp.json`); rebasedRefs lists them.

/** The UCP version the Shopping API speaks, and the vendored schemas' version. */
export const UCP_VERSION = '2026-04-08';

/** UCP's non-standard keywords, declared to Ajv as annotations (they carry no assertion). */
export const UCP_ANNOTATION_KEYWORDS = [
  'name', // a capability schema's reverse-domain name
  'ucp_request', // per-operation request visibility of a response field
  'ucp_response', // response visibility (`omit`: never echoed)
  'ucp_shared_request', // marks a shared type whose fields carry ucp_request
  'embedded', // the embedded-checkout transport's JSON-RPC method declarations (fulfillment.json)
  'platform_schema', // per-role config schemas inside an extension's capability entry
  'business_schema',
] as const;

const SPEC_SOURCE = ['spec-2026-04-08', 'source'];
const ORIGIN = 'https://ucp.dev/';
const SCHEMAS = `${ORIGIN}schemas/`;

export type UcpView = 'published' | 'response' | 'create' | 'update' | 'complete';
export type UcpRequestOperation = 'create' | 'update' | 'complete';

/** What our service returns (or sends, for the webhook), each with the schema it must satisfy. */
export type UcpKind =
  | 'checkout'
  | 'cart'
  | 'order'
  | 'order_webhook'
  | 'search_response'
  | 'lookup_response'
  | 'get_product_response'
  | 'error_response'
  | 'business_profile'
  | 'platform_profile';

/** Request bodies that have a schema (checkout and cart through their ucp_request views). */
export type UcpRequestKind =
  'checkout' | 'cart' | 'search_request' | 'lookup_request' | 'get_product_request';

/** A capability root: the resource kinds whose schema is composed with negotiated extensions. */
const ROOT_OF: Partial<Record<UcpKind | UcpRequestKind, string>> = {
  checkout: 'dev.ucp.shopping.checkout',
  cart: 'dev.ucp.shopping.cart',
  order: 'dev.ucp.shopping.order',
  order_webhook: 'dev.ucp.shopping.order',
};

/** The other kinds' schemas. */
const REF_OF: Partial<Record<UcpKind | UcpRequestKind, string>> = {
  search_response: `${SCHEMAS}shopping/catalog_search.json#/$defs/search_response`,
  lookup_response: `${SCHEMAS}shopping/catalog_lookup.json#/$defs/lookup_response`,
  get_product_response: `${SCHEMAS}shopping/catalog_lookup.json#/$defs/get_product_response`,
  error_response: `${SCHEMAS}shopping/types/error_response.json`,
  business_profile: `${SCHEMAS}discovery/profile.json#/$defs/business_profile`,
  platform_profile: `${SCHEMAS}discovery/profile.json#/$defs/platform_profile`,
  search_request: `${SCHEMAS}shopping/catalog_search.json#/$defs/search_request`,
  lookup_request: `${SCHEMAS}shopping/catalog_lookup.json#/$defs/lookup_request`,
  get_product_request: `${SCHEMAS}shopping/catalog_lookup.json#/$defs/get_product_request`,
};

/** An extension's schema for one resource it extends. */
export interface UcpExtension {
  /** The extension's capability name (`dev.ucp.shopping.discount`). */
  readonly capability: string;
  /** The capability it extends (`dev.ucp.shopping.checkout`). */
  readonly extends: string;
  /** The extended resource's schema (`…/discount.json#/$defs/dev.ucp.shopping.checkout`). */
  readonly ref: string;
}

export interface UcpSchemas {
  readonly version: string;
  /** The one Ajv instance (every schema file in every view). */
  readonly ajv: Ajv2020;
  /** The `$id` of every schema file, as published. */
  readonly schemaIds: readonly string[];
  /** The capability root schemas by name (`dev.ucp.shopping.checkout` → its `$id`). */
  readonly capabilities: Readonly<Record<string, string>>;
  readonly extensions: readonly UcpExtension[];
  /** `$ref`s rewritten on load (see the header): `file: from → to`. */
  readonly rebasedRefs: readonly string[];
  /** A compiled validator for a schema ref (`https://ucp.dev/schemas/...[#/pointer]`), in a view. */
  validator(ref: string, view?: UcpView): ValidateFunction;
  /** A validator for an ad-hoc schema whose `$ref`s are absolute https://ucp.dev/schemas/... URLs. */
  compile(schema: AnySchemaObject, view?: UcpView): ValidateFunction;
  /** The schema `kind` checks `body` against (composed with the extensions body.ucp names). */
  schemaFor(kind: UcpKind, body: unknown): AnySchemaObject;
  /** Each Ajv error of `body` against `kind`, one line each (`/path message`); empty when valid. */
  errors(kind: UcpKind, body: unknown): string[];
  /** Throws (failing the Jest test) with every error when `body` is not a valid `kind`. */
  expectValid(kind: UcpKind, body: unknown): void;
  /** Errors of a request body for an operation (its ucp_request view). */
  requestErrors(kind: UcpRequestKind, operation: UcpRequestOperation, body: unknown): string[];
  expectRequestValid(kind: UcpRequestKind, operation: UcpRequestOperation, body: unknown): void;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const VIEWS: readonly UcpView[] = ['published', 'response', 'create', 'update', 'complete'];

/** The root of the UCP spec files inside the data set folder. */
export function ucpSpecDir(dir: string = vendorDataSet('ucp').dir): string {
  return join(dir, ...SPEC_SOURCE);
}

/**
 * Loads every schema of the `ucp` data set (`dir` is the set's folder; read it only inside a
 * describeWithVendorData('ucp', …) body). Compiles lazily: each validator on first use.
 */
export function loadUcpSchemas(dir: string = vendorDataSet('ucp').dir): UcpSchemas {
  const source = ucpSpecDir(dir);
  const files = [
    ...jsonFilesUnder(join(source, 'schemas')),
    join(source, 'discovery', 'profile_schema.json'),
  ];
  const rebasedRefs: string[] = [];
  const published = files.map((file) => {
    const schema = JSON.parse(readFileSync(file, 'utf8')) as JsonObject;
    const id = schema.$id;
    if (typeof id !== 'string' || !id.startsWith(SCHEMAS)) {
      throw new Error(`${file}: no https://ucp.dev/schemas/ $id`);
    }
    const where = `${ORIGIN}${relative(source, file).split(sep).join('/')}`;
    rebaseRefs(schema, id, where, (from, to) =>
      rebasedRefs.push(`${relative(source, file)}: ${from} → ${to}`),
    );
    return schema;
  });

  const ajv = new Ajv2020({
    strict: true,
    strictTypes: false,
    strictRequired: false,
    allErrors: true,
    logger: false,
  });
  addFormats(ajv);
  for (const keyword of UCP_ANNOTATION_KEYWORDS) ajv.addKeyword({ keyword });
  for (const view of VIEWS) {
    for (const schema of published) ajv.addSchema(viewOf(schema, view));
  }

  const capabilities: Record<string, string> = {};
  for (const schema of published) {
    if (typeof schema.name === 'string' && schema.type === 'object') {
      capabilities[schema.name] = schema.$id as string;
    }
  }
  const extensions = findExtensions(published, capabilities);

  const compiled = new Map<string, ValidateFunction>();
  const validator = (ref: string, view: UcpView = 'published'): ValidateFunction => {
    const key = `${view} ${ref}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = compile({ $ref: ref }, view);
      compiled.set(key, validate);
    }
    return validate;
  };
  const compile = (schema: AnySchemaObject, view: UcpView = 'published'): ValidateFunction => {
    const copy = JSON.parse(JSON.stringify(schema)) as JsonObject;
    mapRefs(copy, (ref) => (ref.startsWith(SCHEMAS) ? viewId(ref, view) : ref));
    return ajv.compile(copy);
  };
  const composed = (root: string, body: unknown, view: UcpView): AnySchemaObject => {
    const rootId = capabilities[root];
    if (!rootId) throw new Error(`no capability schema named ${root}`);
    const active = new Set(Object.keys(capabilitiesOf(body)));
    const refs = [
      rootId,
      ...extensions.filter((e) => e.extends === root && active.has(e.capability)).map((e) => e.ref),
    ];
    return refs.length === 1
      ? { $ref: viewId(rootId, view) }
      : { allOf: refs.map((r) => ({ $ref: viewId(r, view) })) };
  };
  const schemaOf = (kind: UcpKind | UcpRequestKind, body: unknown, view: UcpView): AnySchemaObject => {
    const root = ROOT_OF[kind];
    if (root) return composed(root, body, view);
    const ref = REF_OF[kind];
    if (!ref) throw new Error(`not a UCP kind: ${kind}`);
    return { $ref: viewId(ref, view) };
  };
  const errorsOf = (schema: AnySchemaObject, body: unknown): string[] => {
    const key = `schema ${JSON.stringify(schema)}`;
    let validate = compiled.get(key);
    if (!validate) {
      validate = ajv.compile(schema);
      compiled.set(key, validate);
    }
    return validate(body) ? [] : formatAjvErrors(validate.errors ?? []);
  };
  const fail = (what: string, schema: AnySchemaObject, errors: string[]): never => {
    const shown = errors.slice(0, 40);
    const more = errors.length > shown.length ? [`… and ${errors.length - shown.length} more`] : [];
    throw new Error(
      [`${what} is not valid UCP ${UCP_VERSION} (${describeSchema(schema)}):`, ...shown, ...more].join(
        '\n  ',
      ),
    );
  };

  return {
    version: UCP_VERSION,
    ajv,
    schemaIds: published.map((s) => s.$id as string),
    capabilities,
    extensions,
    rebasedRefs,
    validator,
    compile,
    schemaFor: (kind, body) => schemaOf(kind, body, 'response'),
    errors: (kind, body) => errorsOf(schemaOf(kind, body, 'response'), body),
    expectValid(kind, body) {
      const schema = schemaOf(kind, body, 'response');
      const errors = errorsOf(schema, body);
      if (errors.length > 0) fail(`body (${kind})`, schema, errors);
    },
    requestErrors: (kind, operation, body) => errorsOf(schemaOf(kind, body, operation), body),
    expectRequestValid(kind, operation, body) {
      const schema = schemaOf(kind, body, operation);
      const errors = errorsOf(schema, body);
      if (errors.length > 0) fail(`${operation} request (${kind})`, schema, errors);
    },
  };
}

const loaded = new Map<string, UcpSchemas>();

/** loadUcpSchemas(dir), loaded once per folder and process (a Jest worker). */
export function ucpSchemas(dir: string = vendorDataSet('ucp').dir): UcpSchemas {
  let schemas = loaded.get(dir);
  if (!schemas) {
    schemas = loadUcpSchemas(dir);
    loaded.set(dir, schemas);
  }
  return schemas;
}

/** Fails the test, listing every Ajv error by instancePath, unless `body` is a valid UCP `kind`. */
export function expectUcpValid(kind: UcpKind, body: unknown, schemas: UcpSchemas = ucpSchemas()): void {
  schemas.expectValid(kind, body);
}

/**
 * The totals rules a JSON Schema cannot state (checkout.md "Totals"): the non-`total` entries sum
 * to the `total` entry, and each entry's `lines` sum to its amount. Empty when they hold.
 */
export function ucpTotalsProblems(totals: unknown): string[] {
  if (!Array.isArray(totals)) return ['totals is not an array'];
  const entries = totals as Array<{ type?: unknown; amount?: unknown; lines?: unknown }>;
  const problems: string[] = [];
  const totalEntries = entries.filter((e) => e.type === 'total');
  const sum = entries.filter((e) => e.type !== 'total').reduce((s, e) => s + Number(e.amount), 0);
  if (totalEntries.length !== 1) problems.push(`${totalEntries.length} entries of type total, not 1`);
  else if (Number(totalEntries[0].amount) !== sum) {
    problems.push(`total ${String(totalEntries[0].amount)} ≠ ${sum}, the sum of the other entries`);
  }
  entries.forEach((entry, i) => {
    if (!Array.isArray(entry.lines)) return;
    const lines = (entry.lines as Array<{ amount?: unknown }>).reduce((s, l) => s + Number(l.amount), 0);
    if (lines !== Number(entry.amount)) {
      problems.push(
        `/${i} (${String(entry.type)}) amount ${String(entry.amount)} ≠ ${lines}, the sum of its lines`,
      );
    }
  });
  return problems;
}

/** Ajv errors as lines `instancePath message (detail)`, deduplicated. */
export function formatAjvErrors(errors: readonly ErrorObject[]): string[] {
  const lines = errors.map((error) => {
    const path = error.instancePath || '(root)';
    const params = error.params as Record<string, unknown>;
    switch (error.keyword) {
      case 'false schema':
        return `${path} must be omitted (ucp_request / ucp_response "omit") [${error.schemaPath}]`;
      case 'enum':
        return `${path} ${error.message}: ${JSON.stringify(params.allowedValues)} [${error.schemaPath}]`;
      case 'const':
        return `${path} ${error.message}: ${JSON.stringify(params.allowedValue)} [${error.schemaPath}]`;
      case 'additionalProperties':
        return `${path} ${error.message}: ${String(params.additionalProperty)} [${error.schemaPath}]`;
      default:
        return `${path} ${error.message} [${error.schemaPath}]`;
    }
  });
  return [...new Set(lines)];
}

/** The capability names a body's `ucp.capabilities` lists (an empty object when none). */
function capabilitiesOf(body: unknown): Record<string, unknown> {
  const ucp = (body as { ucp?: { capabilities?: unknown } } | null)?.ucp;
  const capabilities = ucp?.capabilities;
  return capabilities && typeof capabilities === 'object' && !Array.isArray(capabilities)
    ? (capabilities as Record<string, unknown>)
    : {};
}

function describeSchema(schema: AnySchemaObject): string {
  const refs: string[] = [];
  let view = 'published';
  mapRefs(JSON.parse(JSON.stringify(schema)) as JsonObject, (ref) => {
    const inView = /^https:\/\/ucp\.dev\/views\/([a-z]+)\//.exec(ref);
    if (inView) view = inView[1];
    refs.push(inView ? `${ORIGIN}${ref.slice(inView[0].length)}` : ref);
    return ref;
  });
  return `${refs.join(' + ')}, ${view} view`;
}

function jsonFilesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory()
        ? jsonFilesUnder(join(dir, entry.name))
        : entry.name.endsWith('.json')
          ? [join(dir, entry.name)]
          : [],
    )
    .sort();
}

/** https://ucp.dev/schemas/x.json in a view: https://ucp.dev/views/<view>/schemas/x.json. */
function viewId(id: string, view: UcpView): string {
  return view === 'published' || !id.startsWith(SCHEMAS)
    ? id
    : `${ORIGIN}views/${view}/${id.slice(ORIGIN.length)}`;
}

/** Calls `visit` on every `$ref` string value, replacing it with what it returns. */
function mapRefs(node: Json, visit: (ref: string) => string): void {
  if (Array.isArray(node)) {
    for (const item of node) mapRefs(item, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') node[key] = visit(value);
    else mapRefs(value, visit);
  }
}

/** Rewrites relative refs that resolve differently against `id` and against the file's location. */
function rebaseRefs(
  schema: JsonObject,
  id: string,
  fileUrl: string,
  report: (from: string, to: string) => void,
) {
  mapRefs(schema, (ref) => {
    if (/^[a-z]+:/i.test(ref) || ref.startsWith('#')) return ref;
    const meant = new URL(ref, fileUrl);
    if (new URL(ref, id).href === meant.href) return ref;
    const from = posix.dirname(new URL(id).pathname);
    const to = `${posix.relative(from, meant.pathname)}${meant.hash}`;
    report(ref, to);
    return to;
  });
}

/** A copy of a published schema in a view: its `$id` moved, ucp_request / ucp_response applied. */
function viewOf(schema: JsonObject, view: UcpView): JsonObject {
  const copy = JSON.parse(JSON.stringify(schema)) as JsonObject;
  if (view === 'published') return copy;
  copy.$id = viewId(schema.$id as string, view);
  applyVisibility(copy, view);
  return copy;
}

function applyVisibility(node: Json, view: UcpView): void {
  if (Array.isArray(node)) {
    for (const item of node) applyVisibility(item, view);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const properties = node.properties;
  if (properties && typeof properties === 'object' && !Array.isArray(properties)) {
    for (const [name, property] of Object.entries(properties)) {
      const mode = visibility(property, view);
      if (!mode) continue;
      const required = Array.isArray(node.required) ? node.required.filter((r) => r !== name) : [];
      if (mode === 'omit') properties[name] = false;
      if (mode === 'required') required.push(name);
      if (required.length > 0) node.required = required;
      else delete node.required;
    }
  }
  for (const value of Object.values(node)) applyVisibility(value, view);
}

/** The visibility a property's annotation gives it in a view, if it says anything for that view. */
function visibility(property: Json, view: UcpView): string | undefined {
  if (!property || typeof property !== 'object' || Array.isArray(property)) return undefined;
  const annotation = view === 'response' ? property.ucp_response : property.ucp_request;
  if (view === 'published' || annotation === undefined) return undefined;
  if (typeof annotation === 'string') return annotation;
  if (annotation && typeof annotation === 'object' && !Array.isArray(annotation)) {
    const mode = annotation[view];
    return typeof mode === 'string' ? mode : undefined;
  }
  return undefined;
}

/**
 * Extensions: a `$defs` entry of a named schema that is `allOf` a capability root (by `$ref`) plus
 * its own fields extends that root.
 */
function findExtensions(
  schemas: readonly JsonObject[],
  capabilities: Record<string, string>,
): UcpExtension[] {
  const rootById = new Map(Object.entries(capabilities).map(([name, id]) => [id, name]));
  const extensions: UcpExtension[] = [];
  for (const schema of schemas) {
    if (typeof schema.name !== 'string' || !schema.$defs || typeof schema.$defs !== 'object') continue;
    for (const [key, def] of Object.entries(schema.$defs as JsonObject)) {
      const allOf = (def as JsonObject | null)?.allOf;
      if (!Array.isArray(allOf)) continue;
      for (const part of allOf) {
        const ref = (part as JsonObject | null)?.$ref;
        if (typeof ref !== 'string') continue;
        const root = rootById.get(new URL(ref, schema.$id as string).href);
        if (root && root !== schema.name) {
          extensions.push({
            capability: schema.name,
            extends: root,
            ref: `${schema.$id as string}#/$defs/${key}`,
          });
        }
      }
    }
  }
  return extensions;
}

// ---- The service definitions: every REST operation (rest.openapi.json) and MCP tool
// (mcp.openrpc.json), so a suite can iterate over all of them. Their schemas come back with local
// `#/components/...` refs inlined and relative refs made absolute (https://ucp.dev/schemas/...),
// ready for UcpSchemas.compile().

export interface UcpHeader {
  readonly name: string;
  readonly required: boolean;
}

export interface UcpOperation {
  readonly operationId: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the REST service endpoint (`/checkout-sessions/{id}`). */
  readonly path: string;
  readonly pathParameters: readonly string[];
  readonly headers: readonly UcpHeader[];
  /** The headers the operation requires (`UCP-Agent`, `Request-Id`, `Idempotency-Key` on writes). */
  readonly requiredHeaders: readonly string[];
  /** The request body's schema, when the operation takes one. */
  readonly requestSchema?: AnySchemaObject;
  /** The one success status declared (201 for create_checkout and create_cart). */
  readonly successStatus: number;
  readonly responseSchema?: AnySchemaObject;
}

export interface UcpWebhook extends UcpOperation {
  /** The webhook's name in the document's `webhooks` (`orderEvent`). */
  readonly name: string;
}

export interface UcpMcpParam {
  readonly name: string;
  readonly required: boolean;
  readonly schema: AnySchemaObject;
}

export interface UcpMcpTool {
  /** The tool (JSON-RPC method) name: `create_checkout`. */
  readonly name: string;
  readonly summary?: string;
  readonly params: readonly UcpMcpParam[];
  /** The `meta` keys the tool requires (`ucp-agent`, plus `idempotency-key` on complete/cancel). */
  readonly requiredMeta: readonly string[];
  /** The schema of `params.arguments` of a `tools/call`: an object of the params. */
  readonly argumentsSchema: AnySchemaObject;
  readonly resultName?: string;
  readonly resultSchema?: AnySchemaObject;
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

interface OpenApiOperation {
  operationId: string;
  parameters?: JsonObject[];
  requestBody?: { content?: Record<string, { schema?: JsonObject }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
}

/** Every operation of services/shopping/rest.openapi.json, in document order. */
export function ucpOperations(dir: string = vendorDataSet('ucp').dir): UcpOperation[] {
  const { doc, url } = readServiceDoc(dir, 'rest.openapi.json');
  const paths = doc.paths as Record<string, Record<string, Json>>;
  const operations: UcpOperation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    const shared = (item.parameters as JsonObject[] | undefined) ?? [];
    for (const method of HTTP_METHODS) {
      const op = item[method] as unknown as OpenApiOperation | undefined;
      if (op) operations.push(readOperation(doc, url, method, path, op, shared));
    }
  }
  return operations;
}

/** The webhooks of rest.openapi.json (the business → platform order event). */
export function ucpWebhooks(dir: string = vendorDataSet('ucp').dir): UcpWebhook[] {
  const { doc, url } = readServiceDoc(dir, 'rest.openapi.json');
  const webhooks = (doc.webhooks ?? {}) as Record<string, Record<string, Json>>;
  return Object.entries(webhooks).flatMap(([name, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const op = item[method] as unknown as OpenApiOperation | undefined;
      return op ? [{ name, ...readOperation(doc, url, method, name, op, []) }] : [];
    }),
  );
}

/** Every method (MCP tool) of services/shopping/mcp.openrpc.json, in document order. */
export function ucpMcpTools(dir: string = vendorDataSet('ucp').dir): UcpMcpTool[] {
  const { doc, url } = readServiceDoc(dir, 'mcp.openrpc.json');
  const methods = doc.methods as Array<{
    name: string;
    summary?: string;
    params: Array<{ name: string; required?: boolean; schema: JsonObject }>;
    result?: { name?: string; schema?: JsonObject };
  }>;
  return methods.map((method) => {
    const params = method.params.map((p) => ({
      name: p.name,
      required: p.required === true,
      schema: absoluteSchema(doc, url, p.schema) as AnySchemaObject,
    }));
    const meta = params.find((p) => p.name === 'meta');
    return {
      name: method.name,
      summary: method.summary,
      params,
      requiredMeta: meta ? requiredKeys(meta.schema) : [],
      argumentsSchema: {
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
        required: params.filter((p) => p.required).map((p) => p.name),
      },
      resultName: method.result?.name,
      resultSchema: method.result?.schema
        ? (absoluteSchema(doc, url, method.result.schema) as AnySchemaObject)
        : undefined,
    };
  });
}

function readServiceDoc(dir: string, name: string): { doc: JsonObject; url: string } {
  const doc = JSON.parse(
    readFileSync(join(ucpSpecDir(dir), 'services', 'shopping', name), 'utf8'),
  ) as JsonObject;
  return { doc, url: `${ORIGIN}services/shopping/${name}` };
}

function readOperation(
  doc: JsonObject,
  url: string,
  method: (typeof HTTP_METHODS)[number],
  path: string,
  op: OpenApiOperation,
  shared: JsonObject[],
): UcpOperation {
  const parameters = [...shared, ...(op.parameters ?? [])].map(
    (p) => absoluteSchema(doc, url, p) as { name: string; in: string; required?: boolean },
  );
  const headers = parameters
    .filter((p) => p.in === 'header')
    .map((p) => ({ name: p.name, required: p.required === true }));
  const [status, response] = Object.entries(op.responses ?? {}).find(([code]) => /^2\d\d$/.test(code)) ?? [];
  const requestSchema = op.requestBody?.content?.['application/json']?.schema;
  const responseSchema = response?.content?.['application/json']?.schema;
  return {
    operationId: op.operationId,
    method: method.toUpperCase() as UcpOperation['method'],
    path,
    pathParameters: parameters.filter((p) => p.in === 'path').map((p) => p.name),
    headers,
    requiredHeaders: headers.filter((h) => h.required).map((h) => h.name),
    requestSchema: requestSchema ? (absoluteSchema(doc, url, requestSchema) as AnySchemaObject) : undefined,
    successStatus: Number(status ?? 200),
    responseSchema: responseSchema
      ? (absoluteSchema(doc, url, responseSchema) as AnySchemaObject)
      : undefined,
  };
}

/** A copy of `node` with the document's own `#/...` refs inlined and other relative refs absolute. */
function absoluteSchema(doc: JsonObject, url: string, node: Json, seen: readonly string[] = []): Json {
  if (Array.isArray(node)) return node.map((item) => absoluteSchema(doc, url, item, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = node.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/')) {
    if (seen.includes(ref)) throw new Error(`${url}: circular ${ref}`);
    const target = ref
      .slice(2)
      .split('/')
      .reduce<Json>((at, key) => (at as JsonObject)[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    const inlined = absoluteSchema(doc, url, target, [...seen, ref]);
    const rest = Object.fromEntries(Object.entries(node).filter(([key]) => key !== '$ref'));
    return Object.keys(rest).length === 0
      ? inlined
      : { ...(absoluteSchema(doc, url, rest, seen) as JsonObject), allOf: [inlined] };
  }
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string'
        ? new URL(value, url).href
        : absoluteSchema(doc, url, value, seen),
    ]),
  );
}

/** The keys a schema requires, through `allOf`. */
function requiredKeys(schema: Json): string[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const own = Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
  const nested = Array.isArray(schema.allOf) ? schema.allOf.flatMap(requiredKeys) : [];
  return [...new Set([...own, ...nested])];
}
