import type { OpenApiArea, OpenApiErrorAnswers } from '@platform/service-kit';
import { BODY_REFUSED, DOMAINS_ERROR_SCHEMAS } from '@platform/service-kit';
import { openApiDocumentBuilder, openApiDocumentFinisher } from '@platform/service-kit';
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
      ...BODY_REFUSED,
      '400': 'INVALID_BODY (the body failed validation or is not JSON), INVALID_FORMAT (Idempotency-Key)',
      '404': 'ACCOUNT_NOT_FOUND: accountId is not the caller’s own account',
      '409': 'IDEMPOTENCY_KEY_IN_USE',
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
export const finishMailboxesDocument = openApiDocumentFinisher(MAILBOXES_OPENAPI);

/** The mailboxes API's OpenAPI 3.1 document, built without a database or Redis. */
export const buildMailboxesOpenApi = openApiDocumentBuilder(MAILBOXES_OPENAPI, (env) =>
  MailboxesAppModule.forRoot(loadMailboxesConfig(env)),
);
