import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SCOPES } from '@platform/scopes';
import { createServiceApp } from '@platform/service-kit';
import {
  TEST_ENCRYPTION_KEY,
  TestCredential,
  TestEnv,
  createTestCredential,
  createTestEnv,
  describeOpenApiFuzz,
  readCommittedOpenApi,
} from '@platform/testing';
import { DataSource } from 'typeorm';
import { MailboxesAppModule } from '../src/app.module';
import { DomainRegistry } from '../src/modules/domains/domain-registry.service';
import {
  MAILBOXES_OPENAPI,
  MAILBOXES_OPENAPI_FILE,
  finishMailboxesDocument,
} from '../src/openapi/mailboxes-openapi';

describe(`mailboxes API fuzzed from ${MAILBOXES_OPENAPI_FILE} (real Postgres and Redis)`, () => {
  let env: TestEnv;
  let app: NestFastifyApplication;
  let cred: TestCredential;
  let mailboxId: string;

  beforeAll(async () => {
    env = await createTestEnv('mailboxes-fuzz', { RATE_LIMIT_CREDENTIAL_LIMIT: '1000000' });
    // As main.ts builds it, so /docs serves what is committed.
    app = await createServiceApp(MailboxesAppModule.forRoot(env.config('mailboxes')), {
      title: MAILBOXES_OPENAPI.info.title,
      description: MAILBOXES_OPENAPI.info.description,
      openApi: finishMailboxesDocument,
    });
    await app.init();
    await app.getHttpAdapter().getInstance().ready();
    cred = await createTestCredential(app.get(DataSource), SCOPES);
    await new DomainRegistry(app.get(DataSource)).add(cred.accountId, 'example.com');
    const created = await app.inject({
      method: 'POST',
      url: '/mailboxes',
      headers: cred.headers,
      payload: {
        emailAddress: 'jane@example.com',
        accountId: cred.accountId,
        firstName: 'Jane',
        lastName: 'Doe',
        consents: [{ type: 'FREETRIAL_AUTORENEW' }],
      },
    });
    expect(created.statusCode).toBe(202);
    mailboxId = created.json().mailboxId;
  });

  afterAll(async () => {
    await app?.close();
    await env?.teardown();
  });

  it('serves the committed document at /docs/openapi.json', async () => {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    expect(res.json()).toEqual(readCommittedOpenApi(MAILBOXES_OPENAPI_FILE));
  });

  describeOpenApiFuzz(MAILBOXES_OPENAPI_FILE, () => ({
    document: readCommittedOpenApi(MAILBOXES_OPENAPI_FILE),
    shape: 'domains',
    inject: (opts) => app.inject(opts),
    token: cred.token,
    secrets: [cred.token, TEST_ENCRYPTION_KEY],
    knownValues: { mailboxId: [mailboxId], accountId: [cred.accountId] },
  }));
});
