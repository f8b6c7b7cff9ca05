import type { JsonObject, OpenApiArea, OpenApiErrorAnswers } from '@platform/service-kit';
import { BODY_REFUSED, openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
import { ShoppingAppModule } from '../app.module';
import { loadShoppingConfig } from '../config/shopping.config';

/** The committed document, relative to the repository root. */
export const SHOPPING_OPENAPI_FILE = 'docs/openapi/shopping.json';

/** The two businesses every UCP operation is served for: the platform's base path and a store's. */
const PLATFORM = '/v1/shopping';
const STORE = '/v1/shopping/stores/{storeId}';

/**
 * The UCP error envelope (UCP `types/error_response.json` and `types/message_error.json`), which
 * only this service speaks (libs/errors `toShoppingError`): every error answer, whatever its status.
 */
export const SHOPPING_ERROR_SCHEMAS: JsonObject = {
  UcpErrorResponse: {
    type: 'object',
    description:
      'The UCP error envelope: every non-2XX answer of this service, and the 200 answer of a business ' +
      'outcome that made nothing (capabilities_incompatible, payment_failed, checkout_not_found, …).',
    required: ['ucp', 'messages'],
    properties: {
      ucp: {
        type: 'object',
        required: ['version', 'status'],
        properties: {
          version: { type: 'string', const: '2026-04-08' },
          status: { type: 'string', const: 'error' },
        },
      },
      messages: {
        type: 'array',
        minItems: 1,
        items: { $ref: '#/components/schemas/UcpErrorMessage' },
      },
    },
  },
  UcpErrorMessage: {
    type: 'object',
    required: ['type', 'code', 'content', 'severity'],
    properties: {
      type: { type: 'string', const: 'error' },
      code: {
        type: 'string',
        pattern: '^[a-z][a-z0-9_]*$',
        description: 'Stable lower snake case code (invalid_request, not_found, …; docs/shopping.md "Codes")',
      },
      content_type: { type: 'string', enum: ['plain', 'markdown'] },
      content: { type: 'string', description: 'Human text; clients must not depend on it' },
      severity: {
        type: 'string',
        enum: ['recoverable', 'requires_buyer_input', 'requires_buyer_review', 'unrecoverable'],
      },
      path: {
        type: 'string',
        description: 'JSONPath into the body ($.line_items[0].quantity), or the header',
      },
    },
  },
};

/** What the negotiation (UcpNegotiationGuard) answers on every UCP operation. */
const NEGOTIATED: OpenApiErrorAnswers = {
  '400':
    'invalid_request (UCP-Agent missing or malformed, a parameter or body field of the wrong type or shape; ' +
    'path names it), invalid_profile_url (the outbound policy refuses the profile URL)',
  '422': 'profile_malformed (the agent profile is not a UCP profile), version_unsupported',
  '424': 'profile_unreachable: the agent profile could not be fetched (retry later)',
};

/** A POST or PUT: a JSON body (createServiceApp refuses others). */
const WITH_BODY: OpenApiErrorAnswers = { ...NEGOTIATED, ...BODY_REFUSED };

/** A write: Idempotency-Key (uuid) required; the same key with another body, or still running, is 409. */
const WRITE: OpenApiErrorAnswers = {
  ...WITH_BODY,
  '400': `${NEGOTIATED['400'] as string}; Idempotency-Key missing or not a uuid`,
  '409': 'idempotency_key_in_use (the first request with the key is still running), idempotency_key_mismatch',
};

/** A store's path: the store must be one the caller may use. */
const STORE_ONLY: OpenApiErrorAnswers = {
  '404': 'not_found: no store by that id the caller may use (another account’s alike)',
};

/** Every UCP operation under one base path (`tail` after it), with what it answers there. */
const UCP_OPERATIONS: readonly [method: string, tail: string, answers: OpenApiErrorAnswers][] = [
  ['POST', '/catalog/search', WITH_BODY],
  ['POST', '/catalog/lookup', WITH_BODY],
  ['POST', '/catalog/product', WITH_BODY],
  ['POST', '/checkout-sessions', WRITE],
  ['GET', '/checkout-sessions/{id}', NEGOTIATED],
  ['PUT', '/checkout-sessions/{id}', WRITE],
  ['POST', '/checkout-sessions/{id}/complete', WRITE],
  ['POST', '/checkout-sessions/{id}/cancel', WRITE],
  ['POST', '/carts', WRITE],
  ['GET', '/carts/{id}', NEGOTIATED],
  ['PUT', '/carts/{id}', WRITE],
  ['POST', '/carts/{id}/cancel', WRITE],
  ['GET', '/orders/{id}', NEGOTIATED],
];

/** The path parameters the controllers take as a whole (ResourceParams) or not at all (storeId). */
const PATH_PARAMETERS: Readonly<Record<string, JsonObject>> = {
  storeId: {
    name: 'storeId',
    in: 'path',
    required: true,
    description: 'The store (a uuid); the platform’s own operations have no storeId',
    schema: { type: 'string', format: 'uuid' },
  },
  id: {
    name: 'id',
    in: 'path',
    required: true,
    description: 'The resource id an earlier answer gave',
    schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,40}$' },
  },
};

