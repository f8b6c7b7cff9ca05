import type { OpenApiArea, OpenApiErrorAnswers } from '@platform/service-kit';
import { BODY_REFUSED, DOMAINS_ERROR_SCHEMAS } from '@platform/service-kit';
import { openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
import { DomainsAppModule } from '../app.module';
import { loadDomainsConfig } from '../config/domains.config';

/** The committed document, relative to the repository root. */
export const DOMAINS_OPENAPI_FILE = 'docs/openapi/domains.json';

/** @RateLimited({ errorBody: true }) on every route: the per-credential 429 is an ErrorLimit. */
const LIMITED: OpenApiErrorAnswers = {
  '429': {
    description:
      'TOO_MANY_REQUESTS: per-credential limit (ErrorLimit with retryAfterSec; Retry-After, RateLimit-*)',
    body: 'limit',
  },
};

const NOT_HELD = { '404': 'DOMAIN_NOT_FOUND: not registered to this account (another account’s alike)' };

/** What an order request (purchase, renew, transfer) may be refused with, besides its own codes. */
const ORDER: OpenApiErrorAnswers = {
  ...LIMITED,
  ...BODY_REFUSED,
  '400': 'INVALID_BODY (fields[] says which input), INVALID_FORMAT (domain, Idempotency-Key)',
};

/** Every DNS write: a domain that is the caller's and ACTIVE, a body of records. */
const RECORDS_WRITE: OpenApiErrorAnswers = {
  ...LIMITED,
  ...BODY_REFUSED,
  ...NOT_HELD,
  '400':
    'INVALID_BODY (a record fails its type’s rules; fields[].path such as $[1].data), INVALID_FORMAT (path)',
  '409': 'DOMAIN_NOT_ACTIVE, CNAME_CONFLICT, SOA_CONFLICT',
  '422': 'TOO_MANY_RECORDS: the zone would hold more than 500 records',
};

const RECORDS_READ: OpenApiErrorAnswers = {
  ...LIMITED,
  ...NOT_HELD,
  '400': 'INVALID_FORMAT: domain, type or name malformed, or an unknown query parameter',
};

/** The domains API's document: the domains-style Error object, ErrorLimit on 429. */
export const DOMAINS_OPENAPI: OpenApiArea = {
  info: {
    title: 'Domains',
    description:
      'A registrar over a sandbox registry: availability, purchase, renewal and transfer as ' +
      'asynchronous orders, the account’s domains (limit/marker paging) and their DNS records. Every ' +
      'error is the domains-style Error object; a 429 is an ErrorLimit.',
    version: '1.0.0',
  },
  errorSchemas: DOMAINS_ERROR_SCHEMAS,
  errorSchema: 'Error',
  limitSchema: 'ErrorLimit',
  operations: {
    'GET /v3/domains/check-availability': {
      ...LIMITED,
      '400': 'INVALID_FORMAT: domain missing or not a domain name, checkType not FAST or FULL',
      '422': 'UNSUPPORTED_TLD',
    },
    'POST /v1/domains/available': {
      ...LIMITED,
      ...BODY_REFUSED,
      '400': 'INVALID_BODY: not an array of 1 to 500 strings; INVALID_FORMAT: checkType',
    },
    'POST /v1/domains/purchase': {
      ...ORDER,
      '409': 'DOMAIN_NOT_AVAILABLE (registered here or elsewhere, or reserved), IDEMPOTENCY_KEY_IN_USE',
      '422':
        'UNSUPPORTED_TLD, INVALID_AGREEMENT_KEYS, NO_PAYMENT_PROFILE, BILLING_DECLINED, IDEMPOTENCY_KEY_MISMATCH',
    },
    'POST /v1/domains/{domain}/renew': {
      ...ORDER,
      ...NOT_HELD,
      '409': 'DOMAIN_NOT_RENEWABLE, ORDER_IN_PROGRESS, IDEMPOTENCY_KEY_IN_USE',
      '422':
        'PERIOD_TOO_LONG, UNSUPPORTED_TLD, NO_PAYMENT_PROFILE, BILLING_DECLINED, IDEMPOTENCY_KEY_MISMATCH',
    },
    'POST /v1/domains/{domain}/transfer': {
      ...ORDER,
      '409': 'DOMAIN_ALREADY_OWNED, ORDER_IN_PROGRESS, IDEMPOTENCY_KEY_IN_USE',
      '422':
        'INVALID_AUTH_CODE, DOMAIN_NOT_TRANSFERABLE, DOMAIN_NOT_REGISTERED, UNSUPPORTED_TLD, ' +
        'INVALID_AGREEMENT_KEYS, NO_PAYMENT_PROFILE, BILLING_DECLINED, IDEMPOTENCY_KEY_MISMATCH',
    },
    'GET /v1/domains/orders/{orderId}': {
      ...LIMITED,
      '400': 'INVALID_FORMAT: orderId is not a uuid',
      '404': 'ORDER_NOT_FOUND (also for another account’s)',
    },
    'GET /v1/domains': {
      ...LIMITED,
      '400':
        'INVALID_MARKER (restart from the first page), INVALID_FORMAT (limit, statuses, includes, unknown parameter)',
    },
    'GET /v1/domains/{domain}': { ...LIMITED, ...NOT_HELD, '400': 'INVALID_FORMAT: domain' },
    'GET /v1/domains/{domain}/records': RECORDS_READ,
    'PUT /v1/domains/{domain}/records': RECORDS_WRITE,
    'PATCH /v1/domains/{domain}/records': RECORDS_WRITE,
    'PUT /v1/domains/{domain}/records/{type}': RECORDS_WRITE,
    'GET /v1/domains/{domain}/records/{type}/{name}': RECORDS_READ,
    'PUT /v1/domains/{domain}/records/{type}/{name}': RECORDS_WRITE,
    'DELETE /v1/domains/{domain}/records/{type}/{name}': {
      ...LIMITED,
      ...BODY_REFUSED,
      ...NOT_HELD,
      '400': 'INVALID_FORMAT: domain, type or name malformed',
      '409': 'DOMAIN_NOT_ACTIVE',
    },
  },
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishDomainsDocument = openApiDocumentFinisher(DOMAINS_OPENAPI);

/** The domains API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildDomainsOpenApi = openApiDocumentBuilder(DOMAINS_OPENAPI, (env) =>
  DomainsAppModule.forRoot(loadDomainsConfig(env)),
);
