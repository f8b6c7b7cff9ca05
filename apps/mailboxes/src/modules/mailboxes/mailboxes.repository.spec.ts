import { type TestDataSource, openTestDataSource } from '@platform/testing';
import type { OperationStatus } from '@platform/queue';
import { randomUUID } from 'node:crypto';
import { MAILBOXES_MIGRATION_SET } from '../../database/mailboxes.migration-set';
import { MailboxEntity } from './mailbox.entity';
import { MailboxesRepository } from './mailboxes.repository';

// Medium tier (docs/testing.md): the repository against the real migrated schema, no HTTP or queue.
describe('MailboxesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let mailboxes: MailboxesRepository;
  const accountId = randomUUID();

  async function mailbox(emailAddress: string, status: OperationStatus): Promise<string> {
    const id = randomUUID();
    await t.dataSource.getRepository(MailboxEntity).insert({
      id,
      status,
      jobQueue: 'mailboxes',
      jobName: 'mailbox.provision',
      jobData: { operationId: id },
      accountId,
      emailAddress,
      mailboxType: 'STANDARD',
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
      agreements: [],
    });
    return id;
  }

  beforeAll(async () => {
    t = await openTestDataSource('mailboxes-repository', [MAILBOXES_MIGRATION_SET]);
    mailboxes = new MailboxesRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('reads a mailbox in its account only', async () => {
    const id = await mailbox('read@example.com', 'EXECUTING');
    expect((await mailboxes.findInAccount(accountId, id))?.emailAddress).toBe('read@example.com');
    expect(await mailboxes.findInAccount(randomUUID(), id)).toBeNull();
  });

  it('finds an address taken only by another COMPLETED mailbox, whatever its case', async () => {
    const executing = await mailbox('Taken@Example.com', 'EXECUTING');
    expect(await mailboxes.isAddressTakenByOther('taken@example.com', randomUUID())).toBe(false);
    await mailbox('taken@example.com', 'FAILED');
    expect(await mailboxes.isAddressTakenByOther('taken@example.com', executing)).toBe(false);
    const completed = await mailbox('TAKEN@example.com', 'COMPLETED');
    expect(await mailboxes.isAddressTakenByOther('Taken@Example.com', executing)).toBe(true);
    expect(await mailboxes.isAddressTakenByOther('taken@example.com', completed)).toBe(false);
  });

  it('lets the unique index refuse a second COMPLETED mailbox of the same address', async () => {
    await mailbox('once@example.com', 'COMPLETED');
    await expect(mailbox('ONCE@example.com', 'COMPLETED')).rejects.toMatchObject({
      driverError: { code: '23505', constraint: 'mailboxes_completed_email_key' },
    });
  });
});
