import type { OpenApiArea, OpenApiErrorAnswers } from '@platform/service-kit';
import { BODY_REFUSED, COMMERCE_ERROR_SCHEMAS } from '@platform/service-kit';
import { openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
import { CommerceAppModule } from '../app.module';
import { loadCommerceConfig } from '../config/commerce.config';

/** The committed document, relative to the repository root. */
export const COMMERCE_OPENAPI_FILE = 'docs/openapi/commerce-rest.json';

/** Every route is @RateLimited(): the spec's per-credential 429, with no body. */
const LIMITED: OpenApiErrorAnswers = {
  '429': {
    description:
      'Per-credential rate limit exceeded: no body; RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset and Retry-After say when to retry',
    body: 'none',
  },
};
const READ: OpenApiErrorAnswers = {
  ...LIMITED,
  '400': 'INVALID_REQUEST: a path or query parameter failed validation (details[] names each)',
};
const WRITE: OpenApiErrorAnswers = {
  ...READ,
  ...BODY_REFUSED,
  '400': 'INVALID_REQUEST: a parameter or the body failed validation, or the body is not JSON',
};
const STORE_404 = { '404': 'STORE_NOT_FOUND: no such store, or one of another account' };

/** The commerce service's document: its error object, and the errors of each operation. */
export const COMMERCE_OPENAPI: OpenApiArea = {
  info: {
    title: 'Commerce',
    description:
      'Stores, store attributes, channels, customers (/v1/commerce) and transactions (/v2/commerce). ' +
      'Every error is the commerce error object; 4XX errors always carry details[].',
    version: '1.0.0',
  },
  errorSchemas: COMMERCE_ERROR_SCHEMAS,
  errorSchema: 'CommerceError',
  operations: {
    'GET /v1/commerce/channels': READ,
    'GET /v1/commerce/channels/{channelId}': { ...READ, '404': 'CHANNEL_NOT_FOUND' },
    'GET /v1/commerce/stores/{storeId}': { ...READ, ...STORE_404 },
    'DELETE /v1/commerce/stores/{storeId}/attributes/{attrName}': {
      ...READ,
      ...BODY_REFUSED,
      '404': 'STORE_NOT_FOUND, BUSINESS_ATTRIBUTE_NOT_FOUND',
    },
    'GET /v1/commerce/stores/{storeId}/attributes/{attrName}': {
      ...READ,
      '404': 'STORE_NOT_FOUND, BUSINESS_ATTRIBUTE_NOT_FOUND',
    },
    'PUT /v1/commerce/stores/{storeId}/attributes/{attrName}': { ...WRITE, ...STORE_404 },
    'GET /v1/commerce/stores/{storeId}/customers': { ...READ, ...STORE_404 },
    'POST /v1/commerce/stores/{storeId}/customers': {
      ...WRITE,
      ...STORE_404,
      '409': 'CUSTOMER_ALREADY_EXISTS',
    },
    'GET /v1/commerce/stores/{storeId}/customers/{customerId}': {
      ...READ,
      '404': 'STORE_NOT_FOUND, CUSTOMER_NOT_FOUND',
    },
    'PATCH /v1/commerce/stores/{storeId}/customers/{customerId}': {
      ...WRITE,
      '404': 'STORE_NOT_FOUND, CUSTOMER_NOT_FOUND',
      '409': 'CUSTOMER_ALREADY_EXISTS',
    },
    'PUT /v1/commerce/stores/{storeId}/government-ids': { ...WRITE, ...STORE_404 },
    'GET /v2/commerce/stores/{storeId}/transactions': { ...READ, ...STORE_404 },
    'GET /v2/commerce/stores/{storeId}/transactions/{transactionId}': {
      ...READ,
      '404': 'STORE_NOT_FOUND, TRANSACTION_NOT_FOUND',
    },
  },
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishCommerceDocument = openApiDocumentFinisher(COMMERCE_OPENAPI);

/** The commerce service's OpenAPI 3.1 document, built without a database or Redis. */
export const buildCommerceOpenApi = openApiDocumentBuilder(COMMERCE_OPENAPI, (env) =>
  CommerceAppModule.forRoot(loadCommerceConfig(env)),
);