/** Success answers the operation decorator does not state: a create that made its resource is 201. */
const CREATED: JsonObject = {
  description: 'The resource made (a replay of the same create answers the same)',
};

type Operation = { operationId?: string; parameters?: JsonObject[]; responses?: JsonObject };

/**
 * One handler serves a UCP operation at the platform's path and at a store's: the store's gets its
 * own operation id (`store_` + UCP's, which the platform's keeps, so every id is unique), every
 * `{name}` of a path its parameter, and a create its 201.
 */
function prepareShoppingDocument(document: JsonObject): void {
  const paths = document.paths as Record<string, Record<string, Operation>>;
  for (const [path, item] of Object.entries(paths)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const operation of Object.values(item)) {
      if (path.startsWith(`${STORE}/`) && operation.operationId && !operation.operationId.startsWith('store'))
        operation.operationId = `store_${operation.operationId}`;
      // A handler's @Param('storeId') is declared on the platform's path too, where there is none.
      const kept = (operation.parameters ?? []).filter(
        (p) => p.in !== 'path' || names.includes(p.name as string),
      );
      const declared = new Set(kept.filter((p) => p.in === 'path').map((p) => p.name));
      operation.parameters = [
        ...names
          .filter((name) => !declared.has(name))
          .map((name) => {
            const parameter = PATH_PARAMETERS[name];
            if (!parameter)
              throw new Error(`the shopping document has no schema of the path parameter ${name}`);
            return { ...parameter };
          }),
        ...kept,
      ];
      if (/^(store_)?create_/.test(operation.operationId ?? '') && operation.responses)
        operation.responses['201'] = { ...CREATED };
      for (const parameter of operation.parameters)
        if (parameter.in === 'header' && parameter.name === 'Idempotency-Key')
          parameter.schema = { type: 'string', format: 'uuid' };
      // The controllers declare 409 for their writes; a read takes no Idempotency-Key.
      if (item.get === operation && operation.responses) delete operation.responses['409'];
    }
  }
}

/** The Shopping API's document: UCP 2026-04-08 REST, every error the UCP envelope. */
export const SHOPPING_OPENAPI: OpenApiArea = {
  info: {
    title: 'Shopping',
    description:
      'The Universal Commerce Protocol (UCP 2026-04-08) over REST for two kinds of business: the ' +
      'platform’s own products (domains and hosting plans) at /v1/shopping and every store’s catalog at ' +
      '/v1/shopping/stores/{storeId}: discovery, catalog search and lookup, checkout sessions, carts and ' +
      'orders (docs/shopping.md). Every operation but discovery takes a UCP-Agent header naming the ' +
      'agent’s profile; every write an Idempotency-Key. Every error is the UCP envelope, whatever the ' +
      'status; a business outcome (payment_failed, out_of_stock, a resource not found) is a 200 with it. ' +
      'The bodies of the answers are UCP’s schemas (checkout.json, cart.json, order.json, ' +
      'catalog_search.json, business profile).',
    version: '2026-04-08',
  },
  errorSchemas: SHOPPING_ERROR_SCHEMAS,
  errorSchema: 'UcpErrorResponse',
  operations: {
    'GET /.well-known/ucp': {},
    'GET /v1/shopping/stores/{storeId}/.well-known/ucp': {
      '400': 'invalid_request: storeId is not a uuid',
    },
    // The buyer's page of a checkout (its continue_url) and the legal pages its links name: public HTML.
    'GET /v1/shopping/checkout-sessions/{id}/continue': {
      '400': 'invalid_request: the path is not valid percent-encoding',
      '404': 'not_found: no live checkout by that id (the page is HTML; the error the envelope)',
    },
    'GET /v1/shopping/stores/{storeId}/checkout-sessions/{id}/continue': {
      '400': 'invalid_request: storeId is not a uuid, or the path is not valid percent-encoding',
      '404': 'not_found: no live checkout by that id at this store',
    },
    'GET /v1/shopping/legal/terms': {},
    'GET /v1/shopping/legal/privacy': {},
    ...Object.fromEntries(
      UCP_OPERATIONS.flatMap(([method, tail, answers]) => [
        [`${method} ${PLATFORM}${tail}`, answers],
        [`${method} ${STORE}${tail}`, { ...answers, ...STORE_ONLY }],
      ]),
    ),
  },
  prepare: prepareShoppingDocument,
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishShoppingDocument = openApiDocumentFinisher(SHOPPING_OPENAPI);

/** The Shopping API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildShoppingOpenApi = openApiDocumentBuilder(SHOPPING_OPENAPI, (env) =>
  ShoppingAppModule.forRoot(loadShoppingConfig(env)),
);
