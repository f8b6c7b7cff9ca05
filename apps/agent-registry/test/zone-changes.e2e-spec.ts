import { randomUUID } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Queue } from 'bullmq';
import { deriveInternalCredential } from '@platform/crypto';
import { DomainsClient } from '@platform/domains-client';
import { TEST_ENCRYPTION_KEY, runAdminCli, startFakeDomains, waitFor } from '@platform/testing';
import type { FakeDomains, FakeZoneRecord, TestCredential } from '@platform/testing';
import type { DnsRecord } from '../src/modules/agents/agent.model';
import { ZoneChangeApplier } from '../src/modules/zone-changes/zone-change-applier.service';
import { AgentsTestApp, startAgentsTestApp, startAgentsWorker } from './support/agents-test-app';

/** Sweep every 200 ms, retries from 100 ms: the outage test recovers within a second or two. */
const FAST = { AGENT_MAINTENANCE_EVERY_MS: '200', AGENT_DNS_RETRY_DELAY_MS: '100' };
const CREDENTIAL = deriveInternalCredential(Buffer.from(TEST_ENCRYPTION_KEY, 'hex'));
const DOMAIN = 'example-agents.test';

interface ZoneChangeRow {
  change_id: string;
  status: string;
  attempts: number;
  last_error: string | null;
  applied_at: Date | null;
}

/** What the registry must write for a record: RDATA in data, priority only for HTTPS. */
const inZone = (r: DnsRecord): FakeZoneRecord => ({
  type: r.type,
  name: r.name,
  data: r.value,
  ttl: r.ttl,
  ...(r.type === 'HTTPS' ? { priority: r.priority } : {}),
});

const byKey = (records: readonly FakeZoneRecord[]): FakeZoneRecord[] =>
  [...records].sort((a, b) => `${a.type} ${a.name} ${a.data}`.localeCompare(`${b.type} ${b.name} ${b.data}`));

