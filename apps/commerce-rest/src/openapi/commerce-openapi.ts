import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { CommerceAppModule } from '../app.module';
import { loadCommerceConfig } from '../config/commerce.config';

/** Title and description of the commerce service's OpenAPI document (and of its /docs page). */
export const COMMERCE_OPENAPI_INFO = {
  title: 'Commerce',
  description:
    'Stores, store attributes, channels, customers (/v1/commerce) and transactions (/v2/commerce). ' +
    'Every error is the commerce error object; 4XX errors always carry details[].',
  version: '1.0.0',
} as const;

/** The committed document, relative to the repository root. */
export const COMMERCE_OPENAPI_FILE = 'docs/openapi/commerce-rest.json';

/**
 * A fixed configuration: the document must not depend on the machine's environment, and building
 * it must not touch a database, Redis or the development key file.
 */
const DOCUMENT_ENV = {
  DATABASE_URL: 'postgres://openapi@127.0.0.1:1/openapi',
  REDIS_URL: 'redis://127.0.0.1:1',
  SECRETS_ENCRYPTION_KEY: '00'.repeat(32),
  LOG_LEVEL: 'silent',
};

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const ERROR_SCHEMAS: JsonObject = {
  CommerceError: {
    type: 'object',
    description: 'The commerce error object: every non-2XX answer of this service.',
    required: ['name', 'correlationId', 'message'],
    properties: {
      name: { type: 'string', description: 'Stable machine code (INVALID_REQUEST, STORE_NOT_FOUND, …)' },
      correlationId: {
        type: 'string',
        description: 'The request id (X-Request-Id when the caller sent a uuid)',
      },
      message: { type: 'string', description: 'Human text; clients must not depend on it' },
      informationLink: { type: 'string' },
      details: {
        type: 'array',
        description: 'Present on every 4XX',
        items: { $ref: '#/components/schemas/CommerceErrorDetail' },
      },
      links: { type: 'array', readOnly: true, items: { $ref: '#/components/schemas/LinkDescription' } },
    },
  },
  CommerceErrorDetail: {
    type: 'object',
    required: ['issue'],
    properties: {
      issue: { type: 'string', description: 'Fine-grained code (REQUIRED, INVALID_FORMAT, …)' },
      field: { type: 'string', description: 'JSON pointer in the body, else the parameter name' },
      value: { type: 'string' },
      location: { type: 'string', enum: ['body', 'path', 'query', 'header'], default: 'body' },
      description: { type: 'string', description: 'May change; clients must not depend on it' },
    },
  },
  LinkDescription: {
    type: 'object',
    required: ['rel', 'href'],
    properties: {
      rel: { type: 'string' },
      href: { type: 'string', format: 'uri-reference' },
      title: { type: 'string' },
      targetMediaType: { type: 'string' },
      targetSchema: { type: 'string' },
      method: { type: 'string' },
      submissionMediaType: { type: 'string', default: 'application/json' },
      submissionSchema: { type: 'string' },
    },
  },
};

const STANDARD_ERRORS: Record<string, string> = {
  '401': 'UNAUTHORIZED: token missing, malformed, expired or revoked',
  '403': 'FORBIDDEN: the token holds none of the scopes of the operation',
};

const RATE_LIMITED: JsonObject = {
  description:
    'Per-credential rate limit exceeded: no body; RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and Retry-After say when to retry',
};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** OpenAPI 3.0's `nullable: true` becomes a 3.1 (JSON Schema 2020-12) type union, recursively. */
function toJsonSchema2020(value: Json): Json {
  if (Array.isArray(value)) return value.map(toJsonSchema2020);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, child] of Object.entries(value))
    if (key !== 'nullable') out[key] = toJsonSchema2020(child);
  if (value.nullable !== true) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

/**
 * Completes what the decorators leave implicit: every 4XX/5XX answer has the commerce error object
 * as its body (429 has none, per the spec), and every authenticated operation documents 401, 403 and
 * 429. Then converts the schemas to OpenAPI 3.1.
 */
export function finishCommerceDocument(document: OpenAPIObject): JsonObject {
  const doc = toJsonSchema2020(JSON.parse(JSON.stringify(document)) as Json) as JsonObject;
  doc.openapi = '3.1.0';
  const components = isObject(doc.components) ? doc.components : (doc.components = {});
  const schemas = isObject(components.schemas) ? components.schemas : (components.schemas = {});
  Object.assign(schemas, ERROR_SCHEMAS);
  const errorBody: JsonObject = {
    'application/json': { schema: { $ref: '#/components/schemas/CommerceError' } },
  };
  for (const pathItem of Object.values(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(pathItem)) continue;
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const responses = isObject(operation.responses) ? operation.responses : (operation.responses = {});
      if (Array.isArray(operation.security) && operation.security.length > 0) {
        for (const [status, description] of Object.entries(STANDARD_ERRORS))
          if (!responses[status]) responses[status] = { description };
        if (!responses['429']) responses['429'] = RATE_LIMITED;
      }
      for (const [status, response] of Object.entries(responses)) {
        if (!/^[45]\d\d$/.test(status) || status === '429' || !isObject(response) || response.content)
          continue;
        response.content = errorBody;
      }
    }
  }
  return doc;
}

/** JSON with object keys sorted at every level and a final newline: byte-stable across runs. */
export function toStableJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v !== 'object' || v === null) return v;
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
    );
  };
  return `${JSON.stringify(sort(value), null, 2)}\n`;
}

/**
 * The commerce service's OpenAPI 3.1 document, generated from its controllers and DTOs. The app is
 * built in Nest's preview mode: modules and routes are scanned, no provider runs, nothing connects.
 */
export async function buildCommerceOpenApi(): Promise<JsonObject> {
  const config = loadCommerceConfig(DOCUMENT_ENV);
  const app = await NestFactory.create<NestFastifyApplication>(
    CommerceAppModule.forRoot(config),
    new FastifyAdapter(),
    { preview: true, logger: false, abortOnError: false },
  );
  try {
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setOpenAPIVersion('3.1.0')
        .setTitle(COMMERCE_OPENAPI_INFO.title)
        .setDescription(COMMERCE_OPENAPI_INFO.description)
        .setVersion(COMMERCE_OPENAPI_INFO.version)
        .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'Personal access token' })
        .build(),
    );
    return finishCommerceDocument(document);
  } finally {
    await app.close();
  }
}
