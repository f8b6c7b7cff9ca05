import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { Json, JsonObject, isJsonObject, toJsonSchema2020 } from './openapi-json';

/**
 * A fixed configuration for building a document: it must not depend on the machine's environment,
 * and building it must not touch a database, Redis or the development key file.
 */
export const OPENAPI_DOCUMENT_ENV: Readonly<Record<string, string>> = {
  DATABASE_URL: 'postgres://openapi@127.0.0.1:1/openapi',
  REDIS_URL: 'redis://127.0.0.1:1',
  SECRETS_ENCRYPTION_KEY: '00'.repeat(32),
  LOG_LEVEL: 'silent',
};

/**
 * What an error answer of one operation carries: `error` is the area's error object, `limit` its
 * rate-limit object (domains ErrorLimit), `none` no body (the per-credential 429 of the spec).
 */
export type OpenApiErrorBody = 'error' | 'limit' | 'none';

/** One declared error answer: its description, and its body when not the area's error object. */
export type OpenApiErrorAnswer = string | { readonly description: string; readonly body: OpenApiErrorBody };

/** Error answers of one operation by status ("404": "STORE_NOT_FOUND: …"). */
export type OpenApiErrorAnswers = Readonly<Record<string, OpenApiErrorAnswer>>;

/** What one service's document says that its controllers and DTOs do not. */
export interface OpenApiArea {
  readonly info: { readonly title: string; readonly description: string; readonly version: string };
  /** Component schemas of the area's error shape (added to components.schemas). */
  readonly errorSchemas: JsonObject;
  /** The component schema of every error body (`error`). */
  readonly errorSchema: string;
  /** The component schema of a rate-limit body (`limit`); the error schema when unset. */
  readonly limitSchema?: string;
  /**
   * Every operation of the service, keyed "METHOD /path" as the document spells it
   * ("GET /v1/countries/{countryKey}"), with the error answers it really gives. Authenticated
   * operations get 401 and 403 without listing them. An operation missing here, or an entry with
   * no operation, fails the build of the document, so a new route cannot go undocumented.
   */
  readonly operations: Readonly<Record<string, OpenApiErrorAnswers>>;
  /**
   * What the app says of its document before the shared finishing, where decorators cannot say
   * it (shopping: one handler mounted on the platform's path and a store's, so its path
   * parameters, operation ids and success statuses are set per path). Changes the document in place.
   */
  readonly prepare?: (document: JsonObject) => void;
}

/**
 * Where clients call every service: the gateway, one base URL for all of them (README, "Service
 * map"); each service also answers on its own port, which a Kubernetes deployment does not expose.
 */
export const OPENAPI_SERVERS: readonly JsonObject[] = [
  {
    url: 'http://127.0.0.1:8080',
    description: 'The gateway of `npm start` (PORT 8080): every path of every service',
  },
];

/** The platform's licence (package.json: UNLICENSED; an SPDX LicenseRef, as SPDX has no id for it). */
export const OPENAPI_LICENSE: JsonObject = {
  name: 'Proprietary (UNLICENSED): all rights reserved',
  identifier: 'LicenseRef-Proprietary',
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const AUTHENTICATED: OpenApiErrorAnswers = {
  '401': 'UNAUTHORIZED: token missing, not Bearer, malformed, unknown, expired or revoked',
  '403': 'FORBIDDEN: the token holds none of the scopes of the operation',
};

/** "METHOD /path" of every operation of a document, in document order. */
export function openApiOperationKeys(document: JsonObject): string[] {
  const paths = isJsonObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isJsonObject(item)
      ? HTTP_METHODS.filter((m) => isJsonObject(item[m])).map((m) => `${m.toUpperCase()} ${path}`)
      : [],
  );
}

function errorContent(area: OpenApiArea, body: OpenApiErrorBody): Json | undefined {
  if (body === 'none') return undefined;
  const schema = body === 'limit' ? (area.limitSchema ?? area.errorSchema) : area.errorSchema;
  return { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } };
}

function errorResponse(area: OpenApiArea, answer: OpenApiErrorAnswer): JsonObject {
  const { description, body } =
    typeof answer === 'string' ? { description: answer, body: 'error' as const } : answer;
  const content = errorContent(area, body);
  return content === undefined ? { description } : { description, content };
}

/**
 * Turns the document Nest's Swagger module generates into the service's OpenAPI 3.1 document:
 * the area's title and description, its error schemas, every operation's error answers (those of
 * `area.operations`, 401 and 403 for authenticated ones, and the area's error object on any other
 * 4XX/5XX a decorator declared), with OpenAPI 3.0's `nullable` as 3.1 type unions. The same
 * function finishes the committed document and the one /docs serves.
 */
