import type { OpenAPIObject } from '@nestjs/swagger';
import {
  DOMAINS_ERROR_SCHEMAS,
  JsonObject,
  OPENAPI_DOCUMENT_ENV,
  OpenApiArea,
  OpenApiErrorAnswers,
  buildOpenApiDocument,
  finishOpenApiDocument,
} from '@platform/service-kit';
import { MailboxesAppModule } from '../app.module';
import { loadMailboxesConfig } from '../config/mailboxes.config';

/** The committed document, relative to the repository root. */
export const MAILBOXES_OPENAPI_FILE = 'docs/openapi/mailboxes.json';

/** @RateLimited({ errorBody: true }): the per-credential 429 is an ErrorLimit. */
const LIMITED: OpenApiErrorAnswers = {
  '429': {
    description:
      'TOO_MANY_REQUESTS: per-credential limit (ErrorLimit with retryAfterSec; Retry-After, RateLimit-*)',
    body: 'limit',
  },
};

/** The mailboxes API's document: the domains-style Error object. */
export const MAILBOXES_OPENAPI: OpenApiArea = {
  info: {
    title: 'Mailboxes',
    description:
      'Asynchronous provisioning of e-mail mailboxes on owned domains (/mailboxes). Every error is the ' +
      'domains-style Error object; a 429 is an ErrorLimit.',
    version: '1.0.0',
  },
  errorSchemas: DOMAINS_ERROR_SCHEMAS,
  errorSchema: 'Error',
  limitSchema: 'ErrorLimit',
  operations: {
    'POST /mailboxes': {
      ...LIMITED,
      '400': 'INVALID_BODY (the body failed validation or is not JSON), INVALID_FORMAT (Idempotency-Key)',
      '404': 'ACCOUNT_NOT_FOUND: accountId is not the caller’s own account',
      '409': 'IDEMPOTENCY_KEY_IN_USE',
      '413': 'PAYLOAD_TOO_LARGE: the body is over 1 MiB',
      '415': 'UNSUPPORTED_MEDIA_TYPE: the body is neither JSON nor text',
      '422': 'IDEMPOTENCY_KEY_MISMATCH',
    },
    'GET /mailboxes/{mailboxId}': {
      ...LIMITED,
      '400': 'INVALID_FORMAT: mailboxId is not a uuid',
      '404': 'MAILBOX_NOT_FOUND (also for another account’s)',
    },
  },
};

/** What /docs serves: the same finishing as the committed document (main.ts passes it). */
export const finishMailboxesDocument = (document: OpenAPIObject): JsonObject =>
  finishOpenApiDocument(document, MAILBOXES_OPENAPI);

/** The mailboxes API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildMailboxesOpenApi = (): Promise<JsonObject> =>
  buildOpenApiDocument(
    MailboxesAppModule.forRoot(loadMailboxesConfig({ ...OPENAPI_DOCUMENT_ENV })),
    MAILBOXES_OPENAPI,
  );
