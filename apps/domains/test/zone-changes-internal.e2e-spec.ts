import { randomUUID } from 'node:crypto';
import { INTERNAL_CREDENTIAL_HEADER, deriveInternalCredential } from '@platform/crypto';
import { loadDomainsConfig } from '../src/config/domains.config';
import { DomainEntity } from '../src/modules/domains/domain.entity';
import { DomainsTestApp, domainsEnv, startDomainsTestApp } from './support/domains-test-app';

interface Rec {
  type: string;
  name: string;
  data: string;
  ttl: number;
  priority?: number;
}

const TLSA_HEX = 'ab'.repeat(32);

/** What the agent registry publishes for agent.<domain>, as ZoneRecords (fully qualified names). */
function agentRecords(domain: string, version = 'v1.0.0'): Rec[] {
  const host = `agent.${domain}`;
  return [
    { type: 'TXT', name: `_ans.${host}`, data: `v=ans1; version=${version}; p=a2a; mode=direct`, ttl: 3600 },
    { type: 'HTTPS', name: host, data: '. alpn=h2', ttl: 3600, priority: 1 },
    {
      type: 'TXT',
      name: `_ans-badge.${host}`,
      data: `v=ans-badge1; version=${version}`,
      ttl: 3600,
      priority: 0,
    },
    { type: 'TLSA', name: `_443._tcp.${host}`, data: `3 0 1 ${TLSA_HEX}`, ttl: 3600, priority: 0 },
  ];
}

/** `res` answered `status` with a domains-style error body matching `body`. */
function expectError(res: { statusCode: number; json(): unknown }, status: number, body: object): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject(body);
}

