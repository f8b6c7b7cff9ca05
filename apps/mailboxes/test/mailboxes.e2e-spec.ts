import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { ORPHAN_SCAN_EVERY_MS, orphanScanQueue, orphanScanSchedulerId } from '@platform/queue';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { Queue } from 'bullmq';
import { MailboxesQueue } from '../src/modules/mailboxes/mailboxes.jobs';
import type { MailboxResponse } from '../src/modules/mailboxes/mailboxes.response';
import { closeMailboxesSuite, mailboxRequest, startMailboxesSuite } from './support/mailboxes-test-app';
import type { MailboxesSuite, MailboxesTestApp, MailboxesWorkerHarness } from './support/mailboxes-test-app';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('mailboxes API and worker (real Postgres, Redis and BullMQ)', () => {
  let t: MailboxesTestApp;
  let suite: MailboxesSuite | undefined;
  let cred: TestCredential;
  let domain: string;
  let worker: MailboxesWorkerHarness;

  beforeAll(async () => {
    suite = await startMailboxesSuite('mailboxes');
    ({ t, cred, domain, worker } = suite);
  });

  afterAll(() => closeMailboxesSuite(suite));

  it('has the worker declare the orphan scan of `mailboxes` at boot, every minute (one scheduler for all replicas)', async () => {
    const scans = worker.app.get<Queue>(getQueueToken(orphanScanQueue(MailboxesQueue).name));
    expect(await scans.getJobScheduler(orphanScanSchedulerId(MailboxesQueue))).toMatchObject({
      every: ORPHAN_SCAN_EVERY_MS,
    });
  });

  const address = (): string => `u${randomUUID().slice(0, 8)}@${domain}`;

  const post = (
    body: unknown,
    headers: Record<string, string> = {},
    c: TestCredential = cred,
  ): ReturnType<MailboxesTestApp['inject']> =>
    t.inject({
      method: 'POST',
      url: '/mailboxes',
      headers: { ...c.headers, ...headers },
      payload: body as object,
    });

  const mailboxRows = async (email: string): Promise<number> => {
    const rows: { n: string }[] = await t.dataSource.query(
      'SELECT count(*) AS n FROM mailboxes.mailboxes WHERE lower(email_address) = lower($1)',
      [email],
    );
    return Number(rows[0].n);
  };

  it('answers 202 with the full mailbox in EXECUTING, then provisions it to COMPLETED', async () => {
    const email = address();
    const res = await post(mailboxRequest(cred.accountId, email));

    expect(res.statusCode).toBe(202);
    const body = res.json() as MailboxResponse;
    expect(body).toEqual({
      mailboxId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      emailAddress: email,
      mailboxType: 'FREE_TRIAL',
      firstName: 'Jane',
      lastName: 'Doe',
      displayName: 'Jane Doe',
      status: 'EXECUTING',
      agreements: [{ type: 'FREETRIAL_AUTORENEW', agreed: true }],
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      links: [{ rel: 'self', href: `/mailboxes/${body.mailboxId}` }],
    });

    const done = await t.settled(body.mailboxId, cred);
    expect(done).toEqual({ ...body, status: 'COMPLETED', updatedAt: expect.stringMatching(ISO) });
    expect(await mailboxRows(email)).toBe(1);
  });

  it("answers POST with the stored record's createdAt and updatedAt, as a later GET does", async () => {
    const res = await post(mailboxRequest(cred.accountId, address()));
    const body = res.json() as MailboxResponse;

    const rows: { created_at: Date }[] = await t.dataSource.query(
      'SELECT created_at FROM mailboxes.mailboxes WHERE id = $1',
      [body.mailboxId],
    );
    expect(body.createdAt).toBe(rows[0].created_at.toISOString());
    // Both columns default to now() of the inserting transaction.
    expect(body.updatedAt).toBe(body.createdAt);
    const read = await t.inject({
      method: 'GET',
      url: `/mailboxes/${body.mailboxId}`,
      headers: cred.headers,
    });
    expect((read.json() as MailboxResponse).createdAt).toBe(body.createdAt);
  });

  it('makes a STANDARD mailbox without the free-trial consent, with one agreement per consent', async () => {
    const res = await post(
      mailboxRequest(cred.accountId, address(), { consents: [{ type: 'MARKETING' }, { type: 'MARKETING' }] }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({
      mailboxType: 'STANDARD',
      agreements: [{ type: 'MARKETING', agreed: true }],
    });
  });

  it('fails a mailbox of a domain the account does not own with DOMAIN_NOT_OWNED', async () => {
    const res = await post(mailboxRequest(cred.accountId, `jane@unowned-${randomUUID().slice(0, 8)}.com`));
    expect(res.statusCode).toBe(202);

    const done = await t.settled((res.json() as MailboxResponse).mailboxId, cred);
    expect(done.status).toBe('FAILED');
    expect(done.failure).toEqual({ code: 'DOMAIN_NOT_OWNED', message: expect.any(String) });
  });

  it('fails a domain owned by another account with DOMAIN_NOT_OWNED', async () => {
    const other = await t.newCredential(['email.mailbox:read']);
    const theirs = `theirs-${randomUUID().slice(0, 8)}.com`;
    t.addDomain(other.accountId, theirs);

    const res = await post(mailboxRequest(cred.accountId, `jane@${theirs}`));
    const done = await t.settled((res.json() as MailboxResponse).mailboxId, cred);

    expect(done.failure?.code).toBe('DOMAIN_NOT_OWNED');
  });

  it('fails a mailbox of a domain of the account that is not ACTIVE yet (PENDING) with DOMAIN_NOT_OWNED', async () => {
    const pending = `pending-${randomUUID().slice(0, 8)}.com`;
    t.addDomain(cred.accountId, pending, 'PENDING');

    const res = await post(mailboxRequest(cred.accountId, `jane@${pending}`));
    const done = await t.settled((res.json() as MailboxResponse).mailboxId, cred);

    expect(done.status).toBe('FAILED');
    expect(done.failure).toEqual({ code: 'DOMAIN_NOT_OWNED', message: expect.any(String) });
  });

  it('retries while the domains service answers 503, then completes the one mailbox once it recovers', async () => {
    const email = address();
    const asked = (): number =>
      t.domains.calls.filter((c) => c.path === `/internal/v1/domains/${domain}`).length;
    const before = asked();
    t.domains.answerWith(503);
    try {
      const res = await post(mailboxRequest(cred.accountId, email));
      const { mailboxId } = res.json() as MailboxResponse;
      // Two refused attempts: the job is being retried, the mailbox still EXECUTING.
      await waitFor(() => asked() >= before + 2, { what: 'a retried provisioning', timeoutMs: 20_000 });
      const during = await t.inject({ method: 'GET', url: `/mailboxes/${mailboxId}`, headers: cred.headers });
      expect((during.json() as MailboxResponse).status).toBe('EXECUTING');
      t.domains.answerWith(undefined);

      const done = await t.settled(mailboxId, cred, 30_000);
      expect(done.status).toBe('COMPLETED');
    } finally {
      t.domains.answerWith(undefined);
    }
    const rows: { status: string; attempts: number }[] = await t.dataSource.query(
      'SELECT status, attempts FROM mailboxes.mailboxes WHERE lower(email_address) = lower($1)',
      [email],
    );
    expect(rows).toEqual([{ status: 'COMPLETED', attempts: expect.any(Number) }]);
    expect(rows[0].attempts).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('fails a second mailbox with a taken address (any case) with ADDRESS_TAKEN', async () => {
    const email = address();
    const first = await post(mailboxRequest(cred.accountId, email));
    expect((await t.settled((first.json() as MailboxResponse).mailboxId, cred)).status).toBe('COMPLETED');

    const second = await post(mailboxRequest(cred.accountId, email.toUpperCase().replace(/\.COM$/, '.com')));
    const done = await t.settled((second.json() as MailboxResponse).mailboxId, cred);

    expect(done.status).toBe('FAILED');
    expect(done.failure).toEqual({ code: 'ADDRESS_TAKEN', message: expect.any(String) });
    const completed: { n: string }[] = await t.dataSource.query(
      "SELECT count(*) AS n FROM mailboxes.mailboxes WHERE lower(email_address) = lower($1) AND status = 'COMPLETED'",
      [email],
    );
    expect(Number(completed[0].n)).toBe(1);
  });

  describe('validation', () => {
    it.each([
      ['a malformed e-mail address', { emailAddress: 'not-an-address' }, '$.emailAddress'],
      ['an address without a top-level domain', { emailAddress: 'jane@localhost' }, '$.emailAddress'],
      ['a non-uuid accountId', { accountId: 'acct-1' }, '$.accountId'],
      ['an empty firstName', { firstName: '' }, '$.firstName'],
      ['a lastName of 65 characters', { lastName: 'x'.repeat(65) }, '$.lastName'],
      ['a consent without type', { consents: [{ type: 'OK' }, {}] }, '$.consents[1].type'],
      ['consents not an array', { consents: 'FREETRIAL_AUTORENEW' }, '$.consents'],
    ])('rejects %s with 400 INVALID_BODY and the field path', async (_what, override, path) => {
      const res = await post(mailboxRequest(cred.accountId, address(), override));

      expect(res.statusCode).toBe(400);
      const body = res.json() as { code: string; message: string; fields: { path: string; code: string }[] };
      expect(body.code).toBe('INVALID_BODY');
      expect(body.fields.map((f) => f.path)).toContain(path);
    });

    it('reports every invalid field at once', async () => {
      const res = await post({
        emailAddress: 'x',
        accountId: 'y',
        firstName: '',
        lastName: '',
        consents: [],
      });
      expect(res.statusCode).toBe(400);
      const paths = (res.json() as { fields: { path: string }[] }).fields.map((f) => f.path);
      expect(paths).toEqual(
        expect.arrayContaining(['$.emailAddress', '$.accountId', '$.firstName', '$.lastName']),
      );
    });

    it("answers 404 ACCOUNT_NOT_FOUND for an accountId that is not the caller's", async () => {
      const res = await post(mailboxRequest(randomUUID(), address()));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    });

    it('answers 400 INVALID_FORMAT for a malformed mailboxId', async () => {
      const res = await t.inject({ method: 'GET', url: '/mailboxes/not-a-uuid', headers: cred.headers });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'INVALID_FORMAT' });
    });
  });

  describe('Idempotency-Key', () => {
    it.each([
      [15, 400],
      [16, 202],
      [64, 202],
      [65, 400],
    ])('a key of %i characters answers %i', async (length, status) => {
      const key = randomUUID().replace(/-/g, '').repeat(3).slice(0, length);
      const res = await post(mailboxRequest(cred.accountId, address()), { 'idempotency-key': key });
      expect(res.statusCode).toBe(status);
      if (status === 400)
        expect(res.json()).toMatchObject({
          code: 'INVALID_FORMAT',
          fields: [expect.objectContaining({ path: 'Idempotency-Key' })],
        });
    });

    it('replays the original response for a sequential retry and creates no second mailbox', async () => {
      const key = `key-${randomUUID()}`;
      const body = mailboxRequest(cred.accountId, address());
      const first = await post(body, { 'idempotency-key': key });
      const again = await post(body, { 'idempotency-key': key });

      expect([first.statusCode, again.statusCode]).toEqual([202, 202]);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await mailboxRows(body.emailAddress as string)).toBe(1);
    });

    it('creates one mailbox for 20 concurrent POSTs with one key', async () => {
      const key = `burst-${randomUUID()}`;
      const body = mailboxRequest(cred.accountId, address());

      const responses = await Promise.all(
        Array.from({ length: 20 }, () => post(body, { 'idempotency-key': key })),
      );

      for (const r of responses) expect([202, 409]).toContain(r.statusCode);
      const accepted = responses.filter((r) => r.statusCode === 202);
      expect(accepted.length).toBeGreaterThanOrEqual(1);
      const ids = new Set(accepted.map((r) => (r.json() as MailboxResponse).mailboxId));
      expect(ids.size).toBe(1);
      expect(await mailboxRows(body.emailAddress as string)).toBe(1);
      const later = await post(body, { 'idempotency-key': key });
      expect((later.json() as MailboxResponse).mailboxId).toBe([...ids][0]);
    });
  });

  it('echoes a uuid X-Request-Id', async () => {
    const requestId = randomUUID();
    const res = await post(mailboxRequest(cred.accountId, address()), { 'x-request-id': requestId });
    expect(res.statusCode).toBe(202);
    expect(res.headers['x-request-id']).toBe(requestId);
  });

  it("answers 404 MAILBOX_NOT_FOUND for another account's mailbox and for an unknown id", async () => {
    const res = await post(mailboxRequest(cred.accountId, address()));
    const { mailboxId } = res.json() as MailboxResponse;
    const stranger = await t.newCredential(['email.mailbox:read']);

    const theirs = await t.inject({
      method: 'GET',
      url: `/mailboxes/${mailboxId}`,
      headers: stranger.headers,
    });
    const unknown = await t.inject({
      method: 'GET',
      url: `/mailboxes/${randomUUID()}`,
      headers: cred.headers,
    });

    expect([theirs.statusCode, unknown.statusCode]).toEqual([404, 404]);
    expect(theirs.json()).toMatchObject({ code: 'MAILBOX_NOT_FOUND' });
    expect(unknown.json()).toMatchObject({ code: 'MAILBOX_NOT_FOUND' });
  });

  describe('scopes', () => {
    it('answers 403 to a read-only token on POST', async () => {
      const reader = await t.newCredential(['email.mailbox:read']);
      const res = await post(mailboxRequest(reader.accountId, address()), {}, reader);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('answers 403 to a create-only token on GET', async () => {
      const creator = await t.newCredential(['email.mailbox:create']);
      const res = await t.inject({
        method: 'GET',
        url: `/mailboxes/${randomUUID()}`,
        headers: creator.headers,
      });
      expect(res.statusCode).toBe(403);
    });

    it('answers 401 without a token', async () => {
      const res = await t.inject({ method: 'GET', url: `/mailboxes/${randomUUID()}` });
      expect(res.statusCode).toBe(401);
    });
  });
});
