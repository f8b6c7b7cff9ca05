import { randomUUID } from 'node:crypto';
import { OperationRunner } from '@platform/queue';
import type { TestCredential } from '@platform/testing';
import { expireJobLock, waitFor } from '@platform/testing';
import { DefaultMailboxProvider } from '../src/modules/mailboxes/mailbox-provider';
import type { MailboxProvider } from '../src/modules/mailboxes/mailbox-provider';
import type { MailboxEntity } from '../src/modules/mailboxes/mailbox.entity';
import { MailboxesQueue } from '../src/modules/mailboxes/mailboxes.jobs';
import type { MailboxResponse } from '../src/modules/mailboxes/mailboxes.response';
import type { MailboxProviderDeps } from '../src/worker.module';
import {
  MailboxesTestApp,
  MailboxesWorkerHarness,
  mailboxRequest,
  startMailboxesTestApp,
  startMailboxesWorker,
} from './support/mailboxes-test-app';

/** A provider that enters the default one only after `release()`: a job stuck mid-provisioning. */
class BlockingProvider implements MailboxProvider {
  entered = 0;
  private readonly inner: DefaultMailboxProvider;
  private open: (fail: boolean) => void = () => undefined;
  private readonly gate = new Promise<boolean>((resolve) => (this.open = resolve));

  constructor({ mailboxes, domains }: MailboxProviderDeps) {
    this.inner = new DefaultMailboxProvider(mailboxes, domains);
  }

  async provision(mailbox: MailboxEntity): Promise<void> {
    this.entered += 1;
    if (await this.gate) throw new Error('the killed worker never finishes');
    return this.inner.provision(mailbox);
  }

  release(fail: boolean): void {
    this.open(fail);
  }
}

describe('mailboxes worker crash recovery (real Postgres, Redis and BullMQ)', () => {
  let t: MailboxesTestApp;
  let cred: TestCredential;
  const workers: MailboxesWorkerHarness[] = [];
  let blocking: BlockingProvider | undefined;

  beforeAll(async () => {
    t = await startMailboxesTestApp('mailboxes-crash');
    cred = await t.newCredential(['email.mailbox:create', 'email.mailbox:read']);
  });

  afterAll(async () => {
    blocking?.release(true);
    for (const w of workers) await w.close().catch(() => undefined);
    await t?.close();
  });

  it('a worker killed mid-job: another finishes the mailbox exactly once', async () => {
    const domain = `crash-${randomUUID().slice(0, 8)}.example.com`;
    t.addDomain(cred.accountId, domain);
    const email = `jane@${domain}`;

    const first = await startMailboxesWorker(t, {
      provider: (deps) => (blocking = new BlockingProvider(deps)),
    });
    workers.push(first);
    // The first worker's runs, so the test can wait for the killed one's late end.
    const firstRuns = jest.spyOn(first.app.get(OperationRunner), 'execute');
    const res = await t.inject({
      method: 'POST',
      url: '/mailboxes',
      headers: cred.headers,
      payload: mailboxRequest(cred.accountId, email),
    });
    expect(res.statusCode).toBe(202);
    const { mailboxId } = res.json() as MailboxResponse;
    await waitFor(() => (blocking?.entered ?? 0) > 0, { what: 'the first worker to take the job' });

    // The process dies: its worker stops at once, the job stays active with a lock nobody renews.
    await first.kill();
    // Stand in for the ≤ 60 s of lock expiry and stalled marking, then a new worker recovers the job.
    await expireJobLock(t.env, MailboxesQueue.name, mailboxId);
    const second = await startMailboxesWorker(t);
    workers.push(second);

    const done = await t.settled(mailboxId, cred);

    expect(done.status).toBe('COMPLETED');
    const rows: { status: string; attempts: number }[] = await t.dataSource.query(
      'SELECT status, attempts FROM mailboxes.mailboxes WHERE lower(email_address) = lower($1)',
      [email],
    );
    expect(rows).toEqual([{ status: 'COMPLETED', attempts: 2 }]);
    // The killed run, resuming now, finds the mailbox terminal and writes nothing: its run ends
    // 'skipped' (awaited, not slept on).
    expect(firstRuns).toHaveBeenCalledTimes(1);
    blocking?.release(false);
    await expect(firstRuns.mock.results[0].value).resolves.toBe('skipped');
    const again: { status: string }[] = await t.dataSource.query(
      'SELECT status FROM mailboxes.mailboxes WHERE lower(email_address) = lower($1)',
      [email],
    );
    expect(again).toEqual([{ status: 'COMPLETED' }]);
  }, 60_000);
});
