import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getQueueToken } from '@nestjs/bullmq';
import { waitFor, type TestCredential, type WorkerHarness } from '@platform/testing';
import type { Queue } from 'bullmq';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { formatAmount } from '../src/modules/order-confirmations/order-confirmation-message';
import type { ConfirmationRun } from '../src/modules/order-confirmations/order-confirmations.service';
import { OrderEventsPublisher } from '../src/modules/orders/order-events.publisher';
import { OrdersSweep } from '../src/modules/orders/orders-sweep.service';
import { CONFIRM_JOB, ShoppingOrdersQueue, type OrderJobData } from '../src/modules/orders/orders.jobs';
import { ShoppingOrderEntity } from '../src/modules/orders/shopping-order.entity';
import { startShoppingTestApp, type ShoppingTestApp } from './support/shopping-test-app';
import { startShoppingWorker } from './support/shopping-worker';
import type { UcpJson } from './support/ucp-responses';

/** A message the SMTP server accepted: its envelope recipients and its source. */
interface ReceivedMail {
  readonly to: readonly string[];
  readonly raw: string;
}

/**
 * A real SMTP server on loopback (smtp-server, no TLS, no AUTH) that keeps what it accepts and
 * refuses a recipient (RCPT TO) with a given reply code, a given number of times.
 */
interface TestSmtpServer {
  readonly port: number;
  readonly received: ReceivedMail[];
  /** Refuse `address` with `code` its next `times` RCPT TOs (Infinity: always). */
  refuse(address: string, code: number, times: number): void;
  /** How often `address` was refused. */
  refusals(address: string): number;
  close(): Promise<void>;
}

