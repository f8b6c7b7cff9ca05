import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type {
  AppStatusResponse,
  VariantStatusResponse,
} from '../src/modules/app-runtime/app-status.response';
import type { ApplicationResponse } from '../src/modules/apps/apps.response';
import type { DeploymentResponse } from '../src/modules/deployments/deployments.response';
import type { ReleasePageResponse } from '../src/modules/releases/releases.response';
import type { RestartAcceptedResponse, RestartResponse } from '../src/modules/restarts/restarts.response';
import { processAlive } from '../src/modules/runtime/process-group';
import { appProcesses } from './support/app-processes';
import { fixtureFiles, zipOf } from './support/fixture-archives';
import { createHostingApp, importArchive } from './support/hosting-flows';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';
import { startHostedLoad } from './support/hosted-load';

const SCOPES: Scope[] = [...ALL_HOSTING_SCOPES, 'hosting.source:write', 'hosting.deployment:execute'];

interface AppAnswer {
  instance: string;
  cwd: string;
}

const JSON_PATCH = 'application/json-patch+json';
const HEALTH = { path: '/healthz', intervalS: 1, timeoutS: 1, graceS: 2 };

/** How long a load's first answers may take on a loaded machine (CI saw 40 answers take over 15 s). */
const LOAD_WAIT_MS = 60_000;

