import type { ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { expireJobLock, waitFor } from '@platform/testing';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import { HostingImportsQueue } from '../src/modules/imports/imports.jobs';
import type { ImportOperationResponse } from '../src/modules/imports/imports.response';
import { appProcesses } from './support/app-processes';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import {
  createHostingApp,
  settledImport,
  spawnHostingWorker,
  startHostingForWorkerProcesses,
  uploadArchive,
} from './support/hosting-flows';
import type { BuildingHostingTestApp } from './support/hosting-test-app';
import { ALL_HOSTING_SCOPES } from './support/hosting-test-app';

const SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.source:write'];

/**
 * A worker killed (SIGKILL, the real process) while it builds an import: the job's lock lapses, a
 * new worker process takes the job, starts over in a directory of its own and completes the import
 * exactly once; the killed attempt's orphaned build does not disturb it.
 */
describe('hosting import survives a killed worker (real worker processes, Postgres, Redis, npm)', () => {
  let t: BuildingHostingTestApp;
  let cred: TestCredential;
  const workers: ChildProcess[] = [];

  async function startWorker(): Promise<ChildProcess> {
    const { child } = await spawnHostingWorker({
      ...t.env.env,
      HOSTING_DATA_DIR: t.dataDir,
      HOSTING_NPM_OFFLINE: 'true',
    });
    workers.push(child);
    return child;
  }

  beforeAll(async () => {
    t = await startHostingForWorkerProcesses('hosting-import-crash');
    cred = await t.newCredential(SCOPES);
  }, 300_000);

  afterAll(async () => {
    for (const w of workers) {
      if (w.exitCode !== null || w.signalCode !== null) continue;
      const exited = new Promise((resolve) => w.once('exit', resolve));
      w.kill('SIGTERM'); // a graceful stop ends the apps it runs
      await exited;
    }
    await t?.close(); // removes the data dir
  });

  const get = (url: string) => t.inject({ method: 'GET', url, headers: cred.headers });

  it('a worker SIGKILLed mid-build: a new worker completes the import exactly once; a worker killed while the app runs: the next ends the orphan and runs PREVIEW again', async () => {
    const first = await startWorker();
    const appId = await createHostingApp(t, cred, 'crash');
    const importId = await uploadArchive(t, cred, appId, await zipOf(await fixtureFiles('build-gated')));
    const poll = async () =>
      (await get(`/v1/hosting/apps/${appId}/imports/${importId}`)).json() as ImportOperationResponse;
    await waitFor(
      async () => ((await poll()).logs?.some((l) => l.includes('gate: waiting')) ? true : undefined),
      {
        what: 'the first worker to run the gated build',
        timeoutMs: 60_000,
      },
    );

    const killed = new Promise((resolve) => first.once('exit', resolve));
    first.kill('SIGKILL');
    await killed;
    // Stand in for the ≤ 60 s of lock expiry and stalled marking; then open the gate and start a new worker.
    await expireJobLock(t.env, HostingImportsQueue.name, importId);
    await writeFile(join(t.dataDir, 'gate-open'), '');
    await startWorker();

    const finished = await settledImport(t, cred, appId, importId, 90_000);
    expect(finished.error).toBeUndefined();
    expect(finished.status).toBe('COMPLETED');
    expect(finished.logs?.some((l) => l.includes('SYSTEM attempt 2: starting over'))).toBe(true);
    const rows: { status: string; attempts: number }[] = await t.dataSource.query(
      'SELECT status, attempts FROM hosting.import_operations WHERE id = $1',
      [importId],
    );
    expect(rows).toEqual([{ status: 'COMPLETED', attempts: 2 }]);

    const status = (await get(`/v1/hosting/apps/${appId}/status`)).json() as AppStatusResponse;
    const preview = status.variants.find((v) => v.variant === 'PREVIEW');
    expect(preview).toMatchObject({ state: 'RUNNING', importId });
    const answer = (await (await fetch(`http://127.0.0.1:${preview?.port}/`)).json()) as {
      app: string;
      instance: string;
      cwd: string;
    };
    expect(answer).toMatchObject({ app: 'build-gated' });
    expect(appProcesses(answer.cwd)).toHaveLength(1);

    // Now the worker running the app is killed: its app goes with it (the sandbox's init exits
    // when its worker's end of the IPC channel closes), and the next worker starts the variant
    // again from its recorded build.
    const second = workers[workers.length - 1];
    const secondGone = new Promise((resolve) => second.once('exit', resolve));
    second.kill('SIGKILL');
    await secondGone;
    await waitFor(() => (appProcesses(answer.cwd).length === 0 ? true : undefined), {
      what: "the killed worker's app to end with it",
    });
    await startWorker();
    const restarted = await waitFor(
      async () => {
        const s = (await get(`/v1/hosting/apps/${appId}/status`)).json() as AppStatusResponse;
        const p = s.variants.find((v) => v.variant === 'PREVIEW');
        if (p?.state !== 'RUNNING' || !p.port) return undefined;
        const res = await fetch(`http://127.0.0.1:${p.port}/`).catch(() => undefined);
        return res?.ok ? ((await res.json()) as { instance: string }) : undefined;
      },
      { what: 'the third worker to run PREVIEW again', timeoutMs: 30_000 },
    );
    expect(restarted.instance).not.toBe(answer.instance);
    expect(appProcesses(answer.cwd)).toHaveLength(1);
  }, 240_000);
});