describe('agent DNS records in the owner zone (real Postgres, Redis, BullMQ; fake domains service)', () => {
  let fake: FakeDomains;
  let t: AgentsTestApp;
  let worker: NestFastifyApplication;
  let owner: TestCredential;

  beforeAll(async () => {
    fake = await startFakeDomains(CREDENTIAL);
    const settings = { ...FAST, DOMAINS_URL: fake.url };
    t = await startAgentsTestApp('agents-zone-changes', settings);
    worker = await startAgentsWorker(t.env, settings);
    owner = await t.newCredential();
    fake.own(owner.accountId, DOMAIN);
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
    await fake?.close();
  });

  const change = async (changeId: string): Promise<ZoneChangeRow | undefined> =>
    (
      (await t.dataSource.query('SELECT * FROM agents.zone_changes WHERE change_id = $1', [
        changeId,
      ])) as ZoneChangeRow[]
    )[0];

  const settled = (changeId: string, status = 'APPLIED'): Promise<ZoneChangeRow> =>
    waitFor(
      async () => {
        const row = await change(changeId);
        return row?.status === status ? row : undefined;
      },
      { what: `zone change ${changeId} to be ${status}`, timeoutMs: 20_000 },
    );

  const callsFor = (changeId: string): unknown[] =>
    fake.calls.filter((c) => (c.body as { changeId?: string } | undefined)?.changeId === changeId);

  /** Runs `fn` while the fake domains service answers every call with `status`. */
  async function whileDomainsAnswer<T>(status: number, fn: () => Promise<T>): Promise<T> {
    fake.answerWith(status);
    try {
      return await fn();
    } finally {
      fake.answerWith(undefined);
    }
  }

  const revoke = (agentId: string) =>
    t.inject({
      method: 'POST',
      url: `/v1/agents/${agentId}/revoke`,
      headers: owner.headers,
      payload: { reason: 'CESSATION_OF_OPERATION' },
    });

  it('activation: the outbox row commits with the agent, then the zone holds exactly the published records', async () => {
    const agent = await t.register(owner.accountId, { agentHost: `agent.${DOMAIN}` });
    expect(await change(`publish:${agent.agentId}`)).toMatchObject({ change_id: `publish:${agent.agentId}` });

    const row = await settled(`publish:${agent.agentId}`);

    expect(row).toMatchObject({ attempts: 1, last_error: null });
    expect(row.applied_at).not.toBeNull();
    expect(byKey(fake.records(DOMAIN))).toEqual(byKey(agent.dnsRecords.map(inZone)));
    expect(fake.records(DOMAIN)).toContainEqual({
      type: 'HTTPS',
      name: `agent.${DOMAIN}`,
      data: '. alpn=h2',
      ttl: 3600,
      priority: 1,
    });
    expect(callsFor(`agent-registry:publish:${agent.agentId}`)).toHaveLength(1);
    expect(callsFor(`agent-registry:publish:${agent.agentId}`)[0]).toMatchObject({
      method: 'POST',
      path: '/internal/v1/zone-changes',
      body: { accountId: owner.accountId, remove: [] },
    });
  });

  it('revocation removes exactly dnsRecordsToRemove: the owner record and the shared HTTPS record of another ACTIVE version stay', async () => {
    const host = `two.${DOMAIN}`;
    const ownRecord = { type: 'A', name: host, data: '192.0.2.10', ttl: 600 };
    await new DomainsClient({ baseUrl: fake.url, internalCredential: CREDENTIAL }).applyZoneChange({
      changeId: `owner-${randomUUID()}`,
      accountId: owner.accountId,
      add: [ownRecord],
      remove: [],
    });
    const v1 = await t.register(owner.accountId, { agentHost: host, version: '1.0.0' });
    const v2 = await t.register(owner.accountId, { agentHost: host, version: '2.0.0' });
    await settled(`publish:${v1.agentId}`);
    await settled(`publish:${v2.agentId}`);
    const onHost = (): FakeZoneRecord[] => byKey(fake.records(DOMAIN).filter((r) => r.name.endsWith(host)));
    const v2Records = v2.dnsRecords.map(inZone);

    const first = await revoke(v1.agentId);
    expect(first.statusCode).toBe(200);
    const toRemove: DnsRecord[] = first.json().dnsRecordsToRemove;
    expect(toRemove.map((r) => r.type).sort()).toEqual(['TLSA', 'TXT', 'TXT']);
    await settled(`remove:${v1.agentId}`);

    expect(onHost()).toEqual(byKey([ownRecord, ...v2Records]));
    for (const gone of toRemove.map(inZone)) expect(fake.records(DOMAIN)).not.toContainEqual(gone);
    expect((await change(`remove:${v1.agentId}`))?.status).toBe('APPLIED');

    const second = await revoke(v2.agentId);
    expect(
      second
        .json()
        .dnsRecordsToRemove.map((r: DnsRecord) => r.type)
        .sort(),
    ).toEqual(['HTTPS', 'TLSA', 'TXT', 'TXT']);
    await settled(`remove:${v2.agentId}`);
    expect(onHost()).toEqual([ownRecord]);

    const replay = await revoke(v2.agentId);
    expect(replay.json()).toEqual(second.json());
    expect(callsFor(`agent-registry:remove:${v2.agentId}`)).toHaveLength(1);
  });

  it('a domains service that answers 503 leaves the change PENDING, retried until it recovers, then APPLIED', async () => {
    fake.own(owner.accountId, 'outage-agents.test');
    const agentId = await whileDomainsAnswer(503, async () => {
      const id = (await t.register(owner.accountId, { agentHost: 'agent.outage-agents.test' })).agentId;
      const pending = await waitFor(
        async () => {
          const row = await change(`publish:${id}`);
          return row && row.attempts >= 2 ? row : undefined;
        },
        { what: 'two failed attempts', timeoutMs: 20_000 },
      );
      expect(pending).toMatchObject({ status: 'PENDING', applied_at: null });
      expect(pending.last_error).toMatch(/503/);
      expect(fake.records('outage-agents.test')).toEqual([]);
      return id;
    });

    const row = await settled(`publish:${agentId}`);
    expect(row.last_error).toBeNull();
    expect(fake.records('outage-agents.test')).toHaveLength(4);
  });

  it('a change run twice, concurrently or after a lost answer, is applied once (change id)', async () => {
    fake.own(owner.accountId, 'twice-agents.test');
    const agent = await t.register(owner.accountId, { agentHost: 'agent.twice-agents.test' });
    const changeId = `publish:${agent.agentId}`;
    await settled(changeId);
    const applier = worker.get(ZoneChangeApplier);

    expect(await Promise.all([applier.apply(changeId), applier.apply(changeId)])).toEqual([
      'APPLIED',
      'APPLIED',
    ]);
    expect(callsFor(`agent-registry:${changeId}`)).toHaveLength(1);

    // The domains service applied it but the answer never reached the registry: sent again, the
    // change id makes the domains service answer the first outcome without writing twice.
    await t.dataSource.query(`UPDATE agents.zone_changes SET status = 'PENDING' WHERE change_id = $1`, [
      changeId,
    ]);
    expect(await applier.apply(changeId)).toBe('APPLIED');
    expect(callsFor(`agent-registry:${changeId}`)).toHaveLength(2);
    expect(fake.records('twice-agents.test')).toHaveLength(4);
  });

  it('a host in no domain the account holds on the platform ends NO_ZONE, nothing written', async () => {
    const stranger = randomUUID();
    fake.own(stranger, 'someone-elses.test');
    const nowhere = await t.register(owner.accountId, { agentHost: 'agent.nowhere.test' });
    const foreign = await t.register(owner.accountId, { agentHost: 'agent.someone-elses.test' });

    await settled(`publish:${nowhere.agentId}`, 'NO_ZONE');
    await settled(`publish:${foreign.agentId}`, 'NO_ZONE');
    expect(fake.records('someone-elses.test')).toEqual([]);

    expect((await revoke(nowhere.agentId)).statusCode).toBe(200);
    await settled(`remove:${nowhere.agentId}`, 'NO_ZONE');
  });

  it('a removal that runs while the publication is still PENDING applies the publication first', async () => {
    fake.own(owner.accountId, 'order-agents.test');
    const agentId = await whileDomainsAnswer(503, async () => {
      const id = (await t.register(owner.accountId, { agentHost: 'agent.order-agents.test' })).agentId;
      expect((await revoke(id)).statusCode).toBe(200);
      // The removal job tries the publication first, fails with it, and says so on its own row.
      const waiting = await waitFor(
        async () => {
          const row = await change(`remove:${id}`);
          return row?.last_error ? row : undefined;
        },
        { what: 'the removal to wait for the publication', timeoutMs: 20_000 },
      );
      expect(waiting).toMatchObject({ status: 'PENDING', attempts: 0 });
      expect(waiting.last_error).toMatch(new RegExp(`^waiting for publish:${id}: .*503`));
      expect((await change(`publish:${id}`))?.status).toBe('PENDING');
      return id;
    });

    await settled(`remove:${agentId}`);
    await settled(`publish:${agentId}`);
    const applied = fake.calls
      .filter((c) => c.path === '/internal/v1/zone-changes')
      .map((c) => (c.body as { changeId: string }).changeId)
      .filter((id) => id.endsWith(agentId));
    const lastPublish = applied.lastIndexOf(`agent-registry:publish:${agentId}`);
    expect(lastPublish).toBeLessThan(applied.lastIndexOf(`agent-registry:remove:${agentId}`));
    expect(fake.records('order-agents.test')).toEqual([]);
  });

  it('the removal job settles a PENDING publication itself before removing (no job for the publication)', async () => {
    fake.own(owner.accountId, 'inline-agents.test');
    const agentId = randomUUID();
    const record = { type: 'TXT', name: '_ans.agent.inline-agents.test', data: 'v=ans1; inline', ttl: 3600 };
    await t.dataSource.query(
      `INSERT INTO agents.zone_changes (change_id, agent_id, account_id, add, remove, status)
       VALUES ($1, $3, $4, $5, '[]', 'PENDING'), ($2, $3, $4, '[]', $5, 'PENDING')`,
      [`publish:${agentId}`, `remove:${agentId}`, agentId, owner.accountId, JSON.stringify([record])],
    );

    expect(await worker.get(ZoneChangeApplier).apply(`remove:${agentId}`)).toBe('APPLIED');

    expect((await change(`publish:${agentId}`))?.status).toBe('APPLIED');
    const order = fake.calls.map((c) => (c.body as { changeId?: string } | undefined)?.changeId);
    expect(order.indexOf(`agent-registry:publish:${agentId}`)).toBeLessThan(
      order.indexOf(`agent-registry:remove:${agentId}`),
    );
    expect(fake.records('inline-agents.test')).toEqual([]);
  });

  it('a change the domains service refuses (4xx) ends REJECTED with the error kept, not retried', async () => {
    fake.own(owner.accountId, 'refused-agents.test');
    const agent = await whileDomainsAnswer(422, async () => {
      const refused = await t.register(owner.accountId, { agentHost: 'agent.refused-agents.test' });
      const row = await settled(`publish:${refused.agentId}`, 'REJECTED');
      expect(row).toMatchObject({ attempts: 1 });
      expect(row.last_error).toMatch(/422 FORCED/);
      return refused;
    });
    const changeId = `publish:${agent.agentId}`;
    expect(await worker.get(ZoneChangeApplier).apply(changeId)).toBe('REJECTED');
    expect(callsFor(`agent-registry:${changeId}`)).toHaveLength(1);
  });

  it("a version activated while an older version's removal waits keeps the shared HTTPS record", async () => {
    const host = 'agent.shared-agents.test';
    fake.own(owner.accountId, 'shared-agents.test');
    const [v1, v2] = await whileDomainsAnswer(503, async () => {
      const older = await t.register(owner.accountId, { agentHost: host, version: '1.0.0' });
      const revoked = await revoke(older.agentId);
      expect(revoked.json().dnsRecordsToRemove.map((r: DnsRecord) => r.type)).toContain('HTTPS');
      return [older, await t.register(owner.accountId, { agentHost: host, version: '2.0.0' })];
    });

    await settled(`publish:${v2.agentId}`);
    const removeId = `remove:${v1.agentId}`;
    await settled(removeId);
    // v2 was ACTIVE before the domains service came back, so the removal that got through spared
    // the HTTPS record v2 shares, whichever of the two changes ran first.
    const removal = callsFor(`agent-registry:${removeId}`).at(-1) as { body: { remove: FakeZoneRecord[] } };
    expect(removal.body.remove.map((r) => r.type).sort()).toEqual(['TLSA', 'TXT', 'TXT']);
    expect(byKey(fake.records('shared-agents.test'))).toEqual(byKey(v2.dnsRecords.map(inZone)));
  });

  it('the sweep retries the failed job of a PENDING change once it is older than a minute', async () => {
    fake.own(owner.accountId, 'retried-agents.test');
    const agentId = randomUUID();
    const changeId = `publish:${agentId}`;
    const records = [
      { type: 'TXT', name: '_ans.agent.retried-agents.test', data: 'v=ans1; retried', ttl: 3600 },
    ];
    await t.dataSource.query(
      `INSERT INTO agents.zone_changes (change_id, agent_id, account_id, add, remove, status)
       VALUES ($1, $2, $3, $4, '[]', 'PENDING')`,
      [changeId, agentId, owner.accountId, JSON.stringify(records)],
    );
    const queue = worker.get<Queue>(getQueueToken('agents-dns'));
    await whileDomainsAnswer(503, async () => {
      await queue.add('apply-zone-change', { changeId }, { jobId: `publish-${agentId}`, attempts: 1 });
      await waitFor(async () => (await queue.getJob(`publish-${agentId}`))?.isFailed(), {
        what: 'the job to fail for good',
      });
    });
    expect((await change(changeId))?.status).toBe('PENDING');

    await t.dataSource.query(
      `UPDATE agents.zone_changes SET created_at = now() - interval '2 minutes' WHERE change_id = $1`,
      [changeId],
    );
    await settled(changeId);
    expect(fake.records('retried-agents.test')).toEqual(records);
  });

  it('the sweep enqueues a PENDING change older than a minute that has no job (died between commit and enqueue)', async () => {
    fake.own(owner.accountId, 'swept-agents.test');
    const [orphan, young] = [randomUUID(), randomUUID()];
    const record = (id: string) => [
      {
        type: 'TXT',
        name: `_ans-badge.${id.slice(0, 8)}.swept-agents.test`,
        data: `v=ans-badge1; ${id}`,
        ttl: 3600,
      },
    ];
    await t.dataSource.query(
      `INSERT INTO agents.zone_changes (change_id, agent_id, account_id, add, remove, status, created_at)
       VALUES ($1, $2, $5, $3, '[]', 'PENDING', now() - interval '2 minutes'),
              ($4, $6, $5, $7, '[]', 'PENDING', now())`,
      [
        `publish:${orphan}`,
        orphan,
        JSON.stringify(record(orphan)),
        `publish:${young}`,
        owner.accountId,
        young,
        JSON.stringify(record(young)),
      ],
    );

    await settled(`publish:${orphan}`);
    expect(fake.records('swept-agents.test')).toEqual(record(orphan));
    expect((await change(`publish:${young}`))?.status).toBe('PENDING');
  });

  it('agent register --status ACTIVE (admin CLI) enqueues the publication the worker applies', async () => {
    fake.own(owner.accountId, 'cli-agents.test');
    const result = await runAdminCli(
      t.env,
      'agent',
      'register',
      '--account',
      owner.accountId,
      '--provider',
      'cli-provider',
      '--host',
      'agent.cli-agents.test',
      '--version',
      '1.0.0',
      '--status',
      'ACTIVE',
    );
    expect(result.code).toBe(0);

    await settled(`publish:${result.json.agentId}`);
    expect(fake.records('cli-agents.test')).toHaveLength(4);
  }, 180_000);
});
