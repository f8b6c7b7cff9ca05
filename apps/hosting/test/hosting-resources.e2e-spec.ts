import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type {
  AppStatusResponse,
  VariantStatusResponse,
} from '../src/modules/app-runtime/app-status.response';
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
      // The instance.crashed case subscribes a webhook on loopback (its deliveries fail, unread).
      HOSTING_WEBHOOK_ALLOW: '127.0.0.1',
    });
    worker = await startHostingWorker(t.env);
    cred = await t.newCredential([...ALL_HOSTING_SCOPES, 'hosting.source:write']);
  }, 90_000);

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

  const preview = async (appId: string): Promise<VariantStatusResponse> => {
    const variant = (await status(appId)).variants.find((v) => v.variant === 'PREVIEW');
    if (!variant) throw new Error(`no PREVIEW variant in the status of ${appId}`);
    return variant;
  };

  /** The app's instance id (a relaunch changes it), asked on the variant's port. */
  const instanceOf = async (appId: string): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${(await preview(appId)).port ?? 0}/`);
    return ((await res.json()) as { instance: string }).instance;
  };

  /** GET /grow: the app allocates off-heap until its bound ends it (the request then fails). */
  const grow = async (appId: string): Promise<void> => {
    const port = (await preview(appId)).port ?? 0;
    await fetch(`http://127.0.0.1:${port}/grow`).then(
      async (res) => {
        throw new Error(`the app answered /grow (${await res.text()}): its memory bound did not hold`);
      },
      () => undefined, // its connection ends with it
    );
  };

  it('a running app that goes over its bound later ends OUT_OF_MEMORY, restarts, and is FAILED after HOSTING_APP_FAIL_AFTER_CRASHES (2)', async () => {
    const hook = await t.inject({
      method: 'POST',
      url: '/v1/hosting/webhooks',
      headers: cred.headers,
      payload: { url: 'http://127.0.0.1:9/hook', events: ['instance.crashed'] },
    });
    expect(hook.statusCode).toBe(201);
    const appId = await createHostingApp(t, cred, 'grows');
    expect((await importFixture(appId, 'runtime-grows')).status).toBe('COMPLETED');
    // The sync has seen the running instance (its memory sampled): its crashes are reported from here.
    const running = await waitFor(
      async () => {
        const v = await preview(appId);
        return v.state === 'RUNNING' && v.instances[0]?.memoryMb != null ? v : undefined;
      },
      { what: 'the running instance with its memory sampled', timeoutMs: 20_000 },
    );
    expect(running).toMatchObject({ failure: null, memoryLimitMb: APP_MEMORY_MB });
    expect(running.instances[0]).toMatchObject({ restarts: 0, lastExit: null });
    const first = await instanceOf(appId);

    await grow(appId);
    const crashed = await waitFor(
      async () => {
        const v = await preview(appId);
        return v.failure && (v.instances[0]?.restarts ?? 0) >= 1 ? v : undefined;
      },
      { what: 'the status showing the OOM and a restart', timeoutMs: 60_000 },
    );
    expect(crashed.failure).toMatchObject({ phase: 'RESOURCES', code: 'OUT_OF_MEMORY' });
    expect(crashed.failure?.firstError).toMatch(/^out of memory: /);
    expect(crashed.failure?.firstError).toContain(`${APP_MEMORY_MB} MB`);
    expect(crashed.failure?.hint).toContain(`${APP_MEMORY_MB} MB`);
    expect(crashed.instances[0]).toMatchObject({ lastExit: 'out of memory' });
    expect(crashed.memoryLimitMb).toBe(APP_MEMORY_MB);
    // The relaunched instance is another process, and it serves again.
    const second = await waitFor(
      async () =>
        (await preview(appId)).state === 'RUNNING' ? instanceOf(appId).catch(() => undefined) : undefined,
      { what: 'the relaunched instance answering', timeoutMs: 60_000 },
    );
    expect(second).not.toBe(first);
    // instance.crashed says why, in the transaction that recorded the crash.
    const events: { payload: { data: Record<string, unknown> } }[] = await t.dataSource.query(
      `SELECT payload FROM hosting.webhook_events WHERE app_id = $1 AND type = 'instance.crashed' ORDER BY sequence`,
      [appId],
    );
    expect(events.length).toBeGreaterThanOrEqual(1);
    expect(events[0]?.payload.data).toMatchObject({
      variant: 'PREVIEW',
      reason: 'out of memory',
      failure: { phase: 'RESOURCES', code: 'OUT_OF_MEMORY' },
    });

    // The second crash in a row (within the reset period) ends the variant FAILED with that failure.
    await grow(appId);
    const failed = await waitFor(
      async () => {
        const v = await preview(appId);
        return v.state === 'FAILED' ? v : undefined;
      },
      { what: 'the variant FAILED', timeoutMs: 60_000 },
    );
    expect(failed.failure).toMatchObject({ phase: 'RESOURCES', code: 'OUT_OF_MEMORY' });
    expect(failed.error).toMatch(/^out of memory: .*2 crashes in a row, not restarting$/);
    expect(failed.instances[0]).toMatchObject({ state: 'FAILED', lastExit: 'out of memory', memoryMb: null });
  }, 150_000);

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
    // The status shows its usage against the bound: the 64 MB it holds, within 256 MB.
    const usage = await waitFor(
      async () => {
        const v = await preview(appId);
        return (v.instances[0]?.memoryMb ?? 0) >= 64 ? v : undefined;
      },
      { what: 'the status showing the 64 MB it holds', timeoutMs: 20_000 },
    );
    expect(usage.memoryLimitMb).toBe(APP_MEMORY_MB);
    const memoryMb = usage.instances[0]?.memoryMb;
    expect(typeof memoryMb).toBe('number');
    expect(memoryMb).toBeGreaterThan(0);
    expect(memoryMb).toBeLessThanOrEqual(usage.memoryLimitMb ?? 0);
    expect(usage).toMatchObject({ state: 'RUNNING', failure: null });
    console.log(`under-bound app: ${memoryMb} MB of ${usage.memoryLimitMb} MB (${MECHANISM})`);
  }, 120_000);
});
