import type { ChildProcess } from 'node:child_process';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import { FORWARDED_BY_HEADER } from '../src/modules/variant-proxy/variant-proxy.service';
import { appProcesses } from './support/app-processes';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import {
  createHostingApp,
  importArchive,
  spawnHostingWorker,
  startHostingForWorkerProcesses,
} from './support/hosting-flows';
import type { BuildingHostingTestApp } from './support/hosting-test-app';
import { ALL_HOSTING_SCOPES } from './support/hosting-test-app';

const SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.source:write'];
/** Fast leases, so the suite does not wait the production 10 s (override to measure other settings). */
const HEARTBEAT_MS = Number(process.env.HOSTING_WORKERS_TEST_HEARTBEAT_MS ?? 250);
const TTL_MS = Number(process.env.HOSTING_WORKERS_TEST_TTL_MS ?? 1500);

interface Worker {
  readonly name: string;
  readonly port: number;
  readonly child: ChildProcess;
  readonly url: string;
}

interface VariantRow {
  app_id: string;
  owner_worker_id: string | null;
  build_dir: string;
  live: boolean;
  address: string | null;
}

interface HostedAnswer {
  pid: number;
  cwd: string;
  forwardedPrefix: string | null;
}

/**
 * Several hosting workers (docs/hosting.md, "Several workers"), real processes from dist sharing one database,
 * Redis prefix and HOSTING_DATA_DIR: each variant is owned by exactly one live worker, a dead or
 * paused worker's variants are adopted by the others, `/hosted/…` answers on every worker, and the
 * process table never shows a variant twice once the dust settles.
 */