describe('hosting instances, health-gated deploys and restarts (real Postgres, Redis, sandboxes, HTTP through /hosted)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let hostedBase: string;
  let cred: TestCredential;

  beforeAll(async () => {
    // A health check that never passes fails within 20 s instead of the default 30.
    t = await startBuildingHostingTestApp('hosting-instances', { HOSTING_APP_STARTUP_TIMEOUT_MS: '20000' });
    worker = await startHostingWorker(t.env);
    await worker.app.listen(0, '127.0.0.1');
    hostedBase = await worker.app.getUrl();
  }, 30_000);

  beforeEach(async () => {
    cred = await t.newCredential(SCOPES);
  });

  afterAll(() => closeWorkerThenApp(worker, t));

  const patch = (appId: string, body: unknown, c = cred, contentType = JSON_PATCH) =>
    t.inject({
      method: 'PATCH',
      url: `/v1/hosting/apps/${appId}`,
      headers: { ...c.headers, 'content-type': contentType },
      payload: JSON.stringify(body),
    });

  async function status(appId: string, variant: 'PREVIEW' | 'PUBLISH'): Promise<VariantStatusResponse> {
    const res = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${appId}/status`,
      headers: cred.headers,
    });
    expect(res.statusCode).toBe(200);
    const found = (res.json() as AppStatusResponse).variants.find((v) => v.variant === variant);
    if (!found) throw new Error(`no ${variant}`);
    return found;
  }

  async function attach(appId: string): Promise<void> {
    const attached = await t.inject({
      method: 'PUT',
      url: `/v1/hosting/apps/${appId}/subscription`,
      headers: cred.headers,
      payload: {},
    });
    expect(attached.statusCode).toBe(200);
  }

  async function appWithImport(fixture = 'runtime-http'): Promise<string> {
    const appId = await createHostingApp(t, cred, 'instances');
    await attach(appId);
    await importFixture(appId, fixture);
    return appId;
  }

  async function importFixture(appId: string, fixture: string): Promise<void> {
    const done = await importArchive(t, cred, appId, await zipOf(await fixtureFiles(fixture)));
    expect([done.status, done.error]).toEqual(['COMPLETED', undefined]);
  }

  async function deploy(appId: string): Promise<DeploymentResponse> {
    const res = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/deployments`,
      headers: cred.headers,
    });
    expect(res.statusCode).toBe(202);
    return settled(appId, (res.json() as DeploymentResponse).deploymentId);
  }

  /** A deployment (or rollback) polled until it is no longer EXECUTING. */
  async function settled(appId: string, deploymentId: string): Promise<DeploymentResponse> {
    return waitFor(
      async () => {
        const poll = await t.inject({
          method: 'GET',
          url: `/v1/hosting/apps/${appId}/deployments/${deploymentId}`,
          headers: cred.headers,
        });
        const body = poll.json() as DeploymentResponse;
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: `deployment ${deploymentId}`, timeoutMs: 90_000 },
    );
  }

  const hosted = async (appId: string, variant: 'preview' | 'publish'): Promise<AppAnswer> => {
    const res = await fetch(`${hostedBase}/hosted/${appId}/${variant}/`);
    expect(res.status).toBe(200);
    return (await res.json()) as AppAnswer;
  };

  describe('PATCH /v1/hosting/apps/{appId}', () => {
    it('sets instances and health checks per variant and renames; GET shows them; remove goes back to no check', async () => {
      const appId = await createHostingApp(t, cred, 'settings');
      const res = await patch(appId, [
        { op: 'replace', path: '/name', value: 'renamed' },
        { op: 'replace', path: '/variants/publish/instances', value: 3 },
        { op: 'add', path: '/variants/publish/healthCheck', value: { path: '/healthz' } },
      ]);
      expect(res.statusCode).toBe(200);
      const body = res.json() as ApplicationResponse;
      expect(body.name).toBe('renamed');
      expect(body.variants).toEqual([
        expect.objectContaining({ variant: 'PREVIEW', instances: 1, healthCheck: null }),
        expect.objectContaining({
          variant: 'PUBLISH',
          instances: 3,
          healthCheck: { path: '/healthz', intervalS: 2, timeoutS: 2, graceS: 10 },
        }),
      ]);
      const got = await t.inject({ method: 'GET', url: `/v1/hosting/apps/${appId}`, headers: cred.headers });
      expect((got.json() as ApplicationResponse).variants).toEqual(body.variants);
      expect((await status(appId, 'PUBLISH')).desiredInstances).toBe(3);

      const removed = await patch(appId, [{ op: 'remove', path: '/variants/publish/healthCheck' }]);
      expect((removed.json() as ApplicationResponse).variants[1].healthCheck).toBeNull();
    });

    it.each([
      [[{ op: 'replace', path: '/variants/publish/instances', value: 11 }], '/0/value', 'INVALID_INSTANCES'],
      [[{ op: 'replace', path: '/variants/preview/instances', value: 0 }], '/0/value', 'INVALID_INSTANCES'],
      [
        [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: '/h', intervalS: 61 } }],
        '/0/value/intervalS',
        'INVALID_HEALTH_CHECK',
      ],
      [
        [{ op: 'add', path: '/variants/publish/healthCheck', value: { path: 'no-slash' } }],
        '/0/value/path',
        'INVALID_HEALTH_CHECK',
      ],
      [[{ op: 'replace', path: '/rootPath', value: '/' }], '/0/path', 'UNSUPPORTED_OPERATION'],
      [[], '', 'INVALID_PATCH'],
    ])('refuses %j with 400 naming the field, changing nothing', async (body, field, issue) => {
      const appId = await createHostingApp(t, cred, 'settings');
      const res = await patch(appId, body);
      expect(res.statusCode).toBe(400);
      const error = res.json() as { details: { field?: string; issue: string }[] };
      expect(error.details[0]).toMatchObject({ issue, ...(field ? { field } : {}) });
      const got = await t.inject({ method: 'GET', url: `/v1/hosting/apps/${appId}`, headers: cred.headers });
      expect((got.json() as ApplicationResponse).variants.map((v) => v.instances)).toEqual([1, 1]);
    });

    it('answers 415 for another media type, 404 for another account’s app, 403 without hosting.application:update', async () => {
      const appId = await createHostingApp(t, cred, 'settings');
      const ops = [{ op: 'replace', path: '/variants/publish/instances', value: 2 }];
      expect((await patch(appId, ops, cred, 'application/json')).statusCode).toBe(415);
      const other = await t.newCredential(SCOPES);
      expect((await patch(appId, ops, other)).statusCode).toBe(404);
      const readOnly = await t.newCredential(['hosting.application:read']);
      expect((await patch(appId, ops, readOnly)).statusCode).toBe(403);
    });
  });

  /** The process groups the worker's pid file records for the variant (`<dataDir>/run/<workerId>/`). */
  const recordedGroups = async (appId: string, variant: string): Promise<number[]> => {
    const run = join(t.dataDir, 'run');
    for (const workerDir of await readdir(run).catch(() => [] as string[])) {
      const text = await readFile(join(run, workerDir, `${appId}.${variant}.json`), 'utf8').catch(() => null);
      if (text !== null) return (JSON.parse(text) as { pids: number[] }).pids;
    }
    return [];
  };

  it('three instances share the traffic through /hosted; a SIGKILLed one restarts, the status shows it, every request succeeds', async () => {
    const appId = await createHostingApp(t, cred, 'three');
    expect(
      (await patch(appId, [{ op: 'replace', path: '/variants/preview/instances', value: 3 }])).statusCode,
    ).toBe(200);
    await attach(appId);
    await importFixture(appId, 'runtime-http');

    const load = startHostedLoad(`${hostedBase}/hosted/${appId}/preview/`, 'three instances, one SIGKILLed');
    const shared = await waitFor(
      async () => (await status(appId, 'PREVIEW')).instances.length === 3 || undefined,
      {
        what: 'three instances recorded',
      },
    );
    expect(shared).toBe(true);
    const { cwd } = await hosted(appId, 'preview');
    const pids = appProcesses(cwd);
    expect(pids).toHaveLength(3);
    await waitFor(() => load.count() > 60 || undefined, { what: 'some load', timeoutMs: LOAD_WAIT_MS });
    process.kill(pids[1], 'SIGKILL');

    const restarted = await waitFor(
      async () => {
        const s = await status(appId, 'PREVIEW');
        const instance = s.instances.find((i) => i.restarts >= 1);
        return instance && s.instances.every((i) => i.state === 'RUNNING') ? instance : undefined;
      },
      { what: 'the killed instance restarted and recorded', timeoutMs: 20_000 },
    );
    expect(restarted.lastSignal).toBe('SIGKILL');
    expect(appProcesses(cwd)).toHaveLength(3);
    // The worker's pid file names the process group of every instance, the relaunched one's new
    // group included, so a worker that finds this one dead ends all three (runtime-pid-files.ts).
    await waitFor(
      async () => {
        const groups = await recordedGroups(appId, 'PREVIEW');
        return groups.length === 3 && groups.every((pid) => processAlive(pid)) && !groups.includes(pids[1]);
      },
      { what: 'the pid file to list the three live instances' },
    );
    const before = load.count();
    await waitFor(() => load.count() > before + 60 || undefined, {
      what: 'load after the restart',
      timeoutMs: LOAD_WAIT_MS,
    });
    const result = await load.stop();
    expect(result.failures).toEqual({});
    // Round robin: every instance answered (the restarted one with a new process).
    expect(result.instances.size).toBeGreaterThanOrEqual(3);
  }, 180_000);

  it('a change of instances applies to the running variant within the sync, without restarting the instance that stays', async () => {
    const appId = await appWithImport();
    const recorded = (count: number) =>
      waitFor(
        async () => {
          const s = await status(appId, 'PREVIEW');
          return s.instances.length === count && s.instances.every((i) => i.state === 'RUNNING')
            ? s
            : undefined;
        },
        { what: `${count} PREVIEW instance(s) recorded`, timeoutMs: 30_000 },
      );
    const one = await recorded(1);
    expect(
      (await patch(appId, [{ op: 'replace', path: '/variants/preview/instances', value: 2 }])).statusCode,
    ).toBe(200);
    const two = await recorded(2);
    expect(two.instances[0].id).toBe(one.instances[0].id);
    expect(
      (await patch(appId, [{ op: 'replace', path: '/variants/preview/instances', value: 1 }])).statusCode,
    ).toBe(200);
    expect((await recorded(1)).instances[0].id).toBe(one.instances[0].id);
  }, 120_000);

  it('a deploy and then a rollback under 20 connections through /hosted cost 0 non-2xx answers; traffic moves to the new build, then back to the first', async () => {
    const appId = await appWithImport();
    expect((await deploy(appId)).status).toBe('COMPLETED');
    const old = await hosted(appId, 'publish');
    await importFixture(appId, 'runtime-http'); // a new build in PREVIEW

    const load = startHostedLoad(`${hostedBase}/hosted/${appId}/publish/`, 'deploy under load');
    await waitFor(() => load.count() > 40 || undefined, {
      what: 'load before the deploy',
      timeoutMs: LOAD_WAIT_MS,
    });
    const done = await deploy(appId);
    expect(done).toMatchObject({ status: 'COMPLETED', noOp: false });
    const after = load.count();
    await waitFor(() => load.count() > after + 40 || undefined, {
      what: 'load after the deploy',
      timeoutMs: LOAD_WAIT_MS,
    });
    const result = await load.stop();
    expect(result.failures).toEqual({});
    const latest = await hosted(appId, 'publish');
    expect(latest.cwd).not.toBe(old.cwd);
    expect(appProcesses(old.cwd)).toHaveLength(0); // the old instance was drained and stopped

    // A rollback to the first release starts its build through the same gate: 0 non-2xx either.
    const releases = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${appId}/releases?variant=PUBLISH`,
      headers: cred.headers,
    });
    const first = (releases.json() as ReleasePageResponse).items.find((r) => r.version === 1);
    const back = startHostedLoad(`${hostedBase}/hosted/${appId}/publish/`, 'rollback under load');
    await waitFor(() => back.count() > 40 || undefined, {
      what: 'load before the rollback',
      timeoutMs: LOAD_WAIT_MS,
    });
    const accepted = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/rollback`,
      headers: { ...cred.headers, 'content-type': 'application/json' },
      payload: { variant: 'PUBLISH', releaseId: first?.releaseId },
    });
    expect(accepted.statusCode).toBe(202);
    const rolledBack = await settled(appId, (accepted.json() as DeploymentResponse).deploymentId);
    expect(rolledBack).toMatchObject({ status: 'COMPLETED', noOp: false });
    const afterRollback = back.count();
    await waitFor(() => back.count() > afterRollback + 40 || undefined, {
      what: 'load after the rollback',
      timeoutMs: LOAD_WAIT_MS,
    });
    expect((await back.stop()).failures).toEqual({});
    expect((await hosted(appId, 'publish')).cwd).toBe(old.cwd); // the first release's build again
    expect(appProcesses(latest.cwd)).toHaveLength(0);
  }, 240_000);

  it('a release whose health check never passes ends FAILED in phase HEALTH_CHECK, and the old one keeps answering', async () => {
    const appId = await appWithImport();
    expect(
      (await patch(appId, [{ op: 'add', path: '/variants/publish/healthCheck', value: HEALTH }])).statusCode,
    ).toBe(200);
    expect((await deploy(appId)).status).toBe('COMPLETED');
    const old = await hosted(appId, 'publish');

    await importFixture(appId, 'runtime-unhealthy');
    const load = startHostedLoad(
      `${hostedBase}/hosted/${appId}/publish/`,
      'failed health check under load',
      5,
    );
    const failed = await deploy(appId);
    const result = await load.stop();
    expect(failed.status).toBe('FAILED');
    expect(failed.error?.failure).toMatchObject({
      phase: 'HEALTH_CHECK',
      code: 'HEALTH_CHECK_FAILED',
      firstError: 'GET /healthz: HTTP 500',
    });
    expect(result.failures).toEqual({});
    expect(result.bodies.every((b) => (b as AppAnswer).cwd === old.cwd)).toBe(true);
    expect((await hosted(appId, 'publish')).instance).toBe(old.instance);
    expect(await status(appId, 'PUBLISH')).toMatchObject({ state: 'RUNNING' });
  }, 180_000);

  describe('POST /v1/hosting/apps/{appId}/restarts', () => {
    const restart = (appId: string, body: unknown, headers: Record<string, string> = {}, c = cred) =>
      t.inject({
        method: 'POST',
        url: `/v1/hosting/apps/${appId}/restarts`,
        headers: { ...c.headers, ...headers },
        payload: body as object,
      });

    const settledRestart = (location: string) =>
      waitFor(
        async () => {
          const res = await t.inject({ method: 'GET', url: location, headers: cred.headers });
          expect(res.statusCode).toBe(200);
          const body = res.json() as RestartResponse;
          return body.status === 'EXECUTING' ? undefined : body;
        },
        { what: `restart ${location}`, timeoutMs: 90_000 },
      );

    it('restarts the instances one at a time under 20 connections with 0 non-2xx answers; every instance is new', async () => {
      const appId = await appWithImport();
      expect(
        (await patch(appId, [{ op: 'replace', path: '/variants/publish/instances', value: 2 }])).statusCode,
      ).toBe(200);
      expect((await deploy(appId)).status).toBe('COMPLETED');
      const before = await waitFor(
        async () => {
          const s = await status(appId, 'PUBLISH');
          return s.instances.length === 2 && s.instances.every((i) => i.state === 'RUNNING') ? s : undefined;
        },
        { what: 'two PUBLISH instances recorded' },
      );

      const load = startHostedLoad(`${hostedBase}/hosted/${appId}/publish/`, 'restart under load');
      await waitFor(() => load.count() > 40 || undefined, {
        what: 'load before the restart',
        timeoutMs: LOAD_WAIT_MS,
      });
      const key = randomUUID();
      const accepted = await restart(appId, { variant: 'publish' }, { 'idempotency-key': key });
      expect(accepted.statusCode).toBe(202);
      const body = accepted.json() as RestartAcceptedResponse;
      expect(body).toMatchObject({ appId, restart: { variant: 'PUBLISH', status: 'EXECUTING' } });
      expect(body.variants.map((v) => v.variant)).toEqual(['PREVIEW', 'PUBLISH']);
      const location = `/v1/hosting/apps/${appId}/restarts/${body.restart.restartId}`;
      expect(accepted.headers.location).toBe(location);
      expect(body.restart.links[0]).toEqual({ rel: 'self', href: location });
      // The same key and body: the same restart, not a second one.
      const replay = await restart(appId, { variant: 'publish' }, { 'idempotency-key': key });
      expect((replay.json() as RestartAcceptedResponse).restart.restartId).toBe(body.restart.restartId);

      expect(await settledRestart(location)).toMatchObject({ status: 'COMPLETED' });
      const after = load.count();
      await waitFor(() => load.count() > after + 40 || undefined, {
        what: 'load after the restart',
        timeoutMs: LOAD_WAIT_MS,
      });
      const result = await load.stop();
      expect(result.failures).toEqual({});
      const now = await waitFor(
        async () => {
          const s = await status(appId, 'PUBLISH');
          return s.instances.length === 2 && s.instances.every((i) => i.state === 'RUNNING') ? s : undefined;
        },
        { what: 'two new PUBLISH instances recorded' },
      );
      const oldIds = before.instances.map((i) => i.id);
      expect(now.instances.map((i) => i.index)).toEqual([0, 1]);
      expect(now.instances.every((i) => !oldIds.includes(i.id))).toBe(true);
    }, 180_000);

    it('answers 400 for a bad variant, 422 when the variant runs nothing, 404 for another account, 403 without hosting.deployment:execute', async () => {
      const appId = await appWithImport();
      const bad = await restart(appId, { variant: 'staging' });
      expect(bad.statusCode).toBe(400);
      expect((await restart(appId, {})).statusCode).toBe(400);
      const nothing = await restart(appId, { variant: 'PUBLISH' });
      expect(nothing.statusCode).toBe(422);
      expect((nothing.json() as { name: string }).name).toBe('VARIANT_NOT_RUNNING');
      expect(
        (await restart(appId, { variant: 'PREVIEW' }, {}, await t.newCredential(SCOPES))).statusCode,
      ).toBe(404);
      const readOnly = await t.newCredential(['hosting.application:read']);
      expect((await restart(appId, { variant: 'PREVIEW' }, {}, readOnly)).statusCode).toBe(403);
      const unknown = await t.inject({
        method: 'GET',
        url: `/v1/hosting/apps/${appId}/restarts/${randomUUID()}`,
        headers: cred.headers,
      });
      expect(unknown.statusCode).toBe(404);
    }, 120_000);
  });
});
