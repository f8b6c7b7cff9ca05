import { isDeepStrictEqual } from 'node:util';
import { randomUUID } from 'node:crypto';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import { AppRuntimeManager } from '../src/modules/app-runtime/app-runtime-manager.service';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import type { ApplicationResponse } from '../src/modules/apps/apps.response';
import type {
  DeploymentLogsResponse,
  DeploymentResponse,
  NodejsDeploymentListResponse,
  NodejsDeploymentResponse,
} from '../src/modules/deployments/deployments.response';
import type { ImportOperationResponse } from '../src/modules/imports/imports.response';
import type {
  NodejsAppListResponse,
  NodejsAppResponse,
  NodejsJobStatusResponse,
} from '../src/modules/nodejs/nodejs-apps.response';
import type { SubscriptionAttachmentResponse } from '../src/modules/subscriptions/subscriptions.response';
import { archiveUpload, fixtureFiles, tarGzOf, zipOf } from './support/fixture-archives';
import { createHostingApp, importArchive } from './support/hosting-flows';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';

const SCOPES: Scope[] = [
  ...ALL_HOSTING_SCOPES,
  'hosting.source:write',
  'hosting.secret:write',
  'hosting.deployment:execute',
  'hosting.paas.code:write',
  'hosting.paas.secrets:write',
  'hosting.paas.deploy:execute',
];

interface CommerceError {
  name: string;
  details: { issue: string; field?: string; location: string }[];
}

interface AppAnswer {
  greeting: string | null;
  pid: number;
  instance: string;
  cwd: string;
  method: string;
  url: string;
  forwardedPrefix: string | null;
  body: string;
}

