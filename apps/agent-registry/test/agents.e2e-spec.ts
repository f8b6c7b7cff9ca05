import { randomUUID } from 'node:crypto';
import type { TestCredential } from '@platform/testing';
import type { DnsRecord } from '../src/modules/agents/agent.model';
import { AgentsTestApp, startAgentsTestApp, uniqueHost } from './support/agents-test-app';
import { crlSerials, normalizeHex, openssl } from './support/pki-openssl';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** `openssl crl` over the registry's DER CRL, verified against its CA certificate (stdout + stderr). */
function opensslCrlText(crlDer: Buffer, caPem: string): string {
  const { stdout, stderr } = openssl(
    ['crl', '-inform', 'DER', '-in', '{crl.der}', '-noout', '-text', '-CAfile', '{ca.pem}'],
    { 'crl.der': crlDer, 'ca.pem': caPem },
  );
  return `${stdout}\n${stderr}`;
}

/** The A2A and MCP endpoints of the support agent on `host`, as registered and as answered. */
function supportEndpoints(host: string) {
  return [
    {
      agentUrl: `https://${host}/a2a`,
      metaDataUrl: `https://${host}/.well-known/agent-card.json`,
      documentationUrl: 'https://docs.example.com/agent',
      protocol: 'A2A',
      transports: ['JSON-RPC', 'REST'],
      functions: [{ id: 'lookup', name: 'Look up an order', tags: ['orders'] }],
    },
    { agentUrl: `https://${host}/mcp`, protocol: 'MCP', transports: ['STREAMABLE-HTTP'] },
  ];
}

