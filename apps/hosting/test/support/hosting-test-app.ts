import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scope } from '@platform/scopes';
import type { InProcessServiceApp, TestCredential, TestEnv, WorkerHarness } from '@platform/testing';
import { bootInProcessServiceApp, createTestEnv, startWorkerHarness, waitFor } from '@platform/testing';
import { HostingAppModule } from '../../src/app.module';
import { loadHostingWorkerConfig } from '../../src/config/hosting-worker.config';
import { loadHostingConfig } from '../../src/config/hosting.config';
import { HostingAppsProcessor } from '../../src/modules/apps/apps.processor';
import type { AppOperationResponse } from '../../src/modules/apps/apps.response';
import { HostingWorkerModule } from '../../src/worker.module';
import type { HostingWorkerOptions } from '../../src/worker.module';

/** The hosting API booted on a real, private database and Redis prefix for one suite. */
export interface HostingTestApp extends InProcessServiceApp {
  /** Polls GET /v1/hosting/app-operations/{id} until COMPLETED or FAILED. */
  settled(operationId: string, cred: TestCredential, timeoutMs?: number): Promise<AppOperationResponse>;
}

/** Every hosting scope of both namespaces. */
export const ALL_HOSTING_SCOPES: Scope[] = [
  'hosting.application:create',
  'hosting.application:read',
  'hosting.application:update',
  'hosting.paas.apps:create',
  'hosting.paas.apps:read',
];

/**
 * What config/hosting.config.ts reads for a process of the suite: hosting's own variables of the
 * shell that runs Jest (e.g. HOSTING_UNISOLATED=allow on a host without sandboxes), then the
 * suite's environment (`env.env`), then `more`; PORT 0.
 */
export function hostingEnv(
  env: TestEnv,
  more: Record<string, string> = {},
): Record<string, string | undefined> {
  const shell = Object.entries(process.env).filter(([name]) => name.startsWith('HOSTING_'));
  return { ...Object.fromEntries(shell), ...env.env, PORT: '0', ...more };
}

/**
 * The hosting API as main.ts boots it, in-process on a private database and Redis prefix;
 * `overrides` are environment variables (hosting's own too, e.g. HOSTING_DATA_DIR), which the
 * suite's workers (startHostingWorker) read as well.
 */
export async function startHostingTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<HostingTestApp> {
  // Suites share one loopback address: the per-IP limits are raised unless a suite tests them.
  const env = await createTestEnv(label, { RATE_LIMIT_IP_MULTIPLIER: '100', ...overrides });
  const booted = await bootInProcessServiceApp(
    env,
    HostingAppModule.forRoot(loadHostingConfig(hostingEnv(env))),
    'Hosting',
  );
  const { inject } = booted;
  return {
    ...booted,
    settled: (operationId, cred, timeoutMs = 20_000) =>
      waitFor(
        async () => {
          const res = await inject({
            method: 'GET',
            url: `/v1/hosting/app-operations/${operationId}`,
            headers: cred.headers,
          });
          const body = res.json() as AppOperationResponse;
          return body.status === 'COMPLETED' || body.status === 'FAILED' ? body : undefined;
        },
        { what: `app operation ${operationId} to complete or fail`, timeoutMs },
      ),
  };
}

/** A hosting test app with a private HOSTING_DATA_DIR, for suites that import and build apps. */
export interface BuildingHostingTestApp extends HostingTestApp {
  readonly dataDir: string;
}

/**
 * startHostingTestApp with a fresh HOSTING_DATA_DIR under the system tmp (removed by close) and
 * HOSTING_NPM_OFFLINE=true; `overrides` as for startHostingTestApp.
 */
export async function startBuildingHostingTestApp(
  label: string,
  overrides: Record<string, string> = {},
): Promise<BuildingHostingTestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `${label}-`));
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  let t: HostingTestApp;
  try {
    t = await startHostingTestApp(label, {
      HOSTING_DATA_DIR: dataDir,
      HOSTING_NPM_OFFLINE: 'true',
      ...overrides,
    });
  } catch (err) {
    await removeDataDir();
    throw err;
  }
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      await removeDataDir();
    },
  };
}

export type HostingWorkerHarness = WorkerHarness;

export interface StartHostingWorkerOptions extends HostingWorkerOptions {
  /** Environment variables of this worker on top of the suite's (e.g. HOSTING_APP_EGRESS). */
  readonly overrides?: Record<string, string>;
}

/** The hosting worker as worker.ts boots it, in-process, with the suite's environment (`env.env`). */
export function startHostingWorker(
  env: TestEnv,
  { overrides = {}, ...options }: StartHostingWorkerOptions = {},
): Promise<HostingWorkerHarness> {
  return startWorkerHarness(
    HostingWorkerModule.forRoot(loadHostingWorkerConfig(hostingEnv(env, overrides)), options),
    HostingAppsProcessor,
    'Hosting worker',
  );
}

/** startHostingTestApp, then startHostingWorker on its environment. */
export async function startHostingWithWorker(
  label: string,
  overrides: Record<string, string> = {},
): Promise<{ t: HostingTestApp; worker: HostingWorkerHarness }> {
  const t = await startHostingTestApp(label, overrides);
  return { t, worker: await startHostingWorker(t.env) };
}

/** Closes the worker (it stops every app process it runs), then the API; either may be unset. */
export async function closeWorkerThenApp(
  worker: HostingWorkerHarness | undefined,
  t: HostingTestApp | undefined,
): Promise<void> {
  await worker?.close();
  await t?.close();
}