describe('POST /internal/v1/zone-changes (real PostgreSQL)', () => {
  let t: DomainsTestApp;
  let credential: string;

  beforeAll(async () => {
    t = await startDomainsTestApp('zone-changes');
    const config = loadDomainsConfig(domainsEnv(t.env));
    credential = deriveInternalCredential(config.platform.secretsEncryptionKey);
  });
  afterAll(() => t?.close());

  const post = (body: unknown, header: string | null = credential) =>
    t.inject({
      method: 'POST',
      url: '/internal/v1/zone-changes',
      headers: {
        'content-type': 'application/json',
        ...(header === null ? {} : { [INTERNAL_CREDENTIAL_HEADER]: header }),
      },
      payload: JSON.stringify(body),
    });

  const zoneOf = async (domain: string): Promise<[string, string, string][]> => {
    const rows: { type: string; name: string; data: string }[] = await t.dataSource.query(
      `SELECT r.type, r.name, r.data FROM domains.dns_records r JOIN domains.domains d USING (domain_id)
       WHERE d.domain = $1 ORDER BY r.record_id`,
      [domain],
    );
    return rows.map((r) => [r.type, r.name, r.data]);
  };

  /** An account the token store knows (so it can also get a bearer credential). */
  const newAccount = async (): Promise<string> => (await t.newCredential(['domains.dns:read'])).accountId;

  const NS: [string, string, string][] = [
    ['NS', '@', 'ns1.sandbox.invalid'],
    ['NS', '@', 'ns2.sandbox.invalid'],
  ];

  const change = (accountId: string, add: Rec[], remove: Rec[] = []) => ({
    changeId: `agent-registry:publish:${randomUUID()}`,
    accountId,
    add,
    remove,
  });

  it('answers 401 without the internal credential and with a wrong one, applying nothing', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'auth-check.test');
    const body = change(account, agentRecords('auth-check.test'));
    for (const header of [null, 'x'.repeat(64), '']) {
      const res = await post(body, header);
      expect(res.statusCode).toBe(401);
    }
    const bearer = await t.newCredential(['domains.dns:write'], account);
    const withToken = await t.inject({
      method: 'POST',
      url: '/internal/v1/zone-changes',
      headers: { ...bearer.headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(withToken.statusCode).toBe(401);
    expect(await zoneOf('auth-check.test')).toEqual(NS);
  });

  it('puts records for a sub-host in the enclosing zone, relative, once per changeId', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'name.test');
    const body = change(account, agentRecords('name.test'));
    const first = await post(body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ changeId: body.changeId, zone: 'name.test', added: 4, removed: 0 });
    const published: [string, string, string][] = [
      ['TXT', '_ans.agent', 'v=ans1; version=v1.0.0; p=a2a; mode=direct'],
      ['HTTPS', 'agent', '. alpn=h2'],
      ['TXT', '_ans-badge.agent', 'v=ans-badge1; version=v1.0.0'],
      ['TLSA', '_443._tcp.agent', `3 0 1 ${TLSA_HEX}`],
    ];
    expect(await zoneOf('name.test')).toEqual([...NS, ...published]);

    // A replay answers the first outcome and changes nothing, even after the zone changed.
    await t.inject({
      method: 'DELETE',
      url: '/v1/domains/name.test/records/HTTPS/agent',
      headers: (await t.newCredential(['domains.dns:write'], account)).headers,
    });
    const replay = await post(body);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await zoneOf('name.test')).toEqual([...NS, ...published.filter(([type]) => type !== 'HTTPS')]);
  });

  it('applies concurrent duplicates of one changeId once', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'dup-change.test');
    const body = change(account, [{ type: 'TXT', name: 'x.dup-change.test', data: 'once', ttl: 3600 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    for (const a of answers) expect(a.json()).toMatchObject({ added: 1, removed: 0 });
    expect(await zoneOf('dup-change.test')).toEqual([...NS, ['TXT', 'x', 'once']]);
  });

  it('removes exactly the records given, leaving others of the same name with other data', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'revoke.test');
    const v1 = agentRecords('revoke.test', 'v1.0.0');
    const v2 = agentRecords('revoke.test', 'v2.0.0');
    expect((await post(change(account, v1))).json()).toMatchObject({ added: 4 });
    // v2 shares the HTTPS and TLSA records (same type, name, data): only its TXTs are new.
    expect((await post(change(account, v2))).json()).toMatchObject({ added: 2 });
    const owner = await t.newCredential(['domains.dns:write'], account);
    await t.inject({
      method: 'PATCH',
      url: '/v1/domains/revoke.test/records',
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: JSON.stringify([{ type: 'A', name: 'agent', data: '192.0.2.1' }]),
    });
    const revoke = v1.filter((r) => r.type === 'TXT');
    const res = await post(change(account, [], revoke));
    expectError(res, 200, { zone: 'revoke.test', added: 0, removed: 2 });
    expect(await zoneOf('revoke.test')).toEqual([
      ...NS,
      ['HTTPS', 'agent', '. alpn=h2'],
      ['TLSA', '_443._tcp.agent', `3 0 1 ${TLSA_HEX}`],
      ['TXT', '_ans.agent', 'v=ans1; version=v2.0.0; p=a2a; mode=direct'],
      ['TXT', '_ans-badge.agent', 'v=ans-badge1; version=v2.0.0'],
      ['A', 'agent', '192.0.2.1'],
    ]);
    // Removing what is not there removes nothing.
    expect((await post(change(account, [], revoke))).json()).toMatchObject({ added: 0, removed: 0 });
  });

  it("answers 404 ZONE_NOT_FOUND for another account's domain, no domain, or a domain not ACTIVE", async () => {
    const account = await newAccount();
    await t.addDomain(account, 'mine.test');
    await t.addDomain(randomUUID(), 'theirs.test');
    await t.addDomain(account, 'lapsed.test');
    await t.dataSource.getRepository(DomainEntity).update({ domain: 'lapsed.test' }, { status: 'EXPIRED' });
    for (const body of [
      change(account, agentRecords('theirs.test')),
      change(account, agentRecords('nowhere.test')),
      change(account, agentRecords('lapsed.test')),
      change(randomUUID(), agentRecords('mine.test')),
      // Names in two zones have no common zone.
      change(account, [...agentRecords('mine.test'), ...agentRecords('theirs.test')]),
      change(account, []),
    ]) {
      const res = await post(body);
      expectError(res, 404, { code: 'ZONE_NOT_FOUND' });
    }
    expect(await zoneOf('theirs.test')).toEqual(NS);
    expect(await zoneOf('mine.test')).toEqual(NS);
  });

  it('picks the longest enclosing domain of the account', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'outer.test');
    await t.addDomain(account, 'inner.outer.test');
    const res = await post(
      change(account, [{ type: 'TXT', name: '_ans.agent.inner.outer.test', data: 'x', ttl: 3600 }]),
    );
    expect(res.json()).toMatchObject({ zone: 'inner.outer.test', added: 1 });
    expect(await zoneOf('inner.outer.test')).toEqual([...NS, ['TXT', '_ans.agent', 'x']]);
    expect(await zoneOf('outer.test')).toEqual(NS);
  });

  it('validates records as the public API does (400 INVALID_BODY with add[i]/remove[i] paths)', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'check.test');
    const shape = await post({ changeId: '', accountId: 'nope', add: [{ type: 'TXT' }], remove: 'x' });
    expectError(shape, 400, {
      code: 'INVALID_BODY',
      fields: expect.arrayContaining([
        expect.objectContaining({ path: '$.changeId' }),
        expect.objectContaining({ path: '$.accountId' }),
        expect.objectContaining({ path: '$.remove' }),
      ]),
    });
    const rules = await post(
      change(
        account,
        [
          { type: 'HTTPS', name: 'agent.check.test', data: '. alpn=h2', ttl: 3600 },
          { type: 'A', name: 'a.check.test', data: '192.0.2.1', ttl: 60 },
        ],
        [{ type: 'TLSA', name: 'agent.check.test', data: '3 0 1 ab', ttl: 3600 }],
      ),
    );
    expectError(rules, 400, {
      code: 'INVALID_BODY',
      fields: [
        expect.objectContaining({ path: '$.add[0].priority', code: 'REQUIRED' }),
        expect.objectContaining({ path: '$.add[1].ttl', code: 'OUT_OF_RANGE' }),
        expect.objectContaining({ path: '$.remove[0].name' }),
        expect.objectContaining({ path: '$.remove[0].data' }),
      ],
    });
    const long = await post({ ...change(account, []), changeId: 'c'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(await zoneOf('check.test')).toEqual(NS);
  });

  it('answers 409 CNAME_CONFLICT when an added record clashes with a CNAME, recording no change', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'alias.test');
    await post(
      change(account, [{ type: 'CNAME', name: 'agent.alias.test', data: 'elsewhere.example', ttl: 3600 }]),
    );
    const body = change(account, agentRecords('alias.test'));
    const res = await post(body);
    expectError(res, 409, {
      code: 'CNAME_CONFLICT',
      fields: [expect.objectContaining({ path: '$.add[1]' })],
    });
    const stored: unknown[] = await t.dataSource.query(
      'SELECT 1 FROM domains.zone_changes WHERE change_id = $1',
      [body.changeId],
    );
    expect(stored).toHaveLength(0);
  });

  it('answers 409 CHANGE_ID_IN_USE when another account reuses a changeId', async () => {
    const account = await newAccount();
    await t.addDomain(account, 'reuse.test');
    const body = change(account, [{ type: 'TXT', name: 'reuse.test', data: 'x', ttl: 3600 }]);
    expect((await post(body)).statusCode).toBe(200);
    const res = await post({ ...body, accountId: randomUUID() });
    expectError(res, 409, { code: 'CHANGE_ID_IN_USE' });
  });
});
