import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { waitFor } from '@platform/testing';
import type { TestCredential } from '@platform/testing';
import { AgentsTestApp, startAgentsTestApp, startAgentsWorker } from './support/agents-test-app';

/** The worker's job schedulers, run every 200 ms here, with pending registrations living 1 s. */
const FAST = { AGENT_MAINTENANCE_EVERY_MS: '200', AGENT_PENDING_TTL_S: '1' };

describe('agent registry worker: scheduled maintenance (real Postgres, Redis, BullMQ)', () => {
  let t: AgentsTestApp;
  let worker: NestFastifyApplication | undefined;
  let owner: TestCredential;

  beforeAll(async () => {
    t = await startAgentsTestApp('agents-maintenance', FAST);
    owner = await t.newCredential();
  });

  afterAll(async () => {
    await worker?.close();
    await t?.close();
  });

  const statusOf = async (agentId: string): Promise<string> =>
    (await t.inject({ method: 'GET', url: `/v1/agents/${agentId}`, headers: owner.headers })).json()
      .agentStatus;

  it('expires a lapsed PENDING_VALIDATION registration, and only that one, on its schedule', async () => {
    worker = await startAgentsWorker(t.env, FAST);
    const lapsing = await t.register(owner.accountId, { status: 'PENDING_VALIDATION' });
    const later = await t.register(owner.accountId, { status: 'PENDING_VALIDATION' });
    await t.dataSource.query(
      `UPDATE agents.agents SET expires_at = now() + interval '1 day' WHERE agent_id = $1`,
      [later.agentId],
    );
    const active = await t.register(owner.accountId);

    await waitFor(async () => (await statusOf(lapsing.agentId)) === 'EXPIRED', {
      what: 'the pending registration to expire',
      timeoutMs: 20_000,
    });

    expect(await statusOf(later.agentId)).toBe('PENDING_VALIDATION');
    expect(await statusOf(active.agentId)).toBe('ACTIVE');
    const revoke = await t.inject({
      method: 'POST',
      url: `/v1/agents/${lapsing.agentId}/revoke`,
      headers: owner.headers,
      payload: { reason: 'KEY_COMPROMISE' },
    });
    expect([revoke.statusCode, revoke.json().code]).toEqual([409, 'AGENT_EXPIRED']);
  });

  it('deletes events past their 30 days and keeps the others', async () => {
    const agent = await t.register(owner.accountId);
    const [{ log_id: oldId }]: { log_id: string }[] = await t.dataSource.query(
      `INSERT INTO agents.agent_events (event_type, created_at, expires_at, agent_id, ans_name, agent_host,
         agent_display_name, version, provider_id, endpoints)
       VALUES ('AGENT_REGISTERED', now() - interval '31 days', now() - interval '1 day', $1, $2, $3, $3, '1.0.0', 'p', '[]')
       RETURNING log_id`,
      [agent.agentId, agent.ansName, agent.agentHost],
    );

    await waitFor(
      async () => {
        const rows: unknown[] = await t.dataSource.query(
          'SELECT 1 FROM agents.agent_events WHERE log_id = $1',
          [oldId],
        );
        return rows.length === 0;
      },
      { what: 'the expired event to be purged', timeoutMs: 20_000 },
    );
    const kept: unknown[] = await t.dataSource.query(
      'SELECT 1 FROM agents.agent_events WHERE agent_id = $1',
      [agent.agentId],
    );
    expect(kept).toHaveLength(1);
  });

  it('re-signs the CRL before it goes stale', async () => {
    await t.inject({ method: 'GET', url: '/v1/agents/crl' });
    const [{ n: before }]: { n: string }[] = await t.dataSource.query(
      'SELECT max(crl_number) AS n FROM agents.crls',
    );
    await t.dataSource.query(
      `UPDATE agents.crls SET next_update = now() + interval '1 hour' WHERE crl_number = $1`,
      [before],
    );

    await waitFor(
      async () => {
        const [{ n }]: { n: string }[] = await t.dataSource.query(
          'SELECT max(crl_number) AS n FROM agents.crls',
        );
        return Number(n) > Number(before);
      },
      { what: 'a fresh CRL', timeoutMs: 20_000 },
    );
  });

  it('keeps its schedule across a worker restart', async () => {
    await worker?.close();
    const agent = await t.register(owner.accountId, { status: 'PENDING_VALIDATION' });
    worker = await startAgentsWorker(t.env, FAST);

    await waitFor(async () => (await statusOf(agent.agentId)) === 'EXPIRED', {
      what: 'the restarted worker to expire the registration',
      timeoutMs: 20_000,
    });
  });
});
