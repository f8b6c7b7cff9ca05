import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SnakeNamingStrategy, runMigrations } from '@platform/database';
import { TestEnv, createTestEnv, waitFor } from '@platform/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { HOSTING_MIGRATION_SET } from '../src/database/hosting.migration-set';
import { RuntimePidFiles } from '../src/modules/app-runtime/runtime-pid-files';
import type { VariantKey } from '../src/modules/runtime';
import { processAlive } from '../src/modules/runtime/process-group';
import {
  LeaseLostError,
  VARIANT_OWNER_CHANNEL,
  WorkerLeaseStore,
} from '../src/modules/worker-leases/worker-lease-store';

const TTL_MS = 60_000;

/** The lease SQL of several hosting workers against the real database (docs/hosting.md, "Several workers"). */
describe('worker leases (SQL, real PostgreSQL)', () => {
  let env: TestEnv;
  let dataSource: DataSource;
  let store: WorkerLeaseStore;

  beforeAll(async () => {
    env = await createTestEnv('worker-leases');
    await runMigrations({ url: env.db.url, applicationName: 'worker-leases-test' }, [HOSTING_MIGRATION_SET]);
    dataSource = new DataSource({
      type: 'postgres',
      url: env.db.url,
      namingStrategy: new SnakeNamingStrategy(),
      poolSize: 8,
    });
    await dataSource.initialize();
    store = new WorkerLeaseStore(dataSource);
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await env?.teardown();
  });

  beforeEach(async () => {
    await dataSource.query('DELETE FROM hosting.app_environments');
    await dataSource.query('DELETE FROM hosting.workers');
  });

  async function worker(ttlMs = TTL_MS): Promise<string> {
    const id = randomUUID();
    await store.register(id, `http://127.0.0.1:${1000 + Math.floor(Math.random() * 1000)}`, 'test', ttlMs);
    return id;
  }

  /** Expires a worker's lease by the database's clock. */
  const expire = (id: string) =>
    dataSource.query(
      `UPDATE hosting.workers SET expires_at = now() - interval '1 second' WHERE worker_id = $1`,
      [id],
    );

  async function variants(
    count: number,
    fields: { desired?: string; build?: boolean; owner?: string | null } = {},
  ): Promise<VariantKey[]> {
    const keys: VariantKey[] = [];
    for (let i = 0; i < count; i += 1) {
      const key: VariantKey = { appId: `NODEJS-${randomUUID().slice(0, 10)}`, variant: 'PREVIEW' };
      await dataSource.query(
        `INSERT INTO hosting.app_environments (app_id, variant, desired_state, build_dir, start_command, owner_worker_id)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          key.appId,
          key.variant,
          fields.desired ?? 'RUNNING',
          fields.build === false ? null : '/tmp/build',
          fields.build === false ? null : JSON.stringify({ command: 'node', args: ['server.js'] }),
          fields.owner ?? null,
        ],
      );
      keys.push(key);
    }
    return keys;
  }

  const owners = async (): Promise<Map<string, string | null>> => {
    const rows: { app_id: string; owner_worker_id: string | null }[] = await dataSource.query(
      'SELECT app_id, owner_worker_id FROM hosting.app_environments',
    );
    return new Map(rows.map((r) => [r.app_id, r.owner_worker_id]));
  };

  it('a heartbeat extends a live lease and reports an expired one by the database clock', async () => {
    const id = await worker();
    expect(await store.heartbeat(id, TTL_MS)).toBe(true);
    expect(await store.liveWorkerIds()).toEqual(new Set([id]));
    await expire(id);
    expect(await store.heartbeat(id, TTL_MS)).toBe(false);
    expect(await store.liveWorkerIds()).toEqual(new Set());

    // A short TTL lapses on its own, whatever the process clock says.
    const short = await worker(150);
    await waitFor(async () => !(await store.liveWorkerIds()).has(short), {
      what: 'the short lease to lapse',
    });
    expect(await store.heartbeat(short, TTL_MS)).toBe(false);
  });

  it('claims orphans in fair shares: three workers split six variants two each, never a non-runnable one', async () => {
    await variants(6);
    await variants(1, { desired: 'STOPPED' });
    await variants(1, { build: false });
    const [a, b, c] = [await worker(), await worker(), await worker()];
    expect(await store.claimOrphans(a)).toHaveLength(2);
    expect(await store.claimOrphans(a)).toHaveLength(0); // its share is taken
    expect(await store.claimOrphans(b)).toHaveLength(2);
    expect(await store.claimOrphans(c)).toHaveLength(2);
    const byOwner = [...(await owners()).values()];
    expect(byOwner.filter((o) => o === a)).toHaveLength(2);
    expect(byOwner.filter((o) => o === null)).toHaveLength(2); // STOPPED and without a build
  });

  it('claims concurrently without overlap (SKIP LOCKED): every orphan gets exactly one owner', async () => {
    await variants(9);
    const ids = [await worker(), await worker(), await worker()];
    const claims = await Promise.all(ids.map((id) => store.claimOrphans(id)));
    const claimed = claims.flat().map((c) => c.key.appId);
    expect(new Set(claimed).size).toBe(claimed.length);
    // Whatever a concurrent round left, the next round takes, still within each share.
    await Promise.all(ids.map((id) => store.claimOrphans(id)));
    const all = [...(await owners()).values()];
    expect(all.every((o) => o !== null && ids.includes(o))).toBe(true);
    for (const id of ids) expect(all.filter((o) => o === id).length).toBeLessThanOrEqual(3);
  });

  it('takes the variants of an expired worker, never those of a live one', async () => {
    const dead = await worker();
    const alive = await worker();
    const deadKeys = await variants(2, { owner: dead });
    await variants(2, { owner: alive });
    await expire(dead);
    const taker = await worker();
    const claimed = await store.claimOrphans(taker);
    expect(claimed.map((c) => c.key.appId).sort()).toEqual(deadKeys.map((k) => k.appId).sort());
    expect(claimed.every((c) => c.previousOwner === dead)).toBe(true);
    // An expired worker claims nothing, and cannot write the runtime columns of what it lost.
    expect(await store.claimOrphans(dead)).toEqual([]);
    expect(await store.recordRuntime(dead, deadKeys[0], 'RUNNING', null)).toBe(false);
    expect(await store.recordRuntime(taker, deadKeys[0], 'RUNNING', null, 4321)).toBe(true);
  });

  it('a guarded takeover: the new owner waits for the live previous owner to acknowledge its release', async () => {
    const a = await worker();
    const b = await worker();
    const [key] = await variants(1, { owner: a });
    const listener = new Client({ connectionString: env.db.url });
    await listener.connect();
    const notices: string[] = [];
    listener.on('notification', (m) => notices.push(m.payload ?? ''));
    await listener.query(`LISTEN ${VARIANT_OWNER_CHANNEL}`);
    try {
      expect(await store.takeOver(b, key)).toBe(a);
      await waitFor(() => notices.length > 0, { what: 'the takeover notice' });
      expect(JSON.parse(notices[0])).toEqual({
        kind: 'taken',
        appId: key.appId,
        variant: key.variant,
        owner: b,
      });
      expect(await store.handoffState(b, key)).toEqual({ mine: true, clear: false });
      expect((await store.handoffState(a, key)).mine).toBe(false);
      expect(await store.pendingHandoffs(a)).toEqual([key]);
      expect(await store.recordRuntime(a, key, 'RUNNING', null)).toBe(false);
      await store.acknowledgeRelease(a, key);
      expect(await store.handoffState(b, key)).toEqual({ mine: true, clear: true });
      expect(await store.pendingHandoffs(a)).toEqual([]);
    } finally {
      await listener.end();
    }
  });

  it('a takeover from a worker whose lease expires needs no acknowledgement; an expired worker cannot take over', async () => {
    const a = await worker();
    const b = await worker();
    const [key] = await variants(1, { owner: a });
    await store.takeOver(b, key);
    expect((await store.handoffState(b, key)).clear).toBe(false);
    await expire(a);
    expect((await store.handoffState(b, key)).clear).toBe(true);
    await expect(store.takeOver(a, key)).rejects.toBeInstanceOf(LeaseLostError);
  });

  it('concurrent takeovers leave exactly one owner, who waits for the other', async () => {
    const ids = [await worker(), await worker(), await worker()];
    const [key] = await variants(1, { owner: ids[0] });
    await Promise.all([store.takeOver(ids[1], key), store.takeOver(ids[2], key)]);
    const states = await Promise.all(ids.map((id) => store.handoffState(id, key)));
    expect(states.filter((s) => s.mine)).toHaveLength(1);
    const winner = ids[states.findIndex((s) => s.mine)];
    // Both others may still run a copy: the winner waits for both.
    for (const id of ids.filter((i) => i !== winner)) {
      expect((await store.handoffState(winner, key)).clear).toBe(false);
      await store.acknowledgeRelease(id);
    }
    expect((await store.handoffState(winner, key)).clear).toBe(true);
  });

  it('a retired worker leaves orphans behind at once and no lease', async () => {
    const a = await worker();
    const b = await worker();
    const keys = await variants(2, { owner: a });
    await store.retire(a);
    expect(await store.liveWorkerIds()).toEqual(new Set([b]));
    expect((await store.claimOrphans(b)).map((c) => c.key.appId).sort()).toEqual(
      keys.map((k) => k.appId).sort(),
    );
    expect(await store.liveOwner(keys[0])).toEqual({ workerId: b, address: expect.any(String) });
  });

  it('ends on this host every instance of the apps of workers whose lease is not live, and only those', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'worker-leases-pids-'));
    const pidFiles = new RuntimePidFiles(join(dataDir, 'run'));
    const [liveId, deadId, olderId] = [randomUUID(), randomUUID(), randomUUID()];
    const sleeper = () =>
      spawn('sleep', ['300'], { cwd: dataDir, detached: true, stdio: 'ignore' }) as {
        pid: number;
      } & ReturnType<typeof spawn>;
    const ofLive = sleeper();
    // Three instances of one variant of the dead worker, and a record in the layout before instances.
    const ofDead = [sleeper(), sleeper(), sleeper()];
    const ofOlder = sleeper();
    try {
      await pidFiles.record(liveId, { appId: 'NODEJS-a', variant: 'PREVIEW' }, [ofLive.pid], dataDir);
      await pidFiles.record(
        deadId,
        { appId: 'NODEJS-b', variant: 'PUBLISH' },
        ofDead.map((p) => p.pid),
        dataDir,
      );
      await mkdir(join(dataDir, 'run', olderId), { recursive: true });
      await writeFile(
        join(dataDir, 'run', olderId, 'NODEJS-c.PREVIEW.json'),
        JSON.stringify({ pid: ofOlder.pid, dir: dataDir }),
      );
      expect(await pidFiles.endOrphans(async () => new Set([liveId]))).toBe(4);
      for (const p of [...ofDead, ofOlder])
        await waitFor(() => !processAlive(p.pid), { what: 'the dead worker’s instances to end' });
      expect(processAlive(ofLive.pid)).toBe(true);
      expect(await readdir(join(dataDir, 'run'))).toEqual([liveId]);
    } finally {
      for (const p of [ofLive, ...ofDead, ofOlder]) p.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
