import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { TestCredential } from '@platform/testing';
import { DefaultMailboxProvider } from '../src/modules/mailboxes/mailbox-provider';
import type { MailboxResponse } from '../src/modules/mailboxes/mailboxes.response';
import { closeMailboxesSuite, mailboxRequest, startMailboxesSuite } from './support/mailboxes-test-app';
import type { MailboxesSuite, MailboxesTestApp } from './support/mailboxes-test-app';

/**
 * The trace context of a request reaches the job it enqueues: the worker provisions the mailbox
 * inside the caller's trace (bullmq-otel on the platform's queues and workers). No exporter here,
 * as by default: the ids travel whether or not anything is recorded.
 */
describe('mailboxes: the worker runs a request’s job in the request’s trace', () => {
  let t: MailboxesTestApp;
  let suite: MailboxesSuite | undefined;
  let cred: TestCredential;
  let domain: string;
  /** The active trace id while the worker's provider ran, per email address. */
  const seen = new Map<string, string | undefined>();

  beforeAll(async () => {
    suite = await startMailboxesSuite('mailboxes-trace', {
      provider: ({ mailboxes, domains }) => {
        const provider = new DefaultMailboxProvider(mailboxes, domains);
        return {
          provision: (mailbox) => {
            seen.set(mailbox.emailAddress, trace.getActiveSpan()?.spanContext().traceId);
            return provider.provision(mailbox);
          },
        };
      },
    });
    ({ t, cred, domain } = suite);
  });

  afterAll(() => closeMailboxesSuite(suite));

  const create = async (
    headers: Record<string, string>,
  ): Promise<{ email: string; res: MailboxResponse }> => {
    const email = `u${randomUUID().slice(0, 8)}@${domain}`;
    const res = await t.inject({
      method: 'POST',
      url: '/mailboxes',
      headers: { ...cred.headers, ...headers },
      payload: mailboxRequest(cred.accountId, email),
    });
    expect(res.statusCode).toBe(202);
    return { email, res: res.json() as MailboxResponse };
  };

  it.each([
    ['sampled', '01'],
    ['not sampled', '00'],
  ])("continues a %s caller's trace in the worker", async (_label, flags) => {
    const traceId = randomUUID().replace(/-/g, '');
    const { email, res } = await create({ traceparent: `00-${traceId}-00f067aa0ba902b7-${flags}` });
    expect((await t.settled(res.mailboxId, cred)).status).toBe('COMPLETED');
    expect(seen.get(email)).toBe(traceId);
  });

  it('runs the job of a request that came without a traceparent in the trace the service started', async () => {
    const email = `u${randomUUID().slice(0, 8)}@${domain}`;
    const res = await t.inject({
      method: 'POST',
      url: '/mailboxes',
      headers: cred.headers,
      payload: mailboxRequest(cred.accountId, email),
    });
    const started = /^00-([0-9a-f]{32})-[0-9a-f]{16}-0[01]$/.exec(String(res.headers.traceresponse))?.[1];
    expect(started).toBeDefined();
    expect((await t.settled((res.json() as MailboxResponse).mailboxId, cred)).status).toBe('COMPLETED');
    expect(seen.get(email)).toBe(started);
  });
});
