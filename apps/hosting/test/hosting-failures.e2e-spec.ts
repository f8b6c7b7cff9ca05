import { randomBytes } from 'node:crypto';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import type {
  DeploymentResponse,
  NodejsDeploymentListResponse,
} from '../src/modules/deployments/deployments.response';
import type { FailureResponse } from '../src/modules/failures/failure.response';
import type { ImportOperationResponse, SourceStatusResponse } from '../src/modules/imports/imports.response';
import { archiveUpload, fixtureFiles, zipOf } from './support/fixture-archives';
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
  'hosting.log:read',
  'hosting.paas.code:write',
  'hosting.paas.logs:read',
];

/** Short start-up deadline and two launches per start, so START, PORT and RESOURCES fail fast. */
const STARTUP_TIMEOUT_MS = 4000;
const APP_MEMORY_MB = 64;

interface LogPage {
  items: { source: string; message: string }[];
}

describe('hosting failures that say why, and secret values never in a log line (real Postgres, Redis, npm, sandboxes)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startBuildingHostingTestApp('hosting-failures', {
      HOSTING_APP_STARTUP_TIMEOUT_MS: String(STARTUP_TIMEOUT_MS),
      HOSTING_APP_FAIL_AFTER_CRASHES: '2',
      HOSTING_APP_MEMORY_MB: String(APP_MEMORY_MB),
    });
    worker = await startHostingWorker(t.env);
    cred = await t.newCredential(SCOPES);
  }, 30_000);

  afterAll(() => closeWorkerThenApp(worker, t));

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.inject({ method, url, headers: cred.headers, ...(payload === undefined ? {} : { payload }) });

  async function setSecret(appId: string, variant: 'PREVIEW' | 'PUBLISH', name: string, value: string) {
    const res = await t.inject({
      method: 'PATCH',
      url: `/v1/hosting/apps/${appId}/secrets?variant=${variant}`,
      headers: { ...cred.headers, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'add', path: `/${name}`, value }]),
    });
    expect(res.statusCode).toBe(200);
  }

  async function importFixture(
    appId: string,
    fixture: string,
    extra: { name: string; data: Buffer }[] = [],
  ): Promise<ImportOperationResponse> {
    const archive = await zipOf([...(await fixtureFiles(fixture)), ...extra]);
    return importArchive(t, cred, appId, archive, { timeoutMs: 90_000 });
  }

  async function attach(appId: string): Promise<void> {
    expect((await call('PUT', `/v1/hosting/apps/${appId}/subscription`, {})).statusCode).toBe(200);
  }

  async function deploy(appId: string): Promise<DeploymentResponse> {
    const res = await call('POST', `/v1/hosting/apps/${appId}/deployments`);
    expect(res.statusCode).toBe(202);
    const { deploymentId } = res.json() as DeploymentResponse;
    return waitFor(
      async () => {
        const body = (
          await call('GET', `/v1/hosting/apps/${appId}/deployments/${deploymentId}`)
        ).json() as DeploymentResponse;
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: `deployment ${deploymentId}`, timeoutMs: 90_000 },
    );
  }

  async function port(appId: string, variant: 'PREVIEW' | 'PUBLISH'): Promise<number> {
    const status = (await call('GET', `/v1/hosting/apps/${appId}/status`)).json() as AppStatusResponse;
    const found = status.variants.find((v) => v.variant === variant);
    expect(found?.state).toBe('RUNNING');
    return found?.port ?? 0;
  }

  const failureOf = (done: ImportOperationResponse | DeploymentResponse): FailureResponse => {
    expect(done.status).toBe('FAILED');
    expect(done.error?.failure).toBeDefined();
    return done.error?.failure as FailureResponse;
  };

  describe('each failure phase has a fixture app that produces it', () => {
    let appId: string;

    beforeAll(async () => {
      appId = await createHostingApp(t, cred, 'failing');
    }, 30_000);

    it('INSTALL: a dependency npm cannot find → DEPENDENCY_NOT_FOUND with npm’s reason', async () => {
      const done = await importFixture(appId, 'install-missing-dependency');
      expect(done.error?.code).toBe('INSTALL_FAILED');
      const failure = failureOf(done);
      expect(failure).toMatchObject({ phase: 'INSTALL', code: 'DEPENDENCY_NOT_FOUND' });
      expect(failure.firstError).toMatch(/^npm error .*hosting-fixture-no-such-package/);
      expect(failure.hint).toContain('dependency');
    });

    it('BUILD: a build script that exits 1 → BUILD_SCRIPT_FAILED with the compiler’s line', async () => {
      const done = await importFixture(appId, 'build-fails');
      expect(done.error?.code).toBe('BUILD_FAILED');
      expect(failureOf(done)).toEqual({
        phase: 'BUILD',
        code: 'BUILD_SCRIPT_FAILED',
        firstError: "src/main.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        hint: expect.stringContaining('npm run build'),
      });
    });

    it('START: an app that throws before listening → EXITED_BEFORE_LISTENING with its error line; the earlier namespace shows the same failure', async () => {
      const upload = archiveUpload(await zipOf(await fixtureFiles('start-throws')));
      const res = await t.inject({
        method: 'POST',
        url: `/v1/hosting/nodejs/apps/${appId}/source`,
        headers: { ...cred.headers, ...upload.headers },
        payload: upload.payload,
      });
      expect(res.statusCode).toBe(200);
      const { jobId } = res.json() as { jobId: string };
      const earlier = await waitFor(
        async () => {
          const body = (
            await call('GET', `/v1/hosting/nodejs/apps/${appId}/source/status?jobId=${jobId}`)
          ).json() as SourceStatusResponse;
          return body.status === 'failed' ? body : undefined;
        },
        { what: 'the source upload to fail', timeoutMs: 90_000 },
      );
      const done = (
        await call('GET', `/v1/hosting/apps/${appId}/imports/${jobId}`)
      ).json() as ImportOperationResponse;
      expect(done.error?.code).toBe('START_FAILED');
      const failure = failureOf(done);
      expect(failure).toMatchObject({
        phase: 'START',
        code: 'EXITED_BEFORE_LISTENING',
        firstError: 'Error: DATABASE_HOST is not set',
      });
      expect(earlier.errorMessage).toMatch(/^START_FAILED: /);
      expect(earlier.failure).toEqual(failure);
      expect(
        done.logs?.some((l) => l.includes('SYSTEM START EXITED_BEFORE_LISTENING: Error: DATABASE_HOST')),
      ).toBe(true);
    });

    it('PORT: an app that runs but never listens on PORT → PORT_TIMEOUT quoting the deadline', async () => {
      const failure = failureOf(await importFixture(appId, 'start-never-listens'));
      expect(failure).toMatchObject({
        phase: 'PORT',
        code: 'PORT_TIMEOUT',
        firstError: 'waiting for the database before listening',
      });
      expect(failure.hint).toContain(`within ${STARTUP_TIMEOUT_MS / 1000} s`);
    });

    it('RESOURCES: an app that fills its heap past HOSTING_APP_MEMORY_MB → OUT_OF_MEMORY', async () => {
      const failure = failureOf(await importFixture(appId, 'start-out-of-memory'));
      expect(failure).toMatchObject({ phase: 'RESOURCES', code: 'OUT_OF_MEMORY' });
      expect(failure.firstError).toMatch(/heap/i);
      expect(failure.hint).toContain(`${APP_MEMORY_MB} MB`);
    });

    it('a failed deployment records its failure too, shown alike by both namespaces', async () => {
      const deployed = await createHostingApp(t, cred, 'deployed');
      await attach(deployed);
      // runtime-needs-secret starts only with MUST_HAVE, which PREVIEW has and PUBLISH has not.
      await setSecret(deployed, 'PREVIEW', 'MUST_HAVE', 'present');
      expect((await importFixture(deployed, 'runtime-needs-secret')).status).toBe('COMPLETED');
      const done = await deploy(deployed);
      expect(done.error?.code).toBe('START_FAILED');
      const failure = failureOf(done);
      expect(failure).toMatchObject({
        phase: 'START',
        code: 'EXITED_BEFORE_LISTENING',
        firstError: 'MUST_HAVE is not set: exiting',
      });
      const list = (
        await call('GET', `/v1/hosting/nodejs/apps/${deployed}/deployments`)
      ).json() as NodejsDeploymentListResponse;
      expect(list.deployments[0]).toMatchObject({ id: done.deploymentId, status: 'failed', failure });
    });
  });

  describe('a secret planted in an app is absent from every stored and served log line', () => {
    // Random, so no 10-character prefix of either occurs anywhere by chance.
    const previewValue = `pl4nt3d-${randomBytes(16).toString('hex')}`;
    const publishValue = `publ1sh-${randomBytes(16).toString('hex')}`;
    const leaks = (text: string): string[] =>
      [previewValue, publishValue].flatMap((value) =>
        // The whole value, either half (a value written in two pieces), or its beginning (a line cut in it).
        [value, value.slice(0, 10), value.slice(value.length / 2)].filter((part) => text.includes(part)),
      );
    let appId: string;
    let importId: string;
    let deploymentId: string;

    beforeAll(async () => {
      appId = await createHostingApp(t, cred, 'leaky');
      await attach(appId);
      await setSecret(appId, 'PREVIEW', 'PLANTED', previewValue);
      await setSecret(appId, 'PUBLISH', 'PLANTED', publishValue);
      // The build prints the value planted in its source (the same as PREVIEW's secret).
      const done = await importFixture(appId, 'secret-echo', [
        { name: 'planted.json', data: Buffer.from(JSON.stringify({ value: previewValue })) },
      ]);
      expect(done.status).toBe('COMPLETED');
      importId = done.importId;
      const deployed = await deploy(appId);
      expect(deployed.status).toBe('COMPLETED');
      deploymentId = deployed.deploymentId;
      // Both variants print their secret once more while they serve a request.
      for (const variant of ['PREVIEW', 'PUBLISH'] as const) {
        const res = await fetch(`http://127.0.0.1:${await port(appId, variant)}/log`);
        expect(await res.text()).toBe('logged');
      }
      for (const variant of ['PREVIEW', 'PUBLISH']) {
        await waitFor(
          async () => {
            const page = (
              await call('GET', `/v1/hosting/apps/${appId}/logs?variant=${variant}&pageSize=500`)
            ).json() as LogPage;
            return page.items.some((i) => i.message === 'request: split [secret:PLANTED] end') || undefined;
          },
          { what: `the ${variant} request lines in the runtime log store`, timeoutMs: 30_000 },
        );
      }
    }, 240_000);

    it('stored: no build log row of the import or the deployment, and no runtime log row, holds a value', async () => {
      const build = await t.dataSource.query<{ message: string }[]>(
        'SELECT message FROM hosting.build_log_lines WHERE operation_id = ANY($1::uuid[]) ORDER BY operation_id, seq',
        [[importId, deploymentId]],
      );
      const runtime = await t.dataSource.query<{ variant: string; message: string }[]>(
        'SELECT variant, message FROM hosting.app_log_lines WHERE app_id = $1 ORDER BY id',
        [appId],
      );
      const messages = [...build, ...runtime].map((r) => r.message);
      expect(messages.filter((m) => leaks(m).length > 0)).toEqual([]);
      // …and the lines are there, with the mark where the value was.
      expect(build.map((r) => r.message)).toEqual(
        expect.arrayContaining([
          'build: connecting with [secret:PLANTED]',
          'build warning: token [secret:PLANTED] is in the source',
          'build: split [secret:PLANTED] done',
        ]),
      );
      for (const variant of ['PREVIEW', 'PUBLISH']) {
        const lines = runtime.filter((r) => r.variant === variant).map((r) => r.message);
        expect(lines).toEqual(
          expect.arrayContaining([
            'start: PLANTED=[secret:PLANTED]',
            'start: failed to authenticate with [secret:PLANTED]',
            'start: split [secret:PLANTED] end',
            'request: PLANTED=[secret:PLANTED]',
          ]),
        );
        // The line longer than the limit was cut inside the value: its beginning is a mark too
        // (then the store cuts the line at 16 Ki characters, inside the truncation mark).
        expect(lines.some((m) => m.startsWith('start: xxx') && m.includes('xxx[secret:PLANTED] …'))).toBe(
          true,
        );
      }
    });

    it('served: imports, deployments, build logs and runtime log pages of both namespaces hold no value', async () => {
      const urls = [
        `/v1/hosting/apps/${appId}/imports/${importId}`,
        `/v1/hosting/apps/${appId}/imports/${importId}/logs`,
        `/v1/hosting/nodejs/apps/${appId}/source/status?jobId=${importId}`,
        `/v1/hosting/apps/${appId}/deployments/${deploymentId}`,
        `/v1/hosting/apps/${appId}/deployments/${deploymentId}/logs`,
        `/v1/hosting/nodejs/apps/${appId}/deployments`,
        `/v1/hosting/apps/${appId}/logs?variant=PREVIEW&pageSize=500`,
        `/v1/hosting/apps/${appId}/logs?variant=PUBLISH&pageSize=500`,
        `/v1/hosting/nodejs/apps/${appId}/logs?target=preview&pageSize=500`,
        `/v1/hosting/nodejs/apps/${appId}/logs?target=publish&pageSize=500`,
      ];
      for (const url of urls) {
        const res = await call('GET', url);
        expect(res.statusCode).toBe(200);
        expect({ url, leaks: leaks(res.body) }).toEqual({ url, leaks: [] });
        // Every answer but the deployment list (no log lines there) shows the marks.
        if (!url.endsWith('/deployments')) expect(res.body).toContain('[secret:PLANTED]');
      }
    });

    it('served: a line stored before redaction (or before the secret existed) is redacted when served', async () => {
      await t.dataSource.query(
        `INSERT INTO hosting.app_log_lines (app_id, variant, at, source, level, message)
         VALUES ($1, 'PREVIEW', now(), 'STDOUT', 'INFO', $2)`,
        [appId, `an old line with ${previewValue} and ${publishValue}`],
      );
      const page = (
        await call('GET', `/v1/hosting/apps/${appId}/logs?variant=PREVIEW&pageSize=500&source=STDOUT`)
      ).json() as LogPage;
      expect(page.items.map((i) => i.message)).toContain(
        'an old line with [secret:PLANTED] and [secret:PLANTED]',
      );
      expect(leaks(JSON.stringify(page))).toEqual([]);
    });
  });
});
