import { randomUUID } from 'node:crypto';
import { runAdminCli } from '@platform/testing';
import { MailboxesTestApp, startMailboxesTestApp } from './support/mailboxes-test-app';

describe('admin CLI: domain add (npm run -s admin, real Postgres)', () => {
  let t: MailboxesTestApp;

  beforeAll(async () => {
    t = await startMailboxesTestApp('mailboxes-admin');
  });

  afterAll(async () => {
    await t?.close();
  });

  it('records the domain for the account and prints {domain, accountId}', async () => {
    const accountId = randomUUID();
    const domain = `Admin-${randomUUID().slice(0, 8)}.Example.com`;

    const r = await runAdminCli(t.env, 'domain', 'add', '--account', accountId, '--domain', domain);

    expect(r.code).toBe(0);
    expect(r.json).toEqual({ domain: domain.toLowerCase(), accountId });
    const rows: { account_id: string }[] = await t.dataSource.query(
      'SELECT account_id FROM mailboxes.domains WHERE domain = $1',
      [domain.toLowerCase()],
    );
    expect(rows).toEqual([{ account_id: accountId }]);
    // Adding it again for the same account is a no-op that answers the same.
    const again = await runAdminCli(t.env, 'domain', 'add', '--account', accountId, '--domain', domain);
    expect([again.code, again.json]).toEqual([0, r.json]);
  }, 180_000);

  it('refuses a domain another account owns, and a malformed domain', async () => {
    const domain = `owned-${randomUUID().slice(0, 8)}.com`;
    await t.addDomain(randomUUID(), domain);

    const taken = await runAdminCli(t.env, 'domain', 'add', '--account', randomUUID(), '--domain', domain);
    const malformed = await runAdminCli(
      t.env,
      'domain',
      'add',
      '--account',
      randomUUID(),
      '--domain',
      'no_tld',
    );

    expect(taken.code).not.toBe(0);
    expect(taken.json.error?.code).toBe('DOMAIN_ALREADY_OWNED');
    expect(malformed.code).not.toBe(0);
    expect(malformed.json.error?.code).toBe('INVALID_FLAG_VALUE');
  }, 180_000);
});