export function finishOpenApiDocument(document: OpenAPIObject, area: OpenApiArea): JsonObject {
  const doc = toJsonSchema2020(JSON.parse(JSON.stringify(document)) as Json) as JsonObject;
  area.prepare?.(doc);
  doc.openapi = '3.1.0';
  doc.info = { ...area.info, license: { ...OPENAPI_LICENSE } };
  doc.servers = OPENAPI_SERVERS.map((server) => ({ ...server }));
  const components = isJsonObject(doc.components) ? doc.components : (doc.components = {});
  const schemas = isJsonObject(components.schemas) ? components.schemas : (components.schemas = {});
  Object.assign(schemas, area.errorSchemas);
  const keys = openApiOperationKeys(doc);
  const undocumented = keys.filter((key) => !(key in area.operations));
  const unknown = Object.keys(area.operations).filter((key) => !keys.includes(key));
  if (undocumented.length || unknown.length)
    throw new Error(
      `the error answers of ${area.info.title} do not match its routes` +
        (undocumented.length ? `; operations missing from its OpenApiArea: ${undocumented.join(', ')}` : '') +
        (unknown.length ? `; entries with no such operation: ${unknown.join(', ')}` : ''),
    );
  const paths = doc.paths as JsonObject;
  for (const key of keys) {
    const [method, path] = [key.slice(0, key.indexOf(' ')).toLowerCase(), key.slice(key.indexOf(' ') + 1)];
    const operation = (paths[path] as JsonObject)[method] as JsonObject;
    const responses = isJsonObject(operation.responses) ? operation.responses : (operation.responses = {});
    const authenticated = Array.isArray(operation.security) && operation.security.length > 0;
    // A public operation (@Public) says so: an empty requirement, not a missing one.
    if (!authenticated) operation.security = [];
    const answers = { ...(authenticated ? AUTHENTICATED : {}), ...area.operations[key] };
    for (const [status, answer] of Object.entries(answers)) {
      const declared = responses[status];
      const response = errorResponse(area, answer);
      // A decorator's own description of the status is kept (it is often the more precise); the
      // body is always the area's.
      if (isJsonObject(declared) && typeof declared.description === 'string' && declared.description !== '')
        response.description = declared.description;
      responses[status] = response;
    }
    for (const [status, response] of Object.entries(responses))
      if (/^[45]\d\d$/.test(status) && isJsonObject(response) && !(status in answers) && !response.content)
        response.content = errorContent(area, 'error') as Json;
  }
  dropUnreferencedSchemas(doc, schemas, Object.keys(area.errorSchemas));
  return doc;
}

/**
 * Removes the area's error schemas that nothing references (ErrorLimit where every 429 has no
 * body), repeating while one removal leaves another unreferenced.
 */
function dropUnreferencedSchemas(doc: JsonObject, schemas: JsonObject, candidates: readonly string[]): void {
  let left = candidates.filter((name) => name in schemas);
  for (let dropped = true; dropped;) {
    dropped = false;
    for (const name of left) {
      const { [name]: schema, ...others } = schemas;
      const elsewhere = JSON.stringify({
        ...doc,
        components: { ...(doc.components as JsonObject), schemas: others },
      });
      if (schema !== undefined && !elsewhere.includes(`"#/components/schemas/${name}"`)) {
        delete schemas[name];
        dropped = true;
      }
    }
    left = left.filter((name) => name in schemas);
  }
}

/**
 * Builds a service's OpenAPI 3.1 document from its controllers and DTOs. The app module is created
 * in Nest's preview mode: modules and routes are scanned, no provider runs, nothing connects.
 */
export async function buildOpenApiDocument(module: DynamicModule, area: OpenApiArea): Promise<JsonObject> {
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), {
    preview: true,
    logger: false,
    abortOnError: false,
  });
  try {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setOpenAPIVersion('3.1.0')
        .setTitle(area.info.title)
        .setDescription(area.info.description)
        .setVersion(area.info.version)
        .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Personal access token' })
        .build(),
    );
    return finishOpenApiDocument(document, area);
  } finally {
    await app.close();
  }
}

/**
 * What a service's main.ts passes to createServiceApp (`openApi`): the finishing of the committed
 * document, so /docs serves exactly what is committed.
 */
export function openApiDocumentFinisher(area: OpenApiArea): (document: OpenAPIObject) => JsonObject {
  return (document) => finishOpenApiDocument(document, area);
}

/**
 * What builds a service's committed document (`npm run openapi`, its openapi.spec.ts): the app
 * module `appModule` makes of a copy of OPENAPI_DOCUMENT_ENV, through buildOpenApiDocument.
 */
export function openApiDocumentBuilder(
  area: OpenApiArea,
  appModule: (env: Record<string, string>) => DynamicModule,
): () => Promise<JsonObject> {
  return () => buildOpenApiDocument(appModule({ ...OPENAPI_DOCUMENT_ENV }), area);
}
