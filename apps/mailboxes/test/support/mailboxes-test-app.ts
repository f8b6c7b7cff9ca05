import { randomUUID } from 'node:crypto';
import { deriveInternalCredential } from '@platform/crypto';
import type { FakeDomains, InProcessServiceApp, TestCredential, WorkerHarness } from '@platform/testing';
import {
  bootInProcessServiceApp,
  createTestEnv,
  startFakeDomains,
  startWorkerHarness,
  waitFor,
} from '@platform/testing';
import { MailboxesAppModule } from '../../src/app.module';
import { loadMailboxesWorkerConfig } from '../../src/config/mailboxes-worker.config';
import type { MailboxResponse } from '../../src/modules/mailboxes/mailboxes.response';
import { MailboxesWorkerModule } from '../../src/worker.module';
import type { MailboxesWorkerOptions } from '../../src/worker.module';
import { MailboxesProcessor } from '../../src/modules/mailboxes/mailboxes.processor';

/** The mailboxes API booted on a real, private database and Redis prefix for one suite. */
export interface MailboxesTestApp extends InProcessServiceApp {
  /**
   * The domains service the suite's workers ask (DOMAINS_URL), a fake that checks the internal
   * credential of the suite's SECRETS_ENCRYPTION_KEY; `answerWith(503)` makes it unavailable.
   */
  readonly domains: FakeDomains;
  /** Gives `domain` to `accountId` in the domains service, ACTIVE unless told (what `domain add` does). */
  addDomain(accountId: string, domain: string, status?: string): void;
  /** Polls GET /mailboxes/{id} until COMPLETED or FAILED. */
  settled(mailboxId: string, cred: TestCredential, timeoutMs?: number): Promise<MailboxResponse>;
}

export async function startMailboxesTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<MailboxesTestApp> {
  const env = await createTestEnv(label, { RATE_LIMIT_CREDENTIAL_LIMIT: '100000', ...overrides });
  const booted = await bootInProcessServiceApp(
    env,
    MailboxesAppModule.forRoot(env.config('mailboxes')),
    'Mailboxes',
  );
  const { inject } = booted;
  let domains: FakeDomains;
  try {
    domains = await startFakeDomains(deriveInternalCredential(env.config('mailboxes').secretsEncryptionKey));
  } catch (e) {
    await booted.close();
    throw e;
  }
  return {
    ...booted,
    domains,
    addDomain: (accountId, domain, status) => domains.own(accountId, domain, status),
    async close() {
      await booted.close();
      await domains.close();
    },
    inject,
    settled: (mailboxId, cred, timeoutMs = 20_000) =>
      waitFor(
        async () => {
          const res = await inject({ method: 'GET', url: `/mailboxes/${mailboxId}`, headers: cred.headers });
          const body = res.json() as MailboxResponse;
          return body.status === 'COMPLETED' || body.status === 'FAILED' ? body : undefined;
        },
        { what: `mailbox ${mailboxId} to complete or fail`, timeoutMs },
      ),
  };
}

export type MailboxesWorkerHarness = WorkerHarness;

/** A worker on the suite's database and Redis prefix, asking the suite's fake domains service. */
export function startMailboxesWorker(
  t: MailboxesTestApp,
  options: MailboxesWorkerOptions = {},
): Promise<MailboxesWorkerHarness> {
  const config = loadMailboxesWorkerConfig({ ...t.env.env, DOMAINS_URL: t.domains.url });
  return startWorkerHarness(
    MailboxesWorkerModule.forRoot(config, options),
    MailboxesProcessor,
    'Mailboxes worker',
  );
}

/** A valid create request; override any field. */
export function mailboxRequest(
  accountId: string,
  emailAddress: string,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    emailAddress,
    accountId,
    firstName: 'Jane',
    lastName: 'Doe',
    consents: [{ type: 'FREETRIAL_AUTORENEW' }],
    ...overrides,
  };
}

/** An API and a worker on one suite's database, with a credential that owns a fresh domain. */
export interface MailboxesSuite {
  readonly t: MailboxesTestApp;
  readonly worker: MailboxesWorkerHarness;
  /** Holds email.mailbox:create and email.mailbox:read. */
  readonly cred: TestCredential;
  /** Owned by `cred`'s account. */
  readonly domain: string;
}

/** Boots the API and a worker (with `workerOptions`), then a credential and its domain. */
export async function startMailboxesSuite(
  label: string,
  workerOptions: MailboxesWorkerOptions = {},
): Promise<MailboxesSuite> {
  const t = await startMailboxesTestApp(label);
  let worker: MailboxesWorkerHarness | undefined;
  try {
    worker = await startMailboxesWorker(t, workerOptions);
    const cred = await t.newCredential(['email.mailbox:create', 'email.mailbox:read']);
    const domain = `d${randomUUID().slice(0, 8)}.example.com`;
    t.addDomain(cred.accountId, domain);
    return { t, worker, cred, domain };
  } catch (err) {
    await worker?.close();
    await t.close();
    throw err;
  }
}

/** Closes what `startMailboxesSuite` started: the worker first, then the API. */
export async function closeMailboxesSuite(suite: MailboxesSuite | undefined): Promise<void> {
  await suite?.worker.close();
  await suite?.t.close();
}
