import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import type { FailureResponse } from '../src/modules/failures/failure.response';
import type { ImportOperationResponse } from '../src/modules/imports/imports.response';
import { ResourceBounds } from '../src/modules/runtime/sandbox/resource-bounds';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import { createHostingApp, importArchive } from './support/hosting-flows';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';

const APP_MEMORY_MB = 256;

/** What bounds the sandboxes on this host (cgroup v1 on these machines; the watchdog elsewhere). */
const MECHANISM = ResourceBounds.detect({
  mode: 'auto',
  pidsMax: 512,
  cpuMillicores: 1000,
  cpuShares: 512,
  watchdogEveryMs: 250,
}).mechanism;

describe(`resource bounds of sandboxed apps (${MECHANISM}; real Postgres, Redis, npm, sandboxes)`, () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startBuildingHostingTestApp('hosting-resources', {
      HOSTING_APP_MEMORY_MB: String(APP_MEMORY_MB),
      HOSTING_APP_FAIL_AFTER_CRASHES: '2',
    });
    worker = await startHostingWorker(t.env);
    cred = await t.newCredential([...ALL_HOSTING_SCOPES, 'hosting.source:write']);
  }, 30_000);

  afterAll(() => closeWorkerThenApp(worker, t));

  const importFixture = async (appId: string, fixture: string): Promise<ImportOperationResponse> =>
    importArchive(t, cred, appId, await zipOf(await fixtureFiles(fixture)), { timeoutMs: 90_000 });

  const status = async (appId: string) =>
    (
      await t.inject({ method: 'GET', url: `/v1/hosting/apps/${appId}/status`, headers: cred.headers })
    ).json() as AppStatusResponse;

  it('an app allocating 1 GB off-heap against a 256 MB bound is stopped with phase RESOURCES while the platform keeps serving', async () => {
    const appId = await createHostingApp(t, cred, 'off-heap');
    const started = Date.now();
    const importing = importFixture(appId, 'runtime-off-heap');
    // The platform answers throughout (each answer within its own deadline).
    let answers = 0;
    let settled = false;
    void importing.finally(() => (settled = true));
    while (!settled) {
      const res = await t.inject({ method: 'GET', url: `/v1/hosting/apps/${appId}`, headers: cred.headers });
      expect(res.statusCode).toBe(200);
      answers += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const done = await importing;
    expect(answers).toBeGreaterThan(0);
    expect(done.status).toBe('FAILED');
    const failure = done.error?.failure as FailureResponse;
    expect(failure).toMatchObject({ phase: 'RESOURCES', code: 'OUT_OF_MEMORY' });
    expect(failure.firstError).toMatch(/^out of memory: /);
    expect(failure.firstError).toContain(`(${MECHANISM}`);
    expect(failure.firstError).toContain(`${APP_MEMORY_MB} MB`);
    expect(done.logs?.some((l) => l.includes('still running'))).toBe(false);
    console.log(
      `off-heap app stopped (${MECHANISM}) after ${Date.now() - started} ms of import: ${failure.firstError}`,
    );
  }, 120_000);

  it('an app allocating well under its bound keeps running', async () => {
    const appId = await createHostingApp(t, cred, 'under-bound');
    const done = await importFixture(appId, 'runtime-under-bound');
    expect(done.status).toBe('COMPLETED');
    const variant = (await status(appId)).variants.find((v) => v.variant === 'PREVIEW');
    expect(variant?.state).toBe('RUNNING');
    const ask = async () =>
      (await (await fetch(`http://127.0.0.1:${variant?.port ?? 0}/`)).json()) as {
        instance: string;
        allocatedMb: number;
      };
    const first = await waitFor(async () => ((await ask()).allocatedMb === 64 ? ask() : undefined), {
      what: 'the app holding 64 MB',
      timeoutMs: 20_000,
    });
    // For 3 s after it allocated (a dozen watchdog samples, a status sync) every answer comes
    // from that same instance.
    const until = Date.now() + 3000;
    while (Date.now() < until) expect(await ask()).toEqual(first);
    expect((await status(appId)).variants.find((v) => v.variant === 'PREVIEW')?.state).toBe('RUNNING');
  }, 120_000);
});
