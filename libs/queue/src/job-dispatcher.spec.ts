import { UnrecoverableError } from 'bullmq';
import type { Job } from 'bullmq';
import { createJobDispatcher, declareQueue } from './job-dispatcher';
import type { JobHandlers } from './job-dispatcher';
import type { OperationJobData } from './operation-job';

type Ids = OperationJobData;

const MailJobs = declareQueue({
  name: 'mail',
  jobs: ['mailbox.provision', 'mailbox.delete', 'mailbox.resync'],
});
type MailJob = (typeof MailJobs.jobs)[number];

const jobNamed = (name: string): Job<Ids> => ({ name, data: { operationId: 'op-1' } }) as Job<Ids>;

describe('declareQueue', () => {
  it('keeps the queue name and its job names', () => {
    expect(MailJobs).toEqual({
      name: 'mail',
      jobs: ['mailbox.provision', 'mailbox.delete', 'mailbox.resync'],
    });
  });

  it('rejects a job name declared twice', () => {
    expect(() => declareQueue({ name: 'mail', jobs: ['a', 'b', 'a'] })).toThrow(
      'queue "mail" declares jobs twice: a',
    );
  });
});

describe('createJobDispatcher', () => {
  it('refuses to build when declared jobs have no handler, naming each of them', () => {
    const partial = { 'mailbox.provision': async () => undefined } as unknown as JobHandlers<MailJob, Ids>;

    expect(() => createJobDispatcher(MailJobs, partial)).toThrow(
      'worker of queue "mail" cannot start: no handler for declared job(s) mailbox.delete, mailbox.resync',
    );
  });

  it('refuses a handler for a job the queue does not declare', () => {
    const extra = {
      'mailbox.provision': async () => undefined,
      'mailbox.delete': async () => undefined,
      'mailbox.resync': async () => undefined,
      'mailbox.rename': async () => undefined,
    } as JobHandlers<MailJob, Ids>;

    expect(() => createJobDispatcher(MailJobs, extra)).toThrow(
      'handler(s) for undeclared job(s) mailbox.rename',
    );
  });

  it('does not compile when a declared job has no handler', () => {
    const handlers = { 'mailbox.provision': async () => 1, 'mailbox.delete': async () => 2 };
    // @ts-expect-error 'mailbox.resync' is declared but has no handler
    const build = (): unknown => createJobDispatcher(MailJobs, handlers);

    expect(build).toThrow('mailbox.resync');
  });

  it('runs the handler named by job.name with the job, typed as operation job data by default', async () => {
    const seen: string[] = [];
    const dispatcher = createJobDispatcher(MailJobs, {
      'mailbox.provision': async (job) => seen.push(`provision ${job.data.operationId}`),
      'mailbox.delete': async (job) => seen.push(`delete ${job.data.operationId}`),
      'mailbox.resync': async (job) => seen.push(`resync ${job.data.operationId}`),
    });

    await dispatcher.dispatch(jobNamed('mailbox.delete'));

    expect(seen).toEqual(['delete op-1']);
    expect(dispatcher.queueName).toBe('mail');
  });

  it('fails a job of an unknown name without retries', async () => {
    const dispatcher = createJobDispatcher(MailJobs, {
      'mailbox.provision': async () => undefined,
      'mailbox.delete': async () => undefined,
      'mailbox.resync': async () => undefined,
    });

    const result = dispatcher.dispatch(jobNamed('mailbox.explode'));

    await expect(result).rejects.toBeInstanceOf(UnrecoverableError);
    await expect(result).rejects.toThrow('queue "mail" has no handler for job "mailbox.explode"');
  });
});