describe('hosting workers: leases, adoption, forwarding (real worker processes, Postgres, Redis, npm)', () => {
  let t: BuildingHostingTestApp;
  let cred: TestCredential;
  const workers: Worker[] = [];
  const appIds: string[] = [];

  async function startWorker(name: string): Promise<Worker> {
    const spawned = await spawnHostingWorker(
      {
        ...t.env.env,
        HOSTING_DATA_DIR: t.dataDir,
        HOSTING_NPM_OFFLINE: 'true',
        HOSTING_LEASE_HEARTBEAT_MS: String(HEARTBEAT_MS),
        HOSTING_LEASE_TTL_MS: String(TTL_MS),
      },
      { label: `worker ${name}`, stdout: process.env.HOSTING_WORKERS_DEBUG ? 'inherit' : 'ignore' },
    );
    const worker: Worker = { name, port: spawned.port, child: spawned.child, url: spawned.url };
    workers.push(worker);
    return worker;
  }

  async function stopWorker(worker: Worker, signal: NodeJS.Signals): Promise<void> {
    if (worker.child.exitCode !== null || worker.child.signalCode !== null) return;
    const exited = new Promise((resolve) => worker.child.once('exit', resolve));
    worker.child.kill(signal);
    await exited;
  }

  /** The live worker id a worker process registered under (it changes when it fences itself). */
  async function workerId(worker: Worker): Promise<string | undefined> {
    const rows: { worker_id: string }[] = await t.dataSource.query(
      `SELECT worker_id FROM hosting.workers WHERE address = $1 AND expires_at > now()`,
      [worker.url],
    );
    return rows[0]?.worker_id;
  }

  async function variants(): Promise<VariantRow[]> {
    return t.dataSource.query(
      `SELECT e.app_id, e.owner_worker_id, e.build_dir, w.address,
              COALESCE(w.expires_at > now(), false) AS live
         FROM hosting.app_environments e LEFT JOIN hosting.workers w ON w.worker_id = e.owner_worker_id
        WHERE e.variant = 'PREVIEW' AND e.app_id = ANY($1) ORDER BY e.app_id`,
      [appIds],
    );
  }

  async function hosted(worker: Worker, appId: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${worker.url}/hosted/${appId}/preview/hello?x=1`, { headers }).catch(
      () => undefined,
    );
    return res
      ? { status: res.status, body: (await res.json()) as HostedAnswer & { name?: string } }
      : undefined;
  }

  /** Every app answers through `/hosted/…` of every worker in `via`; each variant's one owner is live. */
  async function allAnswer(via: Worker[]): Promise<boolean> {
    const rows = await variants();
    if (rows.some((r) => !r.live)) return false;
    for (const worker of via)
      for (const appId of appIds) if ((await hosted(worker, appId))?.status !== 200) return false;
    return true;
  }

  /** Exactly one app process per variant on this host. */
  async function oneCopyEach(): Promise<boolean> {
    const rows = await variants();
    return rows.length === appIds.length && rows.every((r) => appProcesses(r.build_dir).length === 1);
  }

  async function importApp(name: string): Promise<string> {
    const appId = await createHostingApp(t, cred, name);
    const finished = await importArchive(t, cred, appId, await zipOf(await fixtureFiles('runtime-http')), {
      timeoutMs: 90_000,
    });
    expect(finished).toMatchObject({ status: 'COMPLETED' });
    return appId;
  }

  beforeAll(async () => {
    t = await startHostingForWorkerProcesses('hosting-workers');
    cred = await t.newCredential(SCOPES);
  }, 300_000);

  afterAll(async () => {
    for (const w of workers) {
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGCONT');
      await stopWorker(w, 'SIGTERM'); // a graceful stop ends the apps it runs
    }
    // Whatever a killed worker left behind (nothing, when the survivors did their job).
    for (const row of await variants().catch(() => [] as VariantRow[]))
      for (const pid of appProcesses(row.build_dir)) process.kill(pid, 'SIGKILL');
    await t?.close(); // removes the data dir
  });

  it('spreads variants over the workers, forwards /hosted to the owner, adopts a SIGKILLed worker’s variants within 30 s and a paused one’s, never running one twice', async () => {
    // One worker runs three imported apps; a graceful stop hands them to two new workers at once.
    const first = await startWorker('w1');
    for (const name of ['alpha', 'beta', 'gamma']) appIds.push(await importApp(name));
    const firstId = await workerId(first);
    expect((await variants()).every((r) => r.owner_worker_id === firstId)).toBe(true);
    const [w2, w3] = await Promise.all([startWorker('w2'), startWorker('w3')]);
    await stopWorker(first, 'SIGTERM');
    await waitFor(() => allAnswer([w2, w3]), { what: 'w2 and w3 to adopt w1’s variants', timeoutMs: 30_000 });
    const w4 = await startWorker('w4');
    appIds.push(await importApp('delta'));
    const survivors = [w2, w3, w4];
    await waitFor(() => allAnswer(survivors), { what: 'every app on every worker', timeoutMs: 30_000 });

    // Spread: at least two workers own variants; each variant one live owner; one process each.
    let rows = await variants();
    expect(new Set(rows.map((r) => r.owner_worker_id)).size).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.live)).toBe(true);
    await waitFor(oneCopyEach, { what: 'one process per variant', timeoutMs: 10_000 });

    // A worker that does not own a variant forwards the request to the one that does.
    const row = rows[0];
    const owner = survivors.find((w) => w.url === row.address);
    const other = survivors.find((w) => w.url !== row.address);
    expect(owner && other).toBeTruthy();
    const direct = await hosted(owner as Worker, row.app_id);
    const forwarded = await hosted(other as Worker, row.app_id);
    expect(forwarded?.status).toBe(200);
    expect(forwarded?.body).toMatchObject({
      pid: direct?.body.pid,
      forwardedPrefix: `/hosted/${row.app_id}/preview`,
    });
    // A request already forwarded once is never forwarded again.
    const loop = await hosted(other as Worker, row.app_id, { [FORWARDED_BY_HEADER]: 'another-worker' });
    expect(loop?.status).toBe(503);
    expect(loop?.body.name).toBe('APP_NOT_RUNNING');

    // SIGKILL the worker owning the most variants: the others adopt them within 30 s.
    const counts = new Map<string, number>();
    for (const r of rows) counts.set(r.address ?? '', (counts.get(r.address ?? '') ?? 0) + 1);
    const victim = survivors.reduce((a, b) => ((counts.get(a.url) ?? 0) >= (counts.get(b.url) ?? 0) ? a : b));
    expect(counts.get(victim.url)).toBeGreaterThanOrEqual(1);
    const remaining = survivors.filter((w) => w !== victim);
    const killedAt = Date.now();
    await stopWorker(victim, 'SIGKILL');
    await waitFor(() => allAnswer(remaining), {
      what: 'the survivors to adopt the killed worker’s variants',
      timeoutMs: 30_000,
      intervalMs: 100,
    });
    const adoptionMs = Date.now() - killedAt;
    console.log(
      `hosting workers: every app answered again ${adoptionMs} ms after SIGKILL (TTL ${TTL_MS} ms)`,
    );
    expect(adoptionMs).toBeLessThan(30_000);
    await waitFor(oneCopyEach, { what: 'one process per variant after the kill', timeoutMs: 10_000 });
    rows = await variants();
    const liveIds = await Promise.all(remaining.map(workerId));
    expect(rows.every((r) => r.live && liveIds.includes(r.owner_worker_id ?? ''))).toBe(true);

    // Pause the owner of a variant past its TTL: the other adopts; resumed, it gives up its copies.
    const paused = remaining.find((w) => rows.some((r) => r.address === w.url)) as Worker;
    const awake = remaining.filter((w) => w !== paused);
    const pausedId = await workerId(paused);
    paused.child.kill('SIGSTOP');
    await waitFor(
      async () =>
        (await variants()).every((r) => r.owner_worker_id !== pausedId && r.live) &&
        (await Promise.all(appIds.map((id) => hosted(awake[0], id)))).every((r) => r?.status === 200),
      { what: 'the awake worker to adopt the paused one’s variants', timeoutMs: 30_000, intervalMs: 100 },
    );
    paused.child.kill('SIGCONT');
    await waitFor(async () => ((await workerId(paused)) ?? pausedId) !== pausedId, {
      what: 'the resumed worker to register again under a new id',
      timeoutMs: 10_000,
    });
    await waitFor(oneCopyEach, { what: 'no second copy after the pause', timeoutMs: 10_000 });
    // Settled: a few more heartbeats later still one copy each, each owned once, answered everywhere.
    await waitFor(() => allAnswer([paused, ...awake]), {
      what: 'every app on both workers',
      timeoutMs: 10_000,
    });
    expect(await oneCopyEach()).toBe(true);
    rows = await variants();
    expect(rows.every((r) => r.live)).toBe(true);
  }, 300_000);
});
