import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { TestCredential } from '@platform/testing';
import { freePort, waitFor } from '@platform/testing';
import type { AppOperationResponse } from '../../src/modules/apps/apps.response';
import type { ImportOperationResponse } from '../../src/modules/imports/imports.response';
import { archiveUpload } from './fixture-archives';
import type { BuildingHostingTestApp, HostingTestApp } from './hosting-test-app';
import { startBuildingHostingTestApp } from './hosting-test-app';

/**
 * The steps the hosting suites share: an app created and settled, an archive imported and
 * settled, a real worker process from dist.
 */

const ROOT = join(__dirname, '../../../..');
const WORKER_ENTRY = join(ROOT, 'dist/apps/hosting/apps/hosting/src/worker.js');

/** POST /v1/hosting/apps?appType=NODEJS (202): the accepted operation, not waited for. */
export async function postHostingApp(
  t: HostingTestApp,
  cred: TestCredential,
  name = 'app',
): Promise<AppOperationResponse> {
  const res = await t.inject({
    method: 'POST',
    url: '/v1/hosting/apps?appType=NODEJS',
    headers: cred.headers,
    payload: { name },
  });
  expect(res.statusCode).toBe(202);
  return res.json() as AppOperationResponse;
}

/** POST /v1/hosting/apps (202), then its operation COMPLETED: the app's id. */
export async function createHostingApp(
  t: HostingTestApp,
  cred: TestCredential,
  name = 'app',
): Promise<string> {
  const done: AppOperationResponse = await t.settled((await postHostingApp(t, cred, name)).operationId, cred);
  expect(done.status).toBe('COMPLETED');
  return done.appId;
}

/** POST …/imports with `archive` (202): the import's id. */
export async function uploadArchive(
  t: HostingTestApp,
  cred: TestCredential,
  appId: string,
  archive: Buffer,
  fileName = 'app.zip',
): Promise<string> {
  const upload = archiveUpload(archive, fileName);
  const res = await t.inject({
    method: 'POST',
    url: `/v1/hosting/apps/${appId}/imports`,
    headers: { ...cred.headers, ...upload.headers },
    payload: upload.payload,
  });
  expect(res.statusCode).toBe(202);
  return (res.json() as ImportOperationResponse).importId;
}

/** GET …/imports/{importId} until it is no longer EXECUTING. */
export function settledImport(
  t: HostingTestApp,
  cred: TestCredential,
  appId: string,
  importId: string,
  timeoutMs = 60_000,
): Promise<ImportOperationResponse> {
  return waitFor(
    async () => {
      const poll = (
        await t.inject({
          method: 'GET',
          url: `/v1/hosting/apps/${appId}/imports/${importId}`,
          headers: cred.headers,
        })
      ).json() as ImportOperationResponse;
      return poll.status === 'EXECUTING' ? undefined : poll;
    },
    { what: `import ${importId}`, timeoutMs },
  );
}

/** uploadArchive, then settledImport. */
export async function importArchive(
  t: HostingTestApp,
  cred: TestCredential,
  appId: string,
  archive: Buffer,
  { fileName = 'app.zip', timeoutMs = 60_000 }: { fileName?: string; timeoutMs?: number } = {},
): Promise<ImportOperationResponse> {
  const importId = await uploadArchive(t, cred, appId, archive, fileName);
  return settledImport(t, cred, appId, importId, timeoutMs);
}

/** Rebuilds the worker's dist when it is stale (npm test builds first; a suite run alone may not). */
export function buildHostingWorker(): void {
  execFileSync(
    process.execPath,
    ['-e', "require('./scripts/build-if-stale').buildIfStale(['hosting'], { entry: 'worker' })"],
    { cwd: ROOT, stdio: 'ignore' },
  );
}

/** For suites of real worker processes: buildHostingWorker, then startBuildingHostingTestApp. */
export function startHostingForWorkerProcesses(label: string): Promise<BuildingHostingTestApp> {
  buildHostingWorker();
  return startBuildingHostingTestApp(label);
}

export interface WorkerProcess {
  readonly port: number;
  readonly url: string;
  readonly child: ChildProcess;
  /** What it wrote on stderr so far. */
  stderr(): string;
}

/** A real hosting worker process (dist) with `env` on a free port, once /health/ready answers 200. */
export async function spawnHostingWorker(
  env: Record<string, string>,
  { label = 'worker', stdout = 'ignore' }: { label?: string; stdout?: 'ignore' | 'inherit' } = {},
): Promise<WorkerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [WORKER_ENTRY], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', stdout, 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (child.exitCode !== null) throw new Error(`${label} exited: ${stderr}`);
      const res = await fetch(`${url}/health/ready`).catch(() => undefined);
      return res?.status === 200 ? true : undefined;
    },
    { what: `${label} to be ready`, timeoutMs: 30_000 },
  );
  return { port, url, child, stderr: () => stderr };
}
