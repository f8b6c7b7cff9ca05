import { type TestDataSource, openTestDataSource } from '@platform/testing';
import { randomUUID } from 'node:crypto';
import { AGENTS_MIGRATION_SET } from '../../database/agents.migration-set';
import { ZoneChangesRepository } from '../zone-changes/zone-changes.repository';
import type { AgentEntity } from './agent.entity';
import type { AgentStatus, DnsRecord } from './agent.model';
import { AgentsRepository, isAnsNameTaken } from './agents.repository';

// Medium tier (docs/testing.md): the repositories against the real migrated schema, no HTTP or queue.
describe('AgentsRepository and ZoneChangesRepository (real PostgreSQL)', () => {
  let t: TestDataSource;
  let agents: AgentsRepository;
  let zoneChanges: ZoneChangesRepository;
  const now = new Date('2026-06-01T12:00:00.000Z');
  let n = 0;
  const NOT_REVOKED = {
    revokedAt: null,
    revocationReason: null,
    revocationComments: null,
    dnsRecordsToRemove: null,
  };

  function agent(status: AgentStatus, extra: Partial<AgentEntity> = {}): AgentEntity {
    n += 1;
    const agentHost = extra.agentHost ?? `agent${n}.example.com`;
    return {
      agentId: randomUUID(),
      accountId: randomUUID(),
      providerId: 'provider',
      agentHost,
      version: `1.0.${n}`,
      ansName: `ans://v1.0.${n}.${agentHost}`,
      displayName: `Agent ${n}`,
      description: null,
      status,
      endpoints: [],
      dnsRecords: [],
      expiresAt: null,
      ...NOT_REVOKED,
      createdAt: now,
      updatedAt: now,
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await openTestDataSource('agents-repository', [AGENTS_MIGRATION_SET]);
    agents = new AgentsRepository(t.dataSource.manager);
    zoneChanges = new ZoneChangesRepository(t.dataSource.manager);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('expirePending', () => {
    it('expires the lapsed PENDING_VALIDATION registrations in batches, and nothing else', async () => {
      const lapsed = [];
      for (let i = 0; i < 5; i++)
        lapsed.push(
          await agents.insert(agent('PENDING_VALIDATION', { expiresAt: new Date(now.getTime() - i) })),
        );
      const waiting = await agents.insert(
        agent('PENDING_VALIDATION', { expiresAt: new Date(now.getTime() + 1) }),
      );
      const active = await agents.insert(agent('ACTIVE', { expiresAt: new Date(now.getTime() - 1) }));

      expect(await agents.expirePending(now, 2)).toBe(5);

      for (const a of lapsed)
        expect(await agents.findById(a.agentId)).toMatchObject({ status: 'EXPIRED', updatedAt: now });
      expect((await agents.findById(waiting.agentId))?.status).toBe('PENDING_VALIDATION');
      expect((await agents.findById(active.agentId))?.status).toBe('ACTIVE');
      expect(await agents.expirePending(now, 2)).toBe(0);
    });

    it('leaves a row another transaction holds to that transaction (SKIP LOCKED)', async () => {
      const held = await agents.insert(
        agent('PENDING_VALIDATION', { expiresAt: new Date(now.getTime() - 1) }),
      );
      const free = await agents.insert(
        agent('PENDING_VALIDATION', { expiresAt: new Date(now.getTime() - 1) }),
      );
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holder = agents.transaction(async (tx) => {
        await tx.findByIdForUpdate(held.agentId);
        locked();
        await released;
      });
      await isLocked;
      try {
        expect(await agents.expirePending(now)).toBe(1);
        expect((await agents.findById(free.agentId))?.status).toBe('EXPIRED');
        expect((await agents.findById(held.agentId))?.status).toBe('PENDING_VALIDATION');
      } finally {
        release();
        await holder;
      }
      expect(await agents.expirePending(now)).toBe(1);
    });
  });

  it('refuses a second agent with a taken ansName, recognised by isAnsNameTaken', async () => {
    const first = await agents.insert(agent('ACTIVE'));
    expect(await agents.ansNameExists(first.ansName)).toBe(true);
    const refused = await agents.insert(agent('ACTIVE', { ansName: first.ansName })).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isAnsNameTaken(refused)).toBe(true);
  });

  it("tells another ACTIVE version of a host from the agent itself, and reads those versions' records", async () => {
    const record: DnsRecord = {
      type: 'HTTPS',
      purpose: 'DISCOVERY',
      required: false,
      priority: 1,
      ttl: 300,
      name: 'shared.example.com',
      value: '1 . alpn="h2"',
    };
    const mine = await agents.insert(agent('ACTIVE', { agentHost: 'shared.example.com' }));
    expect(await agents.otherActiveOnHost('shared.example.com', mine.agentId)).toBe(false);
    await agents.insert(agent('REVOKED', { agentHost: 'shared.example.com' }));
    expect(await agents.otherActiveOnHost('shared.example.com', mine.agentId)).toBe(false);
    await agents.insert(agent('ACTIVE', { agentHost: 'shared.example.com', dnsRecords: [record] }));
    expect(await agents.otherActiveOnHost('shared.example.com', mine.agentId)).toBe(true);
    expect(await zoneChanges.findRecordsOfOtherActiveOnHost('shared.example.com', mine.agentId)).toEqual([
      [record],
    ]);
  });

  describe('the DNS outbox', () => {
    async function pending(changeId: string, createdAt: Date): Promise<void> {
      await zoneChanges.insertPending({
        changeId,
        agentId: randomUUID(),
        accountId: randomUUID(),
        add: [],
        remove: [],
      });
      await t.dataSource.query(
        'UPDATE "agents"."zone_changes" SET "created_at" = $2 WHERE "change_id" = $1',
        [changeId, createdAt],
      );
    }

    it('walks the stale PENDING changes by (createdAt, changeId), past young and settled ones', async () => {
      const old = new Date(Date.now() - 10 * 60_000);
      for (const id of ['stale-c', 'stale-a', 'stale-b']) await pending(id, old);
      await pending('stale-0', new Date(old.getTime() - 1000));
      await pending('young', new Date());
      await pending('settled', old);
      await zoneChanges.markSettled('settled', 'APPLIED', 1);

      const first = await zoneChanges.findStalePending(60_000, undefined, 3);
      expect(first.map((k) => k.changeId)).toEqual(['stale-0', 'stale-a', 'stale-b']);
      const second = await zoneChanges.findStalePending(60_000, first[2], 3);
      expect(second.map((k) => k.changeId)).toEqual(['stale-c']);
    });

    it('notes an error on a PENDING change only', async () => {
      await pending('note-pending', new Date());
      await pending('note-settled', new Date());
      await zoneChanges.markSettled('note-settled', 'NO_ZONE', 3);
      await zoneChanges.updatePending('note-pending', { attempts: () => 'attempts + 1', lastError: 'down' });
      await zoneChanges.updatePending('note-settled', { lastError: 'late' });
      expect(await zoneChanges.findById('note-pending')).toMatchObject({
        status: 'PENDING',
        attempts: 1,
        lastError: 'down',
      });
      expect(await zoneChanges.findById('note-settled')).toMatchObject({
        status: 'NO_ZONE',
        attempts: 3,
        lastError: null,
      });
    });
  });
});
