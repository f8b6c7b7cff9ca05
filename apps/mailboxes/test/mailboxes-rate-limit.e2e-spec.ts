import { MailboxesTestApp, startMailboxesTestApp } from './support/mailboxes-test-app';

describe('mailboxes rate limit (ErrorLimit 429)', () => {
  const LIMIT = 5;
  let t: MailboxesTestApp;

  beforeAll(async () => {
    t = await startMailboxesTestApp('mailboxes-rl', { RATE_LIMIT_CREDENTIAL_LIMIT: String(LIMIT) });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('answers the exhausted limit with 429, Retry-After and an ErrorLimit body with retryAfterSec', async () => {
    const cred = await t.newCredential(['email.mailbox:read']);
    const url = '/mailboxes/00000000-0000-4000-8000-000000000000';
    const responses = await Promise.all(
      Array.from({ length: LIMIT * 2 }, () => t.inject({ method: 'GET', url, headers: cred.headers })),
    );
    expect(responses.filter((r) => r.statusCode === 404)).toHaveLength(LIMIT);
    const refused = responses.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(LIMIT);
    for (const r of refused) {
      const retryAfter = Number(r.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(r.headers['ratelimit-remaining']).toBe('0');
      expect(r.json()).toEqual({
        code: 'TOO_MANY_REQUESTS',
        message: expect.any(String),
        retryAfterSec: retryAfter,
      });
    }
  });
});
