import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAdminCli, runAdminJson } from '@platform/testing';
import type { TestCredential } from '@platform/testing';
import { AgentsTestApp, startAgentsTestApp, uniqueHost } from './support/agents-test-app';

describe('agent registration (service and admin CLI, real Postgres)', () => {
  let t: AgentsTestApp;
  let owner: TestCredential;

  beforeAll(async () => {
    t = await startAgentsTestApp('agents-registration');
    owner = await t.newCredential();
  });

  afterAll(async () => {
    await t?.close();
  });

  const events = (agentId: string): Promise<Record<string, unknown>[]> =>
    t.dataSource.query('SELECT * FROM agents.agent_events WHERE agent_id = $1 ORDER BY log_id', [agentId]);

  it('stores an ACTIVE agent with a certificate and DNS records, and appends AGENT_REGISTERED', async () => {
    const agent = await t.register(owner.accountId, { providerId: 'acme', description: 'd' });

    expect(agent.ansName).toBe(`ans://v1.0.0.${agent.agentHost}`);
    expect(agent.dnsRecords.length).toBe(4);
    expect(agent.expiresAt).toBeNull();
    const certs: { agent_id: string }[] = await t.dataSource.query(
      'SELECT agent_id FROM agents.certificates WHERE agent_id = $1',
      [agent.agentId],
    );
    expect(certs).toHaveLength(1);
    const [event] = await events(agent.agentId);
    expect(event).toMatchObject({
      event_type: 'AGENT_REGISTERED',
      ans_name: agent.ansName,
      agent_host: agent.agentHost,
      agent_display_name: agent.agentHost,
      agent_description: 'd',
      version: '1.0.0',
      provider_id: 'acme',
      endpoints: agent.endpoints,
    });
  });

  it('stores a PENDING_VALIDATION agent without certificate or DNS records, expiring after the TTL', async () => {
    const before = Date.now();
    const agent = await t.register(owner.accountId, { status: 'PENDING_VALIDATION' });

    expect(agent.status).toBe('PENDING_VALIDATION');
    expect(agent.dnsRecords).toEqual([]);
    expect(agent.expiresAt?.getTime()).toBeGreaterThanOrEqual(before + 7 * 24 * 3600 * 1000);
    const certs: unknown[] = await t.dataSource.query(
      'SELECT 1 FROM agents.certificates WHERE agent_id = $1',
      [agent.agentId],
    );
    expect(certs).toEqual([]);
    expect((await events(agent.agentId)).map((e) => e.event_type)).toEqual(['AGENT_REGISTERED']);
  });

  it('refuses a taken ansName with ANS_NAME_TAKEN (409), even in a race, leaving one registration', async () => {
    const host = uniqueHost();
    await t.register(owner.accountId, { agentHost: host });
    await expect(t.register(owner.accountId, { agentHost: host })).rejects.toMatchObject({
      status: 409,
      code: 'ANS_NAME_TAKEN',
    });

    const raceHost = uniqueHost();
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => t.register(owner.accountId, { agentHost: raceHost, version: '3.0.0' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((x) => x.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'ANS_NAME_TAKEN' });
    }
    const rows: unknown[] = await t.dataSource.query('SELECT 1 FROM agents.agents WHERE agent_host = $1', [
      raceHost,
    ]);
    const eventRows: unknown[] = await t.dataSource.query(
      'SELECT 1 FROM agents.agent_events WHERE agent_host = $1',
      [raceHost],
    );
    expect([rows.length, eventRows.length]).toEqual([1, 1]);
  });

  /** The flags of `agent register`: the owner's account, a provider and version 1.0.0 unless given. */
  const registerArgs = (flags: Record<string, string>): string[] => [
    'agent',
    'register',
    ...Object.entries({
      account: owner.accountId,
      provider: 'cli-provider',
      version: '1.0.0',
      ...flags,
    }).flatMap(([name, value]) => [`--${name}`, value]),
  ];
  /** `npm run -s admin -- agent register …`, whatever its outcome. */
  const cliRegister = (flags: Record<string, string>) => runAdminCli(t.env, ...registerArgs(flags));
  /** The same, when it must succeed: its JSON, or the test fails with what the CLI printed on stdout and stderr. */
  const cliRegistered = (flags: Record<string, string>) => runAdminJson(t.env, ...registerArgs(flags));

  it('agent register (npm run -s admin) prints {agentId, ansName} and the agent is readable', async () => {
    const host = uniqueHost();
    const registered = await cliRegistered({
      host,
      version: '1.4.2',
      'display-name': 'CLI agent',
      protocol: 'A2A',
      transport: 'JSON-RPC,REST',
      url: `https://${host}/a2a`,
    });

    expect(registered).toEqual({
      agentId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ansName: `ans://v1.4.2.${host}`,
    });
    const res = await t.inject({
      method: 'GET',
      url: `/v1/agents/${registered.agentId}`,
      headers: owner.headers,
    });
    expect(res.json()).toMatchObject({
      agentDisplayName: 'CLI agent',
      agentStatus: 'ACTIVE',
      providerId: 'cli-provider',
      endpoints: [{ agentUrl: `https://${host}/a2a`, protocol: 'A2A', transports: ['JSON-RPC', 'REST'] }],
    });

    const pending = await cliRegistered({ host: uniqueHost(), status: 'PENDING_VALIDATION' });
    const pendingRes = await t.inject({
      method: 'GET',
      url: `/v1/agents/${pending.agentId}`,
      headers: owner.headers,
    });
    expect(pendingRes.json().agentStatus).toBe('PENDING_VALIDATION');
  }, 180_000);

  it('agent register --csr-file issues the certificate for the key of the CSR', async () => {
    const host = uniqueHost();
    const dir = mkdtempSync(join(tmpdir(), 'agents-csr-'));
    try {
      const csrFile = join(dir, 'host.csr');
      execFileSync(
        'openssl',
        [
          'req',
          '-new',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:P-256',
          '-nodes',
          '-subj',
          `/CN=${host}`,
          '-keyout',
          join(dir, 'host.key'),
          '-out',
          csrFile,
        ],
        { stdio: 'ignore' },
      );
      const csrKey = execFileSync('openssl', ['req', '-in', csrFile, '-noout', '-pubkey'], {
        encoding: 'utf8',
      });

      const registered = await cliRegistered({ host, 'csr-file': csrFile });
      const res = await t.inject({
        method: 'GET',
        url: `/v1/agents/${registered.agentId}/certificates/server`,
        headers: owner.headers,
      });
      const [cert] = res.json().items as { certificatePem: string }[];
      const certKey = execFileSync('openssl', ['x509', '-noout', '-pubkey'], {
        input: cert.certificatePem,
        encoding: 'utf8',
      });
      expect(certKey).toBe(csrKey);

      writeFileSync(
        join(dir, 'bad.csr'),
        '-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----\n',
      );
      const bad = await cliRegister({ host: uniqueHost(), 'csr-file': join(dir, 'bad.csr') });
      expect([bad.code !== 0, bad.json.error?.code]).toEqual([true, 'INVALID_CSR']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('agent register answers errors as {"error": {code, message}} with a non-zero exit', async () => {
    const host = uniqueHost();
    const badVersion = await cliRegister({ host, version: '1.0' });
    const noAccount = await cliRegister({ host, account: '00000000-0000-4000-8000-000000000000' });
    await cliRegistered({ host, version: '9.9.9' });
    const taken = await cliRegister({ host, version: '9.9.9' });
    const missing = await runAdminCli(t.env, 'agent', 'register', '--account', owner.accountId);

    expect([badVersion.code !== 0, badVersion.json.error?.code]).toEqual([true, 'INVALID_VERSION']);
    expect([noAccount.code !== 0, noAccount.json.error?.code]).toEqual([true, 'ACCOUNT_NOT_FOUND']);
    expect([taken.code !== 0, taken.json.error?.code]).toEqual([true, 'ANS_NAME_TAKEN']);
    expect([missing.code !== 0, missing.json.error?.code]).toEqual([true, 'MISSING_FLAG']);
  }, 180_000);
});