describe('hosting deployments: preview → PUBLISH on both namespaces (real Postgres, Redis, npm, child processes)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startBuildingHostingTestApp('hosting-deployments');
    worker = await startHostingWorker(t.env);
  }, 30_000);

  // Each test is its own account: a plan holds 5 apps.
  beforeEach(async () => {
    cred = await t.newCredential(SCOPES);
  });

  afterAll(() => closeWorkerThenApp(worker, t)); // the worker stops every app process; close removes the data dir

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, c = cred) =>
    t.inject({
      method,
      url,
      headers: c.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const createApp = (c = cred): Promise<string> => createHostingApp(t, c, 'deployed');

  async function attach(appId: string, c = cred): Promise<SubscriptionAttachmentResponse> {
    const res = await call('PUT', `/v1/hosting/apps/${appId}/subscription`, {}, c);
    expect(res.statusCode).toBe(200);
    return res.json() as SubscriptionAttachmentResponse;
  }

  async function setSecret(appId: string, variant: string, name: string, value: string, nodejs = false) {
    const res = await t.inject({
      method: 'PATCH',
      url: nodejs
        ? `/v1/hosting/nodejs/apps/${appId}/secrets?variant=${variant.toLowerCase()}`
        : `/v1/hosting/apps/${appId}/secrets?variant=${variant}`,
      headers: { ...cred.headers, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'add', path: `/${name}`, value }]),
    });
    expect(res.statusCode).toBe(200);
  }

  async function importFixture(
    appId: string,
    fixture: string,
    tarGz = false,
  ): Promise<ImportOperationResponse> {
    const data = tarGz ? await tarGzOf(fixture) : await zipOf(await fixtureFiles(fixture));
    const done = await importArchive(t, cred, appId, data, { fileName: tarGz ? 'app.tar.gz' : 'app.zip' });
    expect(done.status).toBe('COMPLETED');
    return done;
  }

  async function deploy(appId: string, headers: Record<string, string> = {}): Promise<DeploymentResponse> {
    const res = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/deployments`,
      headers: { ...cred.headers, ...headers },
    });
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as DeploymentResponse;
    expect(res.headers.location).toBe(`/v1/hosting/apps/${appId}/deployments/${accepted.deploymentId}`);
    return accepted;
  }

  const settledDeployment = (appId: string, deploymentId: string, timeoutMs = 60_000) =>
    waitFor(
      async () => {
        const res = await call('GET', `/v1/hosting/apps/${appId}/deployments/${deploymentId}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as DeploymentResponse;
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: `deployment ${deploymentId}`, timeoutMs },
    );

  async function status(appId: string, nodejs = false): Promise<AppStatusResponse> {
    const res = await call('GET', `/v1/hosting${nodejs ? '/nodejs' : ''}/apps/${appId}/status`);
    expect(res.statusCode).toBe(200);
    return res.json() as AppStatusResponse;
  }

  async function variantAnswer(appId: string, variant: 'PREVIEW' | 'PUBLISH'): Promise<AppAnswer> {
    const port = (await status(appId)).variants.find((v) => v.variant === variant)?.port;
    if (!port) throw new Error(`${variant} of ${appId} has no port`);
    const res = await fetch(`http://127.0.0.1:${port}/`);
    expect(res.status).toBe(200);
    return (await res.json()) as AppAnswer;
  }

  it('/v1/hosting: create → attach → import → preview answers with its secret → deploy → publish answers with its own', async () => {
    const appId = await createApp();
    expect((await attach(appId)).appState).toBe('PREVIEW');
    await setSecret(appId, 'PREVIEW', 'GREETING', 'hello from preview');
    await setSecret(appId, 'PUBLISH', 'GREETING', 'hello from publish');
    const imported = await importFixture(appId, 'runtime-http');

    const preview = await variantAnswer(appId, 'PREVIEW');
    expect(preview.greeting).toBe('hello from preview');

    const accepted = await deploy(appId);
    expect(accepted).toMatchObject({ status: 'EXECUTING', appId, importId: imported.importId });
    expect(accepted.links.map((l) => l.rel)).toEqual(['self', 'logs', 'app', 'status']);
    const done = await settledDeployment(appId, accepted.deploymentId);
    expect(done).toMatchObject({ status: 'COMPLETED', noOp: false, importId: imported.importId });
    // The deployment's log starts with its import's build log, then says what it did.
    expect(done.logs?.slice(0, imported.logs?.length)).toEqual(imported.logs);
    expect(done.logs?.some((l) => / SYSTEM PUBLISH answers on port \d+$/.test(l))).toBe(true);

    const published = await variantAnswer(appId, 'PUBLISH');
    expect(published.greeting).toBe('hello from publish');
    expect(published.instance).not.toBe(preview.instance);
    expect(published.cwd).not.toBe(preview.cwd); // its own copy of the build
    expect((await variantAnswer(appId, 'PREVIEW')).instance).toBe(preview.instance); // preview untouched

    const publishStatus = (await status(appId)).variants.find((v) => v.variant === 'PUBLISH');
    expect(publishStatus).toMatchObject({
      state: 'RUNNING',
      desiredState: 'RUNNING',
      importId: imported.importId,
    });
    const subscription = await call('GET', `/v1/hosting/apps/${appId}/subscription`);
    expect((subscription.json() as SubscriptionAttachmentResponse).appState).toBe('PUBLISHED');

    const logs = await call('GET', `/v1/hosting/apps/${appId}/deployments/${accepted.deploymentId}/logs`);
    expect(logs.statusCode).toBe(200);
    const logBody = logs.json() as DeploymentLogsResponse;
    expect(logBody.deploymentId).toBe(accepted.deploymentId);
    expect(logBody.lines).toEqual(done.logs);
    expect(logBody.links).toEqual([
      { rel: 'self', href: `/v1/hosting/apps/${appId}/deployments/${accepted.deploymentId}/logs` },
      { rel: 'deployment', href: `/v1/hosting/apps/${appId}/deployments/${accepted.deploymentId}` },
    ]);

    // Republishing the same preview is a no-op: same result, the PUBLISH process is not restarted.
    const again = await settledDeployment(appId, (await deploy(appId)).deploymentId);
    expect(again).toMatchObject({ status: 'COMPLETED', noOp: true, importId: imported.importId });
    expect(again.logs?.some((l) => l.endsWith('nothing restarted'))).toBe(true);
    expect((await variantAnswer(appId, 'PUBLISH')).instance).toBe(published.instance);

    // A new import changes the preview only; the next deployment replaces PUBLISH.
    const second = await importFixture(appId, 'runtime-http', true);
    expect((await variantAnswer(appId, 'PUBLISH')).instance).toBe(published.instance);
    const redeployed = await settledDeployment(appId, (await deploy(appId)).deploymentId);
    expect(redeployed).toMatchObject({ status: 'COMPLETED', noOp: false, importId: second.importId });
    const republished = await variantAnswer(appId, 'PUBLISH');
    expect(republished.instance).not.toBe(published.instance);
    expect(republished.greeting).toBe('hello from publish');
  }, 180_000);

  it('earlier namespace: job → source → preview → deployments 200 → list → status; same apps as /v1/hosting', async () => {
    const created = await call('POST', '/v1/hosting/nodejs/apps', { name: 'earlier deployed' });
    expect(created.statusCode).toBe(202);
    const jobId = (created.json() as { jobId: string }).jobId;
    const job = await waitFor(
      async () => {
        const body = (
          await call('GET', `/v1/hosting/nodejs/apps/jobs/${jobId}`)
        ).json() as NodejsJobStatusResponse;
        return body.job.status === 'pending' ? undefined : body;
      },
      { what: `job ${jobId}` },
    );
    expect(job.job.status).toBe('active');
    const appId = job.job.appId;
    await attach(appId);
    await setSecret(appId, 'PUBLISH', 'GREETING', 'earlier publish', true);

    const upload = archiveUpload(await zipOf(await fixtureFiles('runtime-http')));
    const source = await t.inject({
      method: 'POST',
      url: `/v1/hosting/nodejs/apps/${appId}/source`,
      headers: { ...cred.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(source.statusCode).toBe(200);
    const uploadJob = (source.json() as { jobId: string }).jobId;
    await waitFor(
      async () => {
        const body = (
          await call('GET', `/v1/hosting/nodejs/apps/${appId}/source/status?jobId=${uploadJob}`)
        ).json() as {
          status: string;
        };
        return body.status === 'active' ? body : undefined;
      },
      { what: `source upload ${uploadJob}`, timeoutMs: 60_000 },
    );

    const posted = await call('POST', `/v1/hosting/nodejs/apps/${appId}/deployments`);
    expect(posted.statusCode).toBe(200);
    const record = posted.json() as NodejsDeploymentResponse;
    expect(record).toEqual({ deploymentId: expect.any(String), status: 'pending', commitHash: null });

    const list = await waitFor(
      async () => {
        const body = (
          await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments`)
        ).json() as NodejsDeploymentListResponse;
        return body.deployments[0]?.status === 'deployed' ? body : undefined;
      },
      { what: 'the deployment to be deployed', timeoutMs: 60_000 },
    );
    expect(list).toMatchObject({ totalCount: 1, hasMore: false });
    expect(list.deployments[0]).toMatchObject({ id: record.deploymentId, gitHash: null, errorMessage: null });
    expect((await variantAnswer(appId, 'PUBLISH')).greeting).toBe('earlier publish');

    // The same deployment through /v1/hosting.
    const v1 = await call('GET', `/v1/hosting/apps/${appId}/deployments/${record.deploymentId}`);
    expect((v1.json() as DeploymentResponse).status).toBe('COMPLETED');

    // A second (no-op) deployment: newest first, limit and hasMore.
    const second = (
      await call('POST', `/v1/hosting/nodejs/apps/${appId}/deployments`)
    ).json() as NodejsDeploymentResponse;
    const limited = (
      await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments?limit=1`)
    ).json() as NodejsDeploymentListResponse;
    expect(limited).toMatchObject({ totalCount: 2, hasMore: true });
    expect(limited.deployments.map((d) => d.id)).toEqual([second.deploymentId]);
    for (const limit of ['0', '51', 'x']) {
      const bad = await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments?limit=${limit}`);
      expect(bad.statusCode).toBe(400);
    }

    // The second deployment runs on: the variants it touches settle before the two namespaces'
    // statuses are compared (both reads must see the same rows).
    await waitFor(
      async () => {
        const r = await call('GET', `/v1/hosting/apps/${appId}/deployments/${second.deploymentId}`);
        return (r.json() as DeploymentResponse).status === 'COMPLETED';
      },
      { what: 'the second deployment to complete', timeoutMs: 60_000 },
    );
    // The worker may still write a variant's row just after (its RUNNING report, a new
    // updatedAt): the two namespaces must agree once the rows are still, read back to back.
    const earlierStatus = await waitFor(
      async () => {
        const earlier = await status(appId, true);
        return isDeepStrictEqual(earlier, await status(appId)) ? earlier : undefined;
      },
      { what: 'both namespaces to answer the same status', timeoutMs: 30_000 },
    );
    expect(earlierStatus.variants.map((v) => [v.variant, v.state])).toEqual([
      ['PREVIEW', 'RUNNING'],
      ['PUBLISH', 'RUNNING'],
    ]);

    const one = await call('GET', `/v1/hosting/nodejs/apps/${appId}`);
    expect(one.statusCode).toBe(200);
    expect(one.json() as NodejsAppResponse).toMatchObject({
      id: appId,
      name: 'earlier deployed',
      status: 'active',
    });
    const all = (await call('GET', '/v1/hosting/nodejs/apps?pageSize=100')).json() as NodejsAppListResponse;
    expect(all.apps.map((a) => a.id)).toContain(appId);
    const v1Ids = (
      (await call('GET', '/v1/hosting/apps?pageSize=100')).json() as { items: { id: string }[] }
    ).items.map((a) => a.id);
    expect(all.apps.map((a) => a.id)).toEqual(v1Ids);
  }, 180_000);

  it('a build that does not start in PUBLISH ends FAILED START_FAILED with logs saying why; the previous PUBLISH keeps answering, never stopped', async () => {
    const appId = await createApp();
    await attach(appId);
    await importFixture(appId, 'runtime-http');
    const first = await settledDeployment(appId, (await deploy(appId)).deploymentId);
    expect(first.status).toBe('COMPLETED');
    const before = await variantAnswer(appId, 'PUBLISH');

    // runtime-needs-secret starts only with MUST_HAVE, which PREVIEW has and PUBLISH has not.
    await setSecret(appId, 'PREVIEW', 'MUST_HAVE', 'yes');
    await importFixture(appId, 'runtime-needs-secret');
    const failed = await settledDeployment(appId, (await deploy(appId)).deploymentId, 120_000);
    expect(failed.status).toBe('FAILED');
    expect(failed.error?.code).toBe('START_FAILED');
    const logs = (
      (
        await call('GET', `/v1/hosting/apps/${appId}/deployments/${failed.deploymentId}/logs`)
      ).json() as DeploymentLogsResponse
    ).lines;
    expect(logs.some((l) => l.includes('SYSTEM the app did not start in PUBLISH'))).toBe(true);
    // The new build started beside the old one, which kept serving (docs/hosting.md, "Instances…").
    expect(logs.some((l) => l.includes('SYSTEM the previous PUBLISH build keeps serving'))).toBe(true);
    expect(logs[logs.length - 1]).toMatch(/SYSTEM deployment failed: START_FAILED: /);

    const after = await variantAnswer(appId, 'PUBLISH');
    expect(after.instance).toBe(before.instance); // the same process: never stopped
    expect(after.greeting).toBeNull(); // runtime-http, not runtime-needs-secret
  }, 180_000);

  it('app traffic: /hosted/{appId}/{preview|publish}/… on the worker reaches the variant; status and app report that URL', async () => {
    const appId = await createApp();
    await attach(appId);
    await setSecret(appId, 'PUBLISH', 'GREETING', 'published');
    await importFixture(appId, 'runtime-http');
    if (!worker) throw new Error('no worker');
    const workerApp = worker.app;
    const hosted = (method: 'GET' | 'POST', url: string, payload?: string) =>
      workerApp.inject({
        method,
        url,
        ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'text/plain' } }),
      });

    const preview = await hosted('GET', `/hosted/${appId}/preview/log?x=1&y=2`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json() as AppAnswer).toMatchObject({
      method: 'GET',
      url: '/log?x=1&y=2',
      forwardedPrefix: `/hosted/${appId}/preview`,
      greeting: null,
    });
    expect(((await hosted('GET', `/hosted/${appId}/preview`)).json() as AppAnswer).url).toBe('/');

    // Nothing runs in PUBLISH yet: 503 APP_NOT_RUNNING with Retry-After, in the commerce shape.
    const notYet = await hosted('GET', `/hosted/${appId}/publish/`);
    expect(notYet.statusCode).toBe(503);
    expect(notYet.headers['retry-after']).toBe('5');
    expect((notYet.json() as CommerceError).name).toBe('APP_NOT_RUNNING');

    await settledDeployment(appId, (await deploy(appId)).deploymentId);
    const posted = await hosted('POST', `/hosted/${appId}/publish/submit`, 'hello body');
    expect(posted.statusCode).toBe(200);
    expect(posted.json() as AppAnswer).toMatchObject({
      method: 'POST',
      url: '/submit',
      body: 'hello body',
      greeting: 'published',
      forwardedPrefix: `/hosted/${appId}/publish`,
    });

    // The documented public URL: <PUBLIC_BASE_URL>/hosted/{appId}/{variant}/ (default base http://127.0.0.1:8080).
    const reported = await status(appId);
    expect(reported.variants.map((v) => v.url)).toEqual([
      `http://127.0.0.1:8080/hosted/${appId}/preview/`,
      `http://127.0.0.1:8080/hosted/${appId}/publish/`,
    ]);
    expect(reported.variants[1].deploymentId).toEqual(expect.any(String));
    const app = (await call('GET', `/v1/hosting/apps/${appId}`)).json() as ApplicationResponse;
    expect(app.urls).toEqual({
      preview: `http://127.0.0.1:8080/hosted/${appId}/preview/`,
      publish: `http://127.0.0.1:8080/hosted/${appId}/publish/`,
    });
    const earlier = (await call('GET', `/v1/hosting/nodejs/apps/${appId}`)).json() as NodejsAppResponse;
    expect(earlier.urls).toEqual(app.urls);

    // Bad segments: 404 NOT_FOUND, never a lookup.
    for (const path of [`/hosted/${appId}/staging/`, '/hosted/lower-case/preview/', '/hosted/NODEJS-x']) {
      const bad = await hosted('GET', path);
      expect(bad.statusCode).toBe(404);
    }
    // A variant the driver reports RUNNING whose process does not answer: 502 APP_UNREACHABLE.
    const runtime = workerApp.get(AppRuntimeManager);
    const real = runtime.driver.status.bind(runtime.driver);
    const spy = jest.spyOn(runtime.driver, 'status').mockImplementation(async (key) =>
      key.appId === appId && key.variant === 'PREVIEW'
        ? {
            ...(await real(key)),
            state: 'RUNNING',
            port: 1,
            endpoint: 'http://127.0.0.1:1',
            endpoints: ['http://127.0.0.1:1'],
          }
        : real(key),
    );
    try {
      const unreachable = await hosted('GET', `/hosted/${appId}/preview/`);
      expect(unreachable.statusCode).toBe(502);
      expect((unreachable.json() as CommerceError).name).toBe('APP_UNREACHABLE');
    } finally {
      spy.mockRestore();
    }
  }, 180_000);

  it('refuses: no plan 422 SUBSCRIPTION_REQUIRED, nothing imported 422 NO_PREVIEW_BUILD, bad ids 400, another account 404, scopes 403', async () => {
    const appId = await createApp();
    const noPlan = await call('POST', `/v1/hosting/apps/${appId}/deployments`);
    expect(noPlan.statusCode).toBe(422);
    expect((noPlan.json() as CommerceError).name).toBe('SUBSCRIPTION_REQUIRED');
    expect((noPlan.json() as CommerceError).details[0].issue).toBe('SUBSCRIPTION_REQUIRED');
    const earlierNoPlan = await call('POST', `/v1/hosting/nodejs/apps/${appId}/deployments`);
    expect(earlierNoPlan.statusCode).toBe(422);

    await attach(appId);
    const noBuild = await call('POST', `/v1/hosting/apps/${appId}/deployments`);
    expect(noBuild.statusCode).toBe(422);
    expect((noBuild.json() as CommerceError).name).toBe('NO_PREVIEW_BUILD');

    const unknownField = await call('POST', `/v1/hosting/apps/${appId}/deployments`, { force: true });
    expect(unknownField.statusCode).toBe(400);
    expect((unknownField.json() as CommerceError).details[0].issue).toBe('UNKNOWN_FIELD');
    expect((await call('GET', `/v1/hosting/apps/${appId}/deployments/not-a-uuid`)).statusCode).toBe(400);
    const missing = await call('GET', `/v1/hosting/apps/${appId}/deployments/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as CommerceError).name).toBe('DEPLOYMENT_NOT_FOUND');
    expect((await call('GET', `/v1/hosting/apps/${appId}/deployments/${randomUUID()}/logs`)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/v1/hosting/apps/NODEJS-nobody0000/deployments')).statusCode).toBe(404);

    const other = await t.newCredential(SCOPES);
    expect((await call('POST', `/v1/hosting/apps/${appId}/deployments`, undefined, other)).statusCode).toBe(
      404,
    );
    expect(
      (await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments`, undefined, other)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/v1/hosting/nodejs/apps/${appId}/status`, undefined, other)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/v1/hosting/nodejs/apps/${appId}`, undefined, other)).statusCode).toBe(404);

    const readOnly = await t.newCredential(['hosting.application:read', 'hosting.paas.apps:read']);
    expect(
      (await call('POST', `/v1/hosting/apps/${appId}/deployments`, undefined, readOnly)).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', `/v1/hosting/nodejs/apps/${appId}/deployments`, undefined, readOnly)).statusCode,
    ).toBe(403);
    const v1Only = await t.newCredential(['hosting.deployment:execute', 'hosting.application:read']);
    expect(
      (await call('POST', `/v1/hosting/nodejs/apps/${appId}/deployments`, undefined, v1Only)).statusCode,
    ).toBe(403);
    expect(
      (await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments`, undefined, v1Only)).statusCode,
    ).toBe(403);
    expect(
      (await t.inject({ method: 'POST', url: `/v1/hosting/apps/${appId}/deployments` })).statusCode,
    ).toBe(401);
  }, 60_000);

  it('Idempotency-Key: the same key replays the first 202 and starts one deployment', async () => {
    const appId = await createApp();
    await attach(appId);
    await importFixture(appId, 'runtime-http');
    const key = randomUUID();
    const first = await deploy(appId, { 'idempotency-key': key });
    const replay = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/deployments`,
      headers: { ...cred.headers, 'idempotency-key': key },
    });
    expect(replay.statusCode).toBe(202);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((replay.json() as DeploymentResponse).deploymentId).toBe(first.deploymentId);
    const bad = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/deployments`,
      headers: { ...cred.headers, 'idempotency-key': 'not-a-uuid' },
    });
    expect(bad.statusCode).toBe(400);
    await settledDeployment(appId, first.deploymentId);
    const list = (
      await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments`)
    ).json() as NodejsDeploymentListResponse;
    expect(list.totalCount).toBe(1);
  }, 120_000);
});