async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const refusing = new Map<string, { code: number; left: number }>();
  const refused = new Map<string, number>();
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    onRcptTo(address, _session, callback) {
      const rule = refusing.get(address.address);
      if (rule && rule.left > 0) {
        rule.left--;
        refused.set(address.address, (refused.get(address.address) ?? 0) + 1);
        const text = rule.code < 500 ? 'mailbox busy, try again later' : 'no such mailbox here';
        return callback(Object.assign(new Error(text), { responseCode: rule.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((a) => a.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    refuse: (address, code, times) => refusing.set(address, { code, left: times }),
    refusals: (address) => refused.get(address) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * UCP CHK-011, end to end (real PostgreSQL, Redis and an SMTP server on loopback; the worker
 * in-process): a completed checkout makes the worker send the buyer one confirmation e-mail with
 * the order's id, lines, totals and permalink and nothing of the payment, recorded on the order;
 * a mail server that defers is retried with backoff; a replayed job or a lost add (the sweep)
 * never sends a second one; a recipient refused for good is given up.
 */
describe('shopping: order confirmation e-mail (API + worker + SMTP)', () => {
  let t: ShoppingTestApp;
  let smtp: TestSmtpServer;
  let worker: WorkerHarness;
  const from = 'Developer Platform Orders <orders@platform.test>';

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await startShoppingTestApp('shopping-confirmation');
    worker = await startShoppingWorker(t, {
      SHOPPING_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      SHOPPING_MAIL_FROM: from,
    });
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await smtp?.close();
  });

  const orders = () => t.dataSource.getRepository(ShoppingOrderEntity);
  /** The API's queue (the producer side, as a second process would see it). */
  const queue = () => t.app.get<Queue<OrderJobData>>(getQueueToken(ShoppingOrdersQueue.name));
  const mailTo = (address: string) => smtp.received.filter((m) => m.to.includes(address));
  const buyerEmail = () => `buyer-${randomUUID().slice(0, 8)}@example.com`;
  const paymentToken = () => `tok_confirm_${randomUUID()}`;

  /**
   * A buyer with an ACTIVE payment profile completes a platform checkout of one domain, giving
   * `email` (and a name and phone number that the e-mail must not repeat) and `token` as the
   * instrument's credential; the order id.
   */
  async function placeOrder(buyer: TestCredential, email: string, token: string): Promise<string> {
    t.domains.setPaymentProfile(buyer.accountId, 'ACTIVE');
    const created = (
      await t.ucp(buyer, 'POST', '/v1/shopping/checkout-sessions', {
        line_items: [{ item: { id: `domain:conf-${randomUUID().slice(0, 8)}.com:1y` }, quantity: 1 }],
        buyer: { email, first_name: 'Grace', last_name: 'Hopper', phone_number: '+15550100999' },
      })
    ).json() as UcpJson;
    expect(created.status).toBe('ready_for_complete');
    const done = (
      await t.ucp(buyer, 'POST', `/v1/shopping/checkout-sessions/${created.id}/complete`, {
        payment: {
          instruments: [
            {
              id: 'pp_1',
              handler_id: 'payment_profile',
              type: 'payment_profile',
              selected: true,
              credential: { type: 'token', token },
            },
          ],
        },
      })
    ).json() as UcpJson;
    expect(done.status).toBe('completed');
    return done.order.id as string;
  }

  /** The order once its confirmation is recorded as sent. */
  const confirmedOrder = (orderId: string) =>
    waitFor(
      async () => {
        const order = await orders().findOneByOrFail({ id: orderId });
        return order.confirmationSentAt !== null && order;
      },
      { what: `confirmation of ${orderId} recorded`, timeoutMs: 30_000 },
    );

  /** No `order.confirm` job of the order is left (it completed and was removed). */
  const confirmJobGone = (orderId: string) =>
    waitFor(async () => (await queue().getJob(`${CONFIRM_JOB}.${orderId}`)) === undefined, {
      what: `no ${CONFIRM_JOB} job of ${orderId}`,
    });

  it('sends the buyer one e-mail with the order id, lines, total and permalink, and nothing of the payment', async () => {
    const email = buyerEmail();
    const token = paymentToken();
    const orderId = await placeOrder(await t.buyer(), email, token);
    const order = await confirmedOrder(orderId);
    expect(order.confirmationVia).toBe('smtp');
    expect(order.confirmationFailedAt).toBeNull();
    const mails = mailTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].to).toEqual([email]);
    const mail: ParsedMail = await simpleParser(mails[0].raw);
    expect(mail.to).toMatchObject({ value: [{ address: email }] });
    expect(mail.from).toMatchObject({ value: [{ address: 'orders@platform.test' }] });
    expect(mail.subject).toBe(`Order confirmation: Order ${orderId}`);
    const total = order.totals.find((x) => x.type === 'total')?.amount;
    expect(total).toBeGreaterThan(0);
    const permalink = `https://api.platform.test/v1/shopping/orders/${orderId}`;
    for (const part of [mail.text ?? '', String(mail.html)]) {
      expect(part).toContain(orderId);
      expect(part).toContain(`${formatAmount(total ?? 0, order.currency)}`);
      expect(part).toContain(order.lineItems[0].item.title);
      expect(part).toContain(permalink);
    }
    for (const secret of [token, 'payment_profile', 'Grace', 'Hopper', '+15550100999'])
      expect(mails[0].raw).not.toContain(secret);
  });

  it('a mail server answering 451 twice: delivered once, after retries with backoff', async () => {
    const email = buyerEmail();
    smtp.refuse(email, 451, 2);
    const orderId = await placeOrder(await t.buyer(), email, paymentToken());
    const order = await confirmedOrder(orderId);
    expect(smtp.refusals(email)).toBe(2);
    expect(mailTo(email)).toHaveLength(1);
    expect(order.confirmationError).toBeNull();
  });

  it('a replayed job, a re-add by the sweep and a duplicate job id: still the one recorded e-mail', async () => {
    const email = buyerEmail();
    const orderId = await placeOrder(await t.buyer(), email, paymentToken());
    const { confirmationSentAt } = await confirmedOrder(orderId);
    await confirmJobGone(orderId); // the record is written a moment before the job completes
    const replays = await Promise.all([
      queue().add(CONFIRM_JOB, { orderId }, { jobId: `${CONFIRM_JOB}.${orderId}`, removeOnComplete: false }),
      queue().add(CONFIRM_JOB, { orderId }, { jobId: `replay.${orderId}`, removeOnComplete: false }),
    ]);
    const runs = await Promise.all(
      replays.map((job) =>
        waitFor(
          async () => {
            const state = await job.getState();
            if (state === 'failed') throw new Error(`job ${job.id} failed`);
            return state === 'completed' && (await queue().getJob(job.id ?? ''));
          },
          { what: `job ${job.id} completed` },
        ),
      ),
    );
    expect(runs.map((j) => (j?.returnvalue as ConfirmationRun).outcome)).toEqual([
      'already-sent',
      'already-sent',
    ]);
    // The sweep finds nothing to confirm for it, and the publisher's re-add changes nothing.
    const swept = await worker.app.get(OrdersSweep).run();
    expect(swept.confirm).toBe(0);
    await Promise.all(replays.map((job) => job.remove()));
    expect(await t.app.get(OrderEventsPublisher).requeue(CONFIRM_JOB, orderId)).toBe(true);
    await confirmJobGone(orderId);
    expect(mailTo(email)).toHaveLength(1);
    expect((await orders().findOneByOrFail({ id: orderId })).confirmationSentAt).toEqual(confirmationSentAt);
  });

  it('a lost add after the commit: the sweep adds the job and the e-mail goes out once', async () => {
    const email = buyerEmail();
    await queue().pause();
    const orderId = await placeOrder(await t.buyer(), email, paymentToken());
    // As if Redis had dropped the add: the order is there, its confirmation job is not.
    const removed = await queue().remove(`${CONFIRM_JOB}.${orderId}`);
    await queue().resume();
    expect(removed).toBe(1);
    expect((await orders().findOneByOrFail({ id: orderId })).confirmationSentAt).toBeNull();
    const swept = await worker.app.get(OrdersSweep).run();
    expect(swept.confirm).toBeGreaterThanOrEqual(1);
    await confirmedOrder(orderId);
    expect(mailTo(email)).toHaveLength(1);
  });

  it('a recipient the server refuses for good (550): given up at once, never retried', async () => {
    const email = buyerEmail();
    smtp.refuse(email, 550, Infinity);
    const orderId = await placeOrder(await t.buyer(), email, paymentToken());
    const order = await waitFor(
      async () => {
        const row = await orders().findOneByOrFail({ id: orderId });
        return row.confirmationFailedAt !== null && row;
      },
      { what: `confirmation of ${orderId} given up` },
    );
    expect(order.confirmationSentAt).toBeNull();
    expect(order.confirmationError).toMatch(/550/);
    expect(smtp.refusals(email)).toBe(1);
    expect(mailTo(email)).toEqual([]);
    expect((await worker.app.get(OrdersSweep).run()).confirm).toBe(0);
  });
});
