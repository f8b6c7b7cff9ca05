import type { OpenApiArea, OpenApiErrorAnswers } from '@platform/service-kit';
import { BODY_REFUSED, COMMERCE_ERROR_SCHEMAS } from '@platform/service-kit';
import { openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
import { HostingAppModule } from '../app.module';
import { loadHostingConfig } from '../config/hosting.config';

/** The committed document, relative to the repository root. */
export const HOSTING_OPENAPI_FILE = 'docs/openapi/hosting.json';

/** Every route has a per-client-IP limit (HOSTING_RATE_LIMITS): its 429 carries the error object. */
const READ: OpenApiErrorAnswers = {
  '400': 'INVALID_REQUEST: a path or query parameter failed validation (details[].issue names each)',
  '429': 'TOO_MANY_REQUESTS: per-client-IP limit (X-RateLimit-*, Retry-After)',
};
const APP_READ: OpenApiErrorAnswers = { ...READ, '404': 'APP_NOT_FOUND (also for another account’s)' };
/** A JSON body (Fastify's 1 MiB limit; other content types than JSON and text are refused). */
const JSON_BODY: OpenApiErrorAnswers = {
  ...BODY_REFUSED,
  '400': 'INVALID_REQUEST: a parameter or the body failed validation, or the body is not JSON',
};
const DEPLOY: OpenApiErrorAnswers = {
  ...APP_READ,
  ...JSON_BODY,
  '409': 'APP_NOT_ACTIVE',
  '422': 'SUBSCRIPTION_REQUIRED, NO_PREVIEW_BUILD',
};
const ROLLBACK: OpenApiErrorAnswers = {
  ...APP_READ,
  ...JSON_BODY,
  '404': 'APP_NOT_FOUND, RELEASE_NOT_FOUND (also another app’s release)',
  '409': 'APP_NOT_ACTIVE, RELEASE_NOT_AVAILABLE (its build is no longer kept), IDEMPOTENCY_KEY_IN_USE',
  '422': 'RELEASE_VARIANT_MISMATCH, IDEMPOTENCY_KEY_MISMATCH',
};
const UPLOAD: OpenApiErrorAnswers = {
  ...APP_READ,
  '400': 'INVALID_REQUEST (no file part, another field, several files, neither zip nor gzip) or INVALID_BODY',
  '409': 'APP_NOT_ACTIVE',
  '413': 'PAYLOAD_TOO_LARGE (issue ARCHIVE_TOO_LARGE)',
  '415': 'UNSUPPORTED_MEDIA_TYPE: not multipart/form-data',
};
const SECRETS_PATCH: OpenApiErrorAnswers = {
  ...APP_READ,
  ...JSON_BODY,
  '400':
    'INVALID_REQUEST: a parameter failed validation, or the patch was refused (details[].issue says which rule)',
  '409': 'IDEMPOTENCY_KEY_IN_USE',
  '415': 'UNSUPPORTED_MEDIA_TYPE: send application/json-patch+json',
  '422': 'IDEMPOTENCY_KEY_MISMATCH',
};

const WEBHOOK: OpenApiErrorAnswers = { ...READ, '404': 'WEBHOOK_NOT_FOUND (also for another account’s)' };

const DOMAIN: OpenApiErrorAnswers = {
  ...READ,
  '404': 'APP_NOT_FOUND, DOMAIN_NOT_FOUND (also for another account’s)',
};

/** The hosting API's document (not the worker's /hosted traffic): the commerce error object. */
export const HOSTING_OPENAPI: OpenApiArea = {
  info: {
    title: 'Hosting',
    description:
      'Node.js app hosting (/v1/hosting, earlier namespace /v1/hosting/nodejs). Every error is the ' +
      'commerce error object; 4XX errors always carry details[].',
    version: '1.0.0',
  },
  errorSchemas: COMMERCE_ERROR_SCHEMAS,
  errorSchema: 'CommerceError',
  operations: {
    'POST /v1/hosting/apps': { ...READ, ...JSON_BODY },
    'GET /v1/hosting/apps': READ,
    'GET /v1/hosting/apps/{appId}': APP_READ,
    'GET /v1/hosting/app-operations/{operationId}': { ...READ, '404': 'OPERATION_NOT_FOUND' },
    'POST /v1/hosting/nodejs/apps': { ...READ, ...JSON_BODY },
    'GET /v1/hosting/nodejs/apps': READ,
    'GET /v1/hosting/nodejs/apps/jobs/{jobId}': { ...READ, '404': 'JOB_NOT_FOUND' },
    'GET /v1/hosting/nodejs/apps/{appId}': APP_READ,
    'GET /v1/hosting/apps/{appId}/logs': APP_READ,
    'GET /v1/hosting/nodejs/apps/{appId}/logs': APP_READ,
    'POST /v1/hosting/apps/{appId}/deployments': DEPLOY,
    'GET /v1/hosting/apps/{appId}/deployments/{deploymentId}': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND, DEPLOYMENT_NOT_FOUND',
    },
    'GET /v1/hosting/apps/{appId}/deployments/{deploymentId}/logs': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND, DEPLOYMENT_NOT_FOUND',
    },
    'POST /v1/hosting/nodejs/apps/{appId}/deployments': DEPLOY,
    'GET /v1/hosting/nodejs/apps/{appId}/deployments': APP_READ,
    'GET /v1/hosting/apps/{appId}/releases': APP_READ,
    'POST /v1/hosting/apps/{appId}/rollback': ROLLBACK,
    'POST /v1/hosting/nodejs/apps/{appId}/rollback': {
      ...ROLLBACK,
      '404': 'APP_NOT_FOUND, DEPLOYMENT_NOT_FOUND',
      '422': 'DEPLOYMENT_NOT_RELEASED (it published no build), IDEMPOTENCY_KEY_MISMATCH',
    },
    'POST /v1/hosting/apps/{appId}/imports': UPLOAD,
    'GET /v1/hosting/apps/{appId}/imports/{importId}': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND, IMPORT_NOT_FOUND',
    },
    'GET /v1/hosting/apps/{appId}/imports/{importId}/logs': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND, IMPORT_NOT_FOUND',
    },
    'POST /v1/hosting/nodejs/apps/{appId}/source': UPLOAD,
    'GET /v1/hosting/nodejs/apps/{appId}/source/status': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND, IMPORT_NOT_FOUND',
    },
    'GET /v1/hosting/apps/{appId}/status': APP_READ,
    'PATCH /v1/hosting/apps/{appId}': {
      ...APP_READ,
      ...JSON_BODY,
      '400':
        'INVALID_BODY: the patch was refused (details[].field and issue: INVALID_PATCH, UNSUPPORTED_OPERATION, INVALID_NAME, INVALID_INSTANCES, INVALID_HEALTH_CHECK)',
      '409': 'APP_NOT_ACTIVE (variant settings before the app is ACTIVE)',
      '415': 'UNSUPPORTED_MEDIA_TYPE: send application/json-patch+json',
    },
    'POST /v1/hosting/apps/{appId}/restarts': {
      ...APP_READ,
      ...JSON_BODY,
      '409': 'APP_NOT_ACTIVE, IDEMPOTENCY_KEY_IN_USE',
      '422': 'VARIANT_NOT_RUNNING, IDEMPOTENCY_KEY_MISMATCH',
    },
    'GET /v1/hosting/apps/{appId}/restarts/{restartId}': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND, RESTART_NOT_FOUND',
    },
    'GET /v1/hosting/nodejs/apps/{appId}/status': APP_READ,
    'GET /v1/hosting/apps/{appId}/secrets': APP_READ,
    'PATCH /v1/hosting/apps/{appId}/secrets': SECRETS_PATCH,
    'GET /v1/hosting/nodejs/apps/{appId}/secrets': APP_READ,
    'PATCH /v1/hosting/nodejs/apps/{appId}/secrets': SECRETS_PATCH,
    'PUT /v1/hosting/apps/{appId}/subscription': {
      ...APP_READ,
      ...JSON_BODY,
      '404': 'APP_NOT_FOUND or SUBSCRIPTION_NOT_FOUND',
      '409': 'NO_CAPACITY: the plan has no free slot',
    },
    'GET /v1/hosting/apps/{appId}/subscription': {
      ...APP_READ,
      '404': 'APP_NOT_FOUND or SUBSCRIPTION_NOT_FOUND',
    },
    'POST /v1/hosting/webhooks': {
      ...READ,
      ...JSON_BODY,
      '400':
        'INVALID_REQUEST: a bad body, or a refused URL (details[].issue PLATFORM_ENDPOINT, FORBIDDEN_ADDRESS, HTTPS_REQUIRED, …)',
      '409': 'WEBHOOK_LIMIT_REACHED',
    },
    'GET /v1/hosting/webhooks': READ,
    'GET /v1/hosting/webhooks/{webhookId}': WEBHOOK,
    'DELETE /v1/hosting/webhooks/{webhookId}': { ...WEBHOOK, ...BODY_REFUSED },
    'GET /v1/hosting/webhooks/{webhookId}/deliveries': WEBHOOK,
    'POST /v1/hosting/apps/{appId}/domains': {
      ...APP_READ,
      ...JSON_BODY,
      '400':
        'INVALID_REQUEST: a bad body or host name (details[].issue INVALID_FORMAT, SINGLE_LABEL, WILDCARD_NOT_ALLOWED, IP_ADDRESS_NOT_ALLOWED, UNKNOWN_FIELD …)',
      '409': 'DOMAIN_ALREADY_ATTACHED (to any app), IDEMPOTENCY_KEY_IN_USE',
      '422': 'DOMAIN_LIMIT_REACHED, RESERVED_HOSTNAME, IDEMPOTENCY_KEY_MISMATCH',
    },
    'GET /v1/hosting/apps/{appId}/domains': APP_READ,
    'GET /v1/hosting/apps/{appId}/domains/{hostname}': DOMAIN,
    'POST /v1/hosting/apps/{appId}/domains/{hostname}/verify': { ...DOMAIN, ...JSON_BODY },
    'DELETE /v1/hosting/apps/{appId}/domains/{hostname}': { ...DOMAIN, ...BODY_REFUSED },
  },
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishHostingDocument = openApiDocumentFinisher(HOSTING_OPENAPI);

/** The hosting API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildHostingOpenApi = openApiDocumentBuilder(HOSTING_OPENAPI, (env) =>
  HostingAppModule.forRoot(loadHostingConfig(env)),
);
