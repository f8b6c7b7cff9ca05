import type { TestCredential } from '@platform/testing';
import { AgentEventsRepository, pageQuery } from '../src/modules/events/agent-events.repository';
import type { AgentEventsResponse } from '../src/modules/events/events.response';
import type { EventsTestApp } from './support/events-test-app';
import { SAMPLE_ENDPOINTS, agentSnapshot, startEventsTestApp } from './support/events-test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Thrown inside an appending transaction to roll it back after it drew its logId. */
class Rollback extends Error {}

describe('AgentEventLog', () => {
  let t: EventsTestApp;
  let reader: TestCredential;

  const page = async (query: Record<string, string | number>): Promise<AgentEventsResponse> => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const res = await t.inject({ method: 'GET', url: `/v1/agents/events?${qs}`, headers: reader.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as AgentEventsResponse;
  };

  const maxLogId = async (): Promise<string> => {
    const [row] = (await t.dataSource.query(
      `SELECT coalesce(max(log_id), 0)::text AS id FROM agents.agent_events`,
    )) as { id: string }[];
    return row.id;
  };

  beforeAll(async () => {
    // Room for 16 appenders holding transactions open while the reader still gets a connection.
    t = await startEventsTestApp('agent-event-log', { DB_POOL_SIZE: '24' });
    reader = await t.newCredential(['agents.event:read']);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('refuses to append outside a transaction', async () => {
    await expect(
      t.log.append(new AgentEventsRepository(t.dataSource.manager), 'AGENT_REGISTERED', agentSnapshot(1)),
    ).rejects.toThrow('inside a transaction');
  });

  it('appends inside the caller transaction and returns the stored event', async () => {
    const at = new Date('2031-01-02T03:04:05.678Z');
    const event = await t.dataSource.transaction((m) =>
      t.log.append(
        new AgentEventsRepository(m),
        'AGENT_REVOKED',
        agentSnapshot(7, { description: null }),
        at,
      ),
    );
    expect(event).toMatchObject({
      logId: expect.stringMatching(/^[1-9][0-9]*$/),
      eventType: 'AGENT_REVOKED',
      createdAt: at,
      expiresAt: new Date('2031-02-01T03:04:05.678Z'),
      agentDisplayName: 'Agent 7',
      agentDescription: null,
      endpoints: SAMPLE_ENDPOINTS,
    });
    // A rolled-back caller takes its event with it.
    const before = await maxLogId();
    await expect(
      t.dataSource.transaction(async (m) => {
        await t.log.append(new AgentEventsRepository(m), 'AGENT_REGISTERED', agentSnapshot(8));
        throw new Rollback('caller failed after appending');
      }),
    ).rejects.toThrow(Rollback);
    expect(await maxLogId()).toBe(before);
  });

  it('lets readers paging during concurrent appends see every committed event once, in order', async () => {
    const TOTAL = 300;
    const PARALLEL = 16;
    const baseline = await maxLogId();
    let next = 0;
    let finished = false;
    const appender = async (): Promise<void> => {
      while (next < TOTAL) {
        const n = next++;
        try {
          await t.dataSource.transaction(async (m) => {
            await t.log.append(
              new AgentEventsRepository(m),
              'AGENT_REGISTERED',
              agentSnapshot(n, { providerId: `p${n % 2}` }),
            );
            // Keeps the transaction open a moment after the id was drawn, as a slow commit would:
            // without the append lock, a later id could then commit (and be read) first.
            await m.query('SELECT pg_sleep($1)', [Math.random() * 0.004]);
            // Some appends roll back: they leave holes in the numbers, which a cursor must tolerate.
            if (n % 10 === 7) throw new Rollback();
          });
        } catch (e) {
          if (!(e instanceof Rollback)) throw e;
        }
      }
    };
    const appending = Promise.all(Array.from({ length: PARALLEL }, appender)).then(
      () => undefined,
      (e: unknown) => e,
    );
    void appending.finally(() => {
      finished = true;
    });

    /**
     * Pages with a small limit until a page fetched after the last commit comes back empty.
     * `short` counts pages that reached the head of the stream while appends were still running:
     * the moments a reader could skip an event that commits late.
     */
    const follow = async (
      read: (lastLogId: string) => Promise<{ items: { logId: string }[]; lastLogId: string }>,
      limit: number,
    ) => {
      const seen: string[] = [];
      let lastLogId = baseline;
      let short = 0;
      for (;;) {
        const after = finished;
        const body = await read(lastLogId);
        seen.push(...body.items.map((i) => i.logId));
        lastLogId = body.lastLogId;
        if (!after && body.items.length < limit) short += 1;
        if (after && body.items.length === 0) return { seen, short };
      }
    };
    const [global, p1, http] = await Promise.all([
      // The service directly: fast enough to keep up with the appenders, so it sits at the head.
      follow((lastLogId) => t.log.page({ lastLogId, limit: 3 }), 3),
      follow((lastLogId) => t.log.page({ lastLogId, limit: 2, providerId: 'p1' }), 2),
      // And through the API, which lags further behind.
      follow((lastLogId) => page({ lastLogId, limit: 5 }), 5),
    ]);
    const failure = await appending;
    if (failure) throw failure;

    const rows = (await t.dataSource.query(
      `SELECT log_id::text AS id, provider_id FROM agents.agent_events WHERE log_id > $1 ORDER BY log_id`,
      [baseline],
    )) as { id: string; provider_id: string }[];
    expect(rows).toHaveLength(TOTAL - TOTAL / 10);
    // Every committed id exactly once and in increasing order: no gaps, no repeats.
    expect(global.seen).toEqual(rows.map((r) => r.id));
    expect(http.seen).toEqual(rows.map((r) => r.id));
    expect(p1.seen).toEqual(rows.filter((r) => r.provider_id === 'p1').map((r) => r.id));
    for (let i = 1; i < global.seen.length; i += 1) {
      expect(BigInt(global.seen[i])).toBeGreaterThan(BigInt(global.seen[i - 1]));
    }
    // The readers really caught up with the appenders while they ran (without the append lock,
    // those are the pages that skip events: 48 of 270 missed in a trial run).
    expect(global.short).toBeGreaterThan(5);
    expect(p1.short).toBeGreaterThan(5);
    // 270 serialised appends beside three readers: under a fully loaded CI machine (CI run 11)
    // they took over the default 30 s, and the appends left running then failed the purge tests.
  }, 120_000);

  describe('purgeExpired', () => {
    it('deletes only the expired events, batch by batch, and returns the count', async () => {
      const now = new Date();
      const old = new Date(now.getTime() - 31 * DAY_MS);
      const exactlyDue = new Date(now.getTime() - 30 * DAY_MS); // expiresAt == now: expired
      const recent = new Date(now.getTime() - 29 * DAY_MS);
      const baseline = await maxLogId();
      const expired: string[] = [];
      const kept: string[] = [];
      for (let n = 0; n < 6; n += 1) {
        expired.push(await t.append('AGENT_REGISTERED', agentSnapshot(100 + n), old));
        if (n % 2) kept.push(await t.append('AGENT_REGISTERED', agentSnapshot(200 + n), recent));
      }
      expired.push(await t.append('AGENT_REVOKED', agentSnapshot(300), exactlyDue));

      // Not served at `now`, before and after the purge alike.
      const served = await t.log.page({ lastLogId: baseline, limit: 200 }, now);
      expect(served.items.map((e) => e.logId)).toEqual(kept);

      const statements = jest.spyOn(t.dataSource, 'query');
      try {
        expect(await t.log.purgeExpired(now, 3)).toBe(7);
        expect(statements).toHaveBeenCalledTimes(3); // 3 + 3 + 1
      } finally {
        statements.mockRestore();
      }
      const left = (await t.dataSource.query(
        `SELECT log_id::text AS id FROM agents.agent_events WHERE log_id > $1 ORDER BY log_id`,
        [baseline],
      )) as { id: string }[];
      expect(left.map((r) => r.id)).toEqual(kept);
      expect(await t.log.purgeExpired(now, 3)).toBe(0);
      expect((await t.log.page({ lastLogId: baseline, limit: 200 }, now)).items.map((e) => e.logId)).toEqual(
        kept,
      );
    });

    it('lets two purgers share the work (SKIP LOCKED) and deletes each event once', async () => {
      const now = new Date();
      const old = new Date(now.getTime() - 40 * DAY_MS);
      await t.dataSource.transaction(async (m) => {
        for (let n = 0; n < 40; n += 1)
          await t.log.append(new AgentEventsRepository(m), 'AGENT_REGISTERED', agentSnapshot(400 + n), old);
      });
      const counts = await Promise.all([t.log.purgeExpired(now, 2), t.log.purgeExpired(now, 2)]);
      expect(counts[0] + counts[1]).toBe(40);
      expect(await t.log.purgeExpired(now)).toBe(0);
    });
  });

  describe('page query plan', () => {
    const plan = async (q: { providerId?: string; lastLogId: string; limit: number }): Promise<string> => {
      const [sql, params] = pageQuery(t.dataSource, q, new Date()).getQueryAndParameters();
      const rows = (await t.dataSource.query(`EXPLAIN ${sql}`, params)) as { 'QUERY PLAN': string }[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };

    beforeAll(async () => {
      // A realistic volume, so the planner's choice is the one production gets. plan-late has all its
      // events at the tail of the stream: the case where walking the primary key would be slow.
      await t.dataSource.query(
        `INSERT INTO agents.agent_events (event_type, created_at, expires_at, agent_id, ans_name, agent_host,
                                          agent_display_name, agent_description, version, provider_id, endpoints)
         SELECT 'AGENT_REGISTERED', now(), now() + interval '30 days', gen_random_uuid(),
                'ans://v1.0.' || i || '.plan.example.com', 'plan.example.com', 'Plan ' || i, NULL,
                '1.0.' || i, CASE WHEN i % 1000 = 0 THEN 'plan-rare'
                                  WHEN i > 45000 AND i % 2 = 0 THEN 'plan-late'
                                  ELSE 'plan-' || (i % 5) END, '[]'::jsonb
           FROM generate_series(1, 50000) AS i`,
      );
      await t.dataSource.query('ANALYZE agents.agent_events');
    });

    it.each(['0', '25000', '49000'])(
      'walks the primary key for the global stream (cursor %s)',
      async (cursor) => {
        const [{ name }] = (await t.dataSource.query(
          `SELECT conname AS name FROM pg_constraint
          WHERE conrelid = 'agents.agent_events'::regclass AND contype = 'p'`,
        )) as { name: string }[];
        const text = await plan({ lastLogId: cursor, limit: 200 });
        expect(text).toMatch(new RegExp(`Index Scan using "?${name}"? on agent_events`));
        expect(text).not.toMatch(/Seq Scan|Sort/);
      },
    );

    it.each([
      ['plan-3', '0'],
      ['plan-3', '25000'],
      ['plan-late', '0'],
    ])(
      'walks (provider_id, log_id) in order for one provider (%s, cursor %s)',
      async (providerId, cursor) => {
        const text = await plan({ providerId, lastLogId: cursor, limit: 200 });
        expect(text).toMatch(/Index Scan using agent_events_provider_idx on agent_events/);
        expect(text).not.toMatch(/Seq Scan|Sort|Bitmap|PK_/);
      },
    );

    it.each([
      ['plan-3', '50000'],
      ['plan-rare', '0'],
      ['nobody', '0'],
    ])('reads only an index when few events remain (%s, cursor %s)', async (providerId, cursor) => {
      // The planner may then sort the handful of rows left (after the cursor, or of a rare
      // provider) rather than walk in order: cheap either way, and never a scan of the table.
      const text = await plan({ providerId, lastLogId: cursor, limit: 200 });
      expect(text).toMatch(/Index Scan/);
      expect(text).not.toMatch(/Seq Scan/);
    });
  });
});
