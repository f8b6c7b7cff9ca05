import { randomUUID } from 'node:crypto';
import { runCli } from '@platform/cli';
import type { DomainsAdminContext } from '../src/admin/admin-context';
import { DOMAINS_COMMANDS } from '../src/admin/domains-commands';
import { loadDomainsConfig } from '../src/config/domains.config';
import { DnsRecordEntity } from '../src/modules/records/dns-record.entity';
import { DomainsTestApp, domainsEnv, startDomainsTestApp } from './support/domains-test-app';

/**
 * `domain add` as the admin CLI runs it (runCli: flag parsing, one JSON object out), on the
 * suite's database with the registry settings of its environment.
 */
describe('admin CLI: domain add (real Postgres)', () => {
  let t: DomainsTestApp;
  let context: DomainsAdminContext;

  beforeAll(async () => {
    t = await startDomainsTestApp('admin-domain', { DOMAINS_NAME_SERVERS: 'ns1.admin.test,ns2.admin.test' });
    context = { dataSource: t.dataSource, registry: loadDomainsConfig(domainsEnv(t.env)).registry };
  });

  afterAll(() => t?.close());

  const admin = async (...argv: string[]): Promise<{ code: number; json: Record<string, unknown> }> => {
    let out = '';
    const code = await runCli(
      DOMAINS_COMMANDS,
      argv,
      async () => ({ context, close: async () => undefined }),
      {
        stdout: (text) => (out += text),
        stderr: () => undefined,
      },
    );
    return { code, json: JSON.parse(out) as Record<string, unknown> };
  };

  it('registers the domain ACTIVE to the account with the default name servers and prints {domain, accountId}', async () => {
    const accountId = randomUUID();
    const domain = `Admin-${randomUUID().slice(0, 8)}.Example.com.`;
    const canonical = domain.toLowerCase().replace(/\.$/, '');

    const added = await admin('domain', 'add', '--account', accountId.toUpperCase(), '--domain', domain);

    expect(added).toEqual({ code: 0, json: { domain: canonical, accountId } });
    const [row] = (await t.dataSource.query(
      'SELECT domain_id, account_id, status, name_servers FROM domains.domains WHERE domain = $1',
      [canonical],
    )) as { domain_id: string; account_id: string; status: string; name_servers: string[] }[];
    expect(row).toMatchObject({
      account_id: accountId,
      status: 'ACTIVE',
      name_servers: ['ns1.admin.test', 'ns2.admin.test'],
    });
    const zone = await t.dataSource.getRepository(DnsRecordEntity).findBy({ domainId: row.domain_id });
    expect(zone.map((r) => r.data).sort()).toEqual(['ns1.admin.test', 'ns2.admin.test']);

    // The same account again: the same answer, nothing added.
    expect(await admin('domain', 'add', '--account', accountId, '--domain', canonical)).toEqual(added);
    const rows = (await t.dataSource.query(
      'SELECT count(*)::int AS n FROM domains.domains WHERE domain = $1',
      [canonical],
    )) as { n: number }[];
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('refuses a domain another account holds with DOMAIN_ALREADY_OWNED', async () => {
    const domain = `owned-${randomUUID().slice(0, 8)}.com`;
    await t.addDomain(randomUUID(), domain);

    const taken = await admin('domain', 'add', '--account', randomUUID(), '--domain', domain);

    expect(taken.code).toBe(1);
    expect(taken.json).toEqual({ error: { code: 'DOMAIN_ALREADY_OWNED', message: expect.any(String) } });
  });

  it.each([
    ['a malformed domain', ['--account', randomUUID(), '--domain', 'no_tld'], 'INVALID_FLAG_VALUE'],
    ['a non-uuid account', ['--account', 'acct-1', '--domain', 'fine.com'], 'INVALID_FLAG_VALUE'],
    ['a missing --domain', ['--account', randomUUID()], 'MISSING_FLAG'],
    ['an unknown flag', ['--account', randomUUID(), '--domain', 'fine.com', '--years', '2'], 'UNKNOWN_FLAG'],
  ])('refuses %s', async (_what, flags, code) => {
    const refused = await admin('domain', 'add', ...flags);
    expect(refused.code).toBe(1);
    expect((refused.json.error as { code: string }).code).toBe(code);
  });
});
