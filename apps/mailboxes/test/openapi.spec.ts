import { describeCommittedOpenApi } from '@platform/testing';
import { MAILBOXES_OPENAPI_FILE, buildMailboxesOpenApi } from '../src/openapi/mailboxes-openapi';

describe('Mailboxes OpenAPI document', () => {
  describeCommittedOpenApi({
    file: MAILBOXES_OPENAPI_FILE,
    build: buildMailboxesOpenApi,
    title: 'Mailboxes',
    errorSchema: 'Error',
    limitSchema: 'ErrorLimit',
  });
});