describe('agent registry: records and revocation (real Postgres and Redis)', () => {
  let t: AgentsTestApp;
  let owner: TestCredential;

  beforeAll(async () => {
    t = await startAgentsTestApp('agents');
    owner = await t.newCredential();
  });

  afterAll(async () => {
    await t?.close();
  });

  const getAgent = (agentId: string, c: TestCredential = owner) =>
    t.inject({ method: 'GET', url: `/v1/agents/${agentId}`, headers: c.headers });
  const revoke = (agentId: string, body: unknown, c: TestCredential = owner) =>
    t.inject({
      method: 'POST',
      url: `/v1/agents/${agentId}/revoke`,
      headers: c.headers,
      payload: body as object,
    });
  const crl = async (): Promise<string> => {
    const [crlRes, caRes] = await Promise.all([
      t.inject({ method: 'GET', url: '/v1/agents/crl' }),
      t.inject({ method: 'GET', url: '/v1/agents/ca' }),
    ]);
    expect(crlRes.statusCode).toBe(200);
    expect(crlRes.headers['content-type']).toContain('application/pkix-crl');
    return opensslCrlText(crlRes.rawPayload, caRes.body);
  };

  it('answers the agent record with every field, links[rel=self] and the ans:// name', async () => {
    const host = uniqueHost();
    const agent = await t.register(owner.accountId, {
      agentHost: host.toUpperCase(),
      version: '2.3.4',
      displayName: 'Support agent',
      description: 'Answers support questions',
      endpoints: supportEndpoints(host),
    });

    const res = await getAgent(agent.agentId);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      agentId: agent.agentId,
      agentDisplayName: 'Support agent',
      agentDescription: 'Answers support questions',
      agentHost: host,
      ansName: `ans://v2.3.4.${host}`,
      version: '2.3.4',
      agentStatus: 'ACTIVE',
      providerId: 'provider-1',
      endpoints: supportEndpoints(host),
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      links: [{ rel: 'self', href: `/v1/agents/${agent.agentId}` }],
    });
  });

  it('gives a registration without endpoints one MCP endpoint on its host', async () => {
    const agent = await t.register(owner.accountId);
    const body = (await getAgent(agent.agentId)).json();
    expect(body.endpoints).toEqual([
      { agentUrl: `https://${agent.agentHost}/mcp`, protocol: 'MCP', transports: ['STREAMABLE-HTTP'] },
    ]);
    expect(body.agentDisplayName).toBe(agent.agentHost);
    expect(body).not.toHaveProperty('agentDescription');
  });

  it('answers 404 for an unknown agent and 400 for a malformed id, in the Error shape', async () => {
    const unknown = await getAgent(randomUUID());
    const malformed = await getAgent('not-a-uuid');

    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'AGENT_NOT_FOUND', message: expect.any(String) });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({
      code: expect.any(String),
      fields: [expect.objectContaining({ path: 'agentId' })],
    });
  });

  it('enforces the scopes: 401 without a token, 403 without agents.agent:read or :revoke', async () => {
    const agent = await t.register(owner.accountId);
    const reader = await t.newCredential(['agents.agent:read'], owner.accountId);
    const eventsOnly = await t.newCredential(['agents.event:read'], owner.accountId);

    expect((await t.inject({ method: 'GET', url: `/v1/agents/${agent.agentId}` })).statusCode).toBe(401);
    expect((await getAgent(agent.agentId, eventsOnly)).statusCode).toBe(403);
    const forbidden = await revoke(agent.agentId, { reason: 'KEY_COMPROMISE' }, reader);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await getAgent(agent.agentId, reader)).json().agentStatus).toBe('ACTIVE');
  });

  it('revokes an ACTIVE agent: response fields, status after, serial on the signed CRL, DNS records published', async () => {
    const agent = await t.register(owner.accountId, { version: '1.2.0' });
    const certs = (
      await t.inject({
        method: 'GET',
        url: `/v1/agents/${agent.agentId}/certificates/server`,
        headers: owner.headers,
      })
    ).json().items as { serialNumber: string; fingerprintSha256: string; status: string }[];
    expect(certs).toHaveLength(1);
    expect(certs[0].status).toBe('VALID');
    expect(normalizeHex(certs[0].serialNumber)).not.toBe('');
    const before = await crl();
    expect(before).toContain('verify OK');
    expect(crlSerials(before)).not.toContain(normalizeHex(certs[0].serialNumber));

    const res = await revoke(agent.agentId, { reason: 'KEY_COMPROMISE', comments: 'key leaked' });

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      agentId: agent.agentId,
      ansName: `ans://v1.2.0.${agent.agentHost}`,
      status: 'REVOKED',
      revokedAt: expect.stringMatching(ISO),
      reason: 'KEY_COMPROMISE',
      links: [{ rel: 'agent-details', href: `/v1/agents/${agent.agentId}` }],
      dnsRecordsToRemove: expect.any(Array),
    });
    // What it says to remove is what was published: every record of this only version on the host.
    expect(body.dnsRecordsToRemove).toEqual(agent.dnsRecords);
    const types = (body.dnsRecordsToRemove as DnsRecord[]).map((r) => `${r.type} ${r.purpose} ${r.name}`);
    expect(types).toEqual([
      `TXT DISCOVERY _ans.${agent.agentHost}`,
      `HTTPS DISCOVERY ${agent.agentHost}`,
      `TXT BADGE _ans-badge.${agent.agentHost}`,
      `TLSA CERTIFICATE_BINDING _443._tcp.${agent.agentHost}`,
    ]);
    for (const r of body.dnsRecordsToRemove as DnsRecord[]) {
      expect(r).toEqual({
        name: expect.any(String),
        type: expect.any(String),
        value: expect.any(String),
        priority: expect.any(Number),
        ttl: 3600,
        purpose: expect.any(String),
        required: expect.any(Boolean),
      });
    }
    const tlsa = (body.dnsRecordsToRemove as DnsRecord[]).find((r) => r.type === 'TLSA');
    expect(tlsa?.value).toBe(`3 0 1 ${certs[0].fingerprintSha256}`);

    const after = (await getAgent(agent.agentId)).json();
    expect(after.agentStatus).toBe('REVOKED');
    expect(after.revokedAt).toBe(body.revokedAt);
    const text = await crl();
    expect(text).toContain('verify OK');
    expect(crlSerials(text)).toContain(normalizeHex(certs[0].serialNumber));
    expect(text).toContain('Key Compromise');
    const certAfter = (
      await t.inject({
        method: 'GET',
        url: `/v1/agents/${agent.agentId}/certificates/server`,
        headers: owner.headers,
      })
    ).json().items[0];
    expect(certAfter.status).toBe('REVOKED');
  });

  it('keeps the shared HTTPS record while another ACTIVE version of the host remains', async () => {
    const host = uniqueHost();
    const v1 = await t.register(owner.accountId, { agentHost: host, version: '1.0.0' });
    const v2 = await t.register(owner.accountId, { agentHost: host, version: '2.0.0' });

    const first = (await revoke(v1.agentId, { reason: 'CESSATION_OF_OPERATION' })).json();
    const last = (await revoke(v2.agentId, { reason: 'CESSATION_OF_OPERATION' })).json();

    expect((first.dnsRecordsToRemove as DnsRecord[]).map((r) => r.type)).toEqual(['TXT', 'TXT', 'TLSA']);
    expect(
      (first.dnsRecordsToRemove as DnsRecord[]).every((r) => r.value.includes('v1.0.0') || r.type === 'TLSA'),
    ).toBe(true);
    expect((last.dnsRecordsToRemove as DnsRecord[]).map((r) => r.type)).toEqual([
      'TXT',
      'HTTPS',
      'TXT',
      'TLSA',
    ]);
  });

  it('answers a second revoke with the first revocation, unchanged, and appends one AGENT_REVOKED event', async () => {
    const agent = await t.register(owner.accountId);
    const first = await revoke(agent.agentId, { reason: 'PRIVILEGE_WITHDRAWN' });
    const again = await revoke(agent.agentId, { reason: 'KEY_COMPROMISE' });

    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const events: { event_type: string }[] = await t.dataSource.query(
      'SELECT event_type FROM agents.agent_events WHERE agent_id = $1 ORDER BY log_id',
      [agent.agentId],
    );
    expect(events.map((e) => e.event_type)).toEqual(['AGENT_REGISTERED', 'AGENT_REVOKED']);
  });

  it('refuses to revoke a PENDING_VALIDATION agent with CANNOT_CANCEL and leaves it pending', async () => {
    const agent = await t.register(owner.accountId, { status: 'PENDING_VALIDATION' });
    const before = (await getAgent(agent.agentId)).json();
    expect(before.agentStatus).toBe('PENDING_VALIDATION');
    expect(before.expiresAt).toMatch(ISO);

    const res = await revoke(agent.agentId, { reason: 'KEY_COMPROMISE' });

    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'CANNOT_CANCEL' });
    expect((await getAgent(agent.agentId)).json()).toEqual(before);
    const certs = await t.inject({
      method: 'GET',
      url: `/v1/agents/${agent.agentId}/certificates/server`,
      headers: owner.headers,
    });
    expect(certs.json().items).toEqual([]);
  });

  it('answers 404 when another account revokes, and leaves the agent ACTIVE', async () => {
    const agent = await t.register(owner.accountId);
    const stranger = await t.newCredential();

    const res = await revoke(agent.agentId, { reason: 'KEY_COMPROMISE' }, stranger);

    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('AGENT_NOT_FOUND');
    expect((await getAgent(agent.agentId)).json().agentStatus).toBe('ACTIVE');
    expect((await revoke(randomUUID(), { reason: 'KEY_COMPROMISE' })).statusCode).toBe(404);
  });

  it('refuses unknown, missing and non-final reasons with stable codes, changing nothing', async () => {
    const agent = await t.register(owner.accountId);

    const unknown = await revoke(agent.agentId, { reason: 'BORED' });
    const missing = await revoke(agent.agentId, {});
    const hold = await revoke(agent.agentId, { reason: 'CERTIFICATE_HOLD' });
    const superseded = await revoke(agent.agentId, { reason: 'SUPERSEDED' });
    const longComment = await revoke(agent.agentId, { reason: 'KEY_COMPROMISE', comments: 'x'.repeat(201) });

    expect([unknown.statusCode, unknown.json().code]).toEqual([400, 'INVALID_REASON']);
    expect(missing.statusCode).toBe(400);
    expect([hold.statusCode, hold.json().code]).toEqual([422, 'REASON_NOT_PERMITTED']);
    expect([superseded.statusCode, superseded.json().code]).toEqual([422, 'REASON_NOT_PERMITTED']);
    expect(longComment.statusCode).toBe(400);
    expect((await getAgent(agent.agentId)).json().agentStatus).toBe('ACTIVE');
  });

  it('serialises concurrent revocations of one agent: one transition, one event', async () => {
    const agent = await t.register(owner.accountId);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => revoke(agent.agentId, { reason: 'KEY_COMPROMISE' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(results.map((r) => r.json().revokedAt)).size).toBe(1);
    const [{ n }]: { n: string }[] = await t.dataSource.query(
      `SELECT count(*) AS n FROM agents.agent_events WHERE agent_id = $1 AND event_type = 'AGENT_REVOKED'`,
      [agent.agentId],
    );
    expect(Number(n)).toBe(1);
  });
});
