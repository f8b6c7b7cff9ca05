import { declareQueue } from '@platform/queue';

/** The queue of mailbox provisioning; each job carries the mailbox id as operationId (and job id). */
export const MailboxesQueue = declareQueue({ name: 'mailboxes', jobs: ['mailbox.provision'] });

export const PROVISION_JOB = 'mailbox.provision';

/** Provisioning jobs run in parallel up to this many per worker process. */
export const MAILBOXES_CONCURRENCY = 8;
