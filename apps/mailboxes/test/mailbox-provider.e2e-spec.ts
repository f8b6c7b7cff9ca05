import { randomUUID } from 'node:crypto';
import { OperationStatus, PermanentFailure } from '@platform/queue';
import { DatabaseMailboxProvider } from '../src/modules/mailboxes/mailbox-provider';
import { MailboxEntity } from '../src/modules/mailboxes/mailbox.entity';
import { MailboxFailureCode } from '../src/modules/mailboxes/mailboxes.errors';
import { MailboxesTestApp, startMailboxesTestApp } from './support/mailboxes-test-app';

/**
 * DatabaseMailboxProvider's checks (domain owner, address taken) are one statement; each rule is
 * checked here against the real tables, without a worker.
 */
describe('DatabaseMailboxProvider (real Postgres)', () => {
  let t: MailboxesTestApp;
  let provider: DatabaseMailboxProvider;
  const owner = randomUUID();
  const domain = `p${randomUUID().slice(0, 8)}.example.com`;

  beforeAll(async () => {
    t = await startMailboxesTestApp('mailboxes-provider');
    provider = new DatabaseMailboxProvider(t.dataSource);
    await t.addDomain(owner, domain);
  });

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
