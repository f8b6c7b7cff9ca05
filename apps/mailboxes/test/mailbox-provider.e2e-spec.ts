import { randomUUID } from 'node:crypto';
import { deriveInternalCredential } from '@platform/crypto';
import { DomainsClient, DomainsUnavailableError } from '@platform/domains-client';
import { OperationStatus, PermanentFailure } from '@platform/queue';
import { DefaultMailboxProvider } from '../src/modules/mailboxes/mailbox-provider';
import { MailboxesRepository } from '../src/modules/mailboxes/mailboxes.repository';
import { MailboxEntity } from '../src/modules/mailboxes/mailbox.entity';
import { MailboxFailureCode } from '../src/modules/mailboxes/mailboxes.errors';
import { MailboxesTestApp, startMailboxesTestApp } from './support/mailboxes-test-app';

/**
 * DefaultMailboxProvider's rules, without a worker: the domain owner as the domains service says
 * (the suite's fake, over HTTP through DomainsClient, as the worker asks it), the address taken on
 * the real tables.
 */
describe('DefaultMailboxProvider (real Postgres, domains service over HTTP)', () => {
  let t: MailboxesTestApp;
  let provider: DefaultMailboxProvider;
  let credential: string;
  const owner = randomUUID();
  const domain = `p${randomUUID().slice(0, 8)}.example.com`;

  beforeAll(async () => {
    t = await startMailboxesTestApp('mailboxes-provider');
    credential = deriveInternalCredential(t.env.config('mailboxes').secretsEncryptionKey);
    provider = new DefaultMailboxProvider(
      new MailboxesRepository(t.dataSource.manager),
      new DomainsClient({ baseUrl: t.domains.url, internalCredential: credential }),
    );
    t.addDomain(owner, domain);
  });

  afterEach(() => t.domains.answerWith(undefined));

  afterAll(async () => {
    await t?.close();
  });

  /** Stores a mailbox row in `status` (as the API and a finished worker would leave it). */
  const stored = async (
    emailAddress: string,
    status: OperationStatus = OperationStatus.EXECUTING,
    accountId = owner,
  ): Promise<MailboxEntity> => {
    const id = randomUUID();
    const record = Object.assign(new MailboxEntity(), {
      id,
      status,
      failureCode: null,
      failureMessage: null,
      attempts: 1,
      jobQueue: 'mailboxes',
      jobName: 'mailbox.provision',
      jobData: { operationId: id },
      completedAt: status === OperationStatus.EXECUTING ? null : new Date(),
      accountId,
      emailAddress,
      mailboxType: 'STANDARD',
      firstName: 'Jane',
      lastName: 'Doe',
      displayName: 'Jane Doe',
      agreements: [],
    });
    await t.dataSource.getRepository(MailboxEntity).insert(record);
    return record;
  };

  const failureOf = async (mailbox: MailboxEntity): Promise<string | undefined> => {
    try {
      await provider.provision(mailbox);
      return undefined;
    } catch (e) {
      if (e instanceof PermanentFailure) return e.code;
      throw e;
    }
  };

  const address = (local = `u${randomUUID().slice(0, 8)}`): string => `${local}@${domain}`;

  it('accepts an address of an owned domain that no COMPLETED mailbox holds', async () => {
    expect(await failureOf(await stored(address()))).toBeUndefined();
  });

  it('matches the domain case-insensitively', async () => {
    expect(await failureOf(await stored(`Jane.${randomUUID().slice(0, 8)}@${domain.toUpperCase()}`))).toBe(
      undefined,
    );
  });

  it('refuses a domain nobody owns with DOMAIN_NOT_OWNED', async () => {
    const mailbox = await stored(`jane@unowned-${randomUUID().slice(0, 8)}.com`);
    expect(await failureOf(mailbox)).toBe(MailboxFailureCode.DOMAIN_NOT_OWNED);
  });

  it("refuses another account's domain with DOMAIN_NOT_OWNED", async () => {
    const mailbox = await stored(address(), OperationStatus.EXECUTING, randomUUID());
    expect(await failureOf(mailbox)).toBe(MailboxFailureCode.DOMAIN_NOT_OWNED);
  });

  it.each([['PENDING'], ['PENDING_TRANSFER'], ['EXPIRED']])(
    "refuses the account's own domain while %s with DOMAIN_NOT_OWNED",
    async (status) => {
      const held = `${status.toLowerCase().replace('_', '-')}-${randomUUID().slice(0, 8)}.com`;
      t.addDomain(owner, held, status);
      expect(await failureOf(await stored(`jane@${held}`))).toBe(MailboxFailureCode.DOMAIN_NOT_OWNED);
    },
  );

  it('refuses a name the domains service will not look up (400) with DOMAIN_NOT_OWNED', async () => {
    t.domains.answerWith(400);
    expect(await failureOf(await stored(address()))).toBe(MailboxFailureCode.DOMAIN_NOT_OWNED);
  });

  it.each([[503], [500], [429]])(
    'throws a retryable DomainsUnavailableError, not a PermanentFailure, when the domains service answers %i',
    async (status) => {
      t.domains.answerWith(status);
      await expect(provider.provision(await stored(address()))).rejects.toBeInstanceOf(
        DomainsUnavailableError,
      );
    },
  );

  it('throws a retryable DomainsUnavailableError when the domains service is unreachable', async () => {
    const unreachable = new DefaultMailboxProvider(
      new MailboxesRepository(t.dataSource.manager),
      new DomainsClient({ baseUrl: 'http://127.0.0.1:1', internalCredential: credential }),
    );
    await expect(unreachable.provision(await stored(address()))).rejects.toBeInstanceOf(
      DomainsUnavailableError,
    );
  });

  it('asks the domains service with the internal credential, the domain in lower case', async () => {
    const before = t.domains.calls.length;
    await provider.provision(await stored(`Jane@${domain.toUpperCase()}`));
    expect(t.domains.calls.slice(before)).toEqual([
      { method: 'GET', path: `/internal/v1/domains/${domain}`, body: undefined },
    ]);
  });

  it('refuses an address a COMPLETED mailbox holds, in any case, with ADDRESS_TAKEN', async () => {
    const email = address();
    await stored(email, OperationStatus.COMPLETED);
    expect(await failureOf(await stored(email.toUpperCase()))).toBe(MailboxFailureCode.ADDRESS_TAKEN);
  });

  it('does not count FAILED or EXECUTING mailboxes of the address, nor the mailbox itself', async () => {
    const email = address();
    await stored(email, OperationStatus.FAILED);
    await stored(email, OperationStatus.EXECUTING);
    const itself = await stored(email, OperationStatus.COMPLETED);
    expect(await failureOf(await stored(email))).toBe(MailboxFailureCode.ADDRESS_TAKEN);
    expect(await failureOf(itself)).toBeUndefined();

    const free = address();
    await stored(free, OperationStatus.FAILED);
    expect(await failureOf(await stored(free))).toBeUndefined();
  });
});
