import { randomUUID } from 'node:crypto';
import { DomainsClient } from '@platform/domains-client';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import type { Response } from 'light-my-request';
import { DomainsTestApp, startDomainsTestApp } from './support/domains-test-app';

/** GET /internal/v1/domains/{domain}: what libs/domains-client `ownerOf` asks the domains service. */
describe('GET /internal/v1/domains/{domain} (real Postgres)', () => {
  let t: DomainsTestApp;
  let credential: string;
  const account = randomUUID();

  beforeAll(async () => {
    t = await startDomainsTestApp('internal-owner');
    credential = deriveInternalCredential(t.env.config('domains').secretsEncryptionKey);
    await t.addDomain(account, 'held.test');
  });

  afterAll(() => t?.close());

  const ask = (domain: string, headers: Record<string, string> = {}): Promise<Response> =>
    t.inject({ method: 'GET', url: `/internal/v1/domains/${domain}`, headers });
  const withCredential = { [INTERNAL_CREDENTIAL_HEADER]: '' };

  beforeEach(() => {
    withCredential[INTERNAL_CREDENTIAL_HEADER] = credential;
  });

  it('names the account that holds the domain and its status', async () => {
    const res = await ask('Held.test', withCredential);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { domain: 'held.test', accountId: account, status: 'ACTIVE' },
    ]);
  });

  it('names the holder whatever the status (PENDING here)', async () => {
    await t.addDomain(account, 'pending.test');
    await t.dataSource.query("UPDATE domains.domains SET status = 'PENDING' WHERE domain = 'pending.test'");
    expect((await ask('pending.test', withCredential)).json()).toMatchObject({ status: 'PENDING' });
  });

  it('answers 404 DOMAIN_NOT_FOUND for a name nobody holds', async () => {
    const res = await ask('nobody.test', withCredential);
    expect([res.statusCode, res.json().code]).toEqual([404, 'DOMAIN_NOT_FOUND']);
  });

  it('answers 400 INVALID_FORMAT for a malformed name', async () => {
    const res = await ask('no_tld', withCredential);
    expect([res.statusCode, res.json().code]).toEqual([400, 'INVALID_FORMAT']);
  });

  it('answers 401 without the internal credential, with a wrong one, and to a caller token', async () => {
    const token = await t.newCredential(['domains.domain:read']);
    const answers = await Promise.all([
      ask('held.test'),
      ask('held.test', { [INTERNAL_CREDENTIAL_HEADER]: 'f'.repeat(64) }),
      ask('held.test', token.headers),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401]);
    expect(answers[0].json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers DomainsClient.ownerOf over HTTP as the client expects', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.getHttpServer().address() as { port: number };
    const client = new DomainsClient({
      baseUrl: `http://127.0.0.1:${address.port}`,
      internalCredential: credential,
    });
    await expect(client.ownerOf('held.test')).resolves.toEqual({
      domain: 'held.test',
      accountId: account,
      status: 'ACTIVE',
    });
    await expect(client.ownerOf('nobody.test')).resolves.toBeUndefined();
  });
});
