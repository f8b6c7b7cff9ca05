import type { ServiceTestApp, ServiceUnderTest } from '@platform/testing';
import { describeServedOpenApiFuzz, startServiceTestApp } from '@platform/testing';
import { MailboxesAppModule } from '../src/app.module';
import { MAILBOXES_OPENAPI, MAILBOXES_OPENAPI_FILE } from '../src/openapi/mailboxes-openapi';

/** The service as its main.ts builds it. */
const MAILBOXES: ServiceUnderTest = {
  module: (env) => MailboxesAppModule.forRoot(env.config('mailboxes')),
  area: MAILBOXES_OPENAPI,
};

describe(`mailboxes API fuzzed from ${MAILBOXES_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let t: ServiceTestApp;
  let mailboxId: string;

  beforeAll(async () => {
    t = await startServiceTestApp('mailboxes-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' }, MAILBOXES);
    // No worker runs here: the mailbox stays EXECUTING, its domain is never asked about.
    const created = await t.inject({
      method: 'POST',
      url: '/mailboxes',
      headers: t.cred.headers,
      payload: {
        emailAddress: 'jane@example.com',
        accountId: t.cred.accountId,
        firstName: 'Jane',
        lastName: 'Doe',
        consents: [{ type: 'FREETRIAL_AUTORENEW' }],
      },
    });
    expect(created.statusCode).toBe(202);
    mailboxId = created.json().mailboxId;
  });

  afterAll(() => t?.close());

  describeServedOpenApiFuzz(MAILBOXES_OPENAPI_FILE, 'domains', () => ({
    inject: (opts) => t.inject(opts),
    token: t.cred.token,
    knownValues: { mailboxId: [mailboxId], accountId: [t.cred.accountId] },
  }));
});
