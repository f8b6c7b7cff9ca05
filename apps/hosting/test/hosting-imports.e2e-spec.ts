import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import type { ImportOperationResponse } from '../src/modules/imports/imports.response';
import { appProcesses } from './support/app-processes';
import { createHostingApp } from './support/hosting-flows';
import { BOUNDARY, fixtureFiles, multipart, tarGzOf, traversalZip, zipOf } from './support/fixture-archives';
import type { BuildingHostingTestApp, HostingWorkerHarness } from './support/hosting-test-app';
import {
  ALL_HOSTING_SCOPES,
  closeWorkerThenApp,
  startBuildingHostingTestApp,
  startHostingWorker,
} from './support/hosting-test-app';

const MAX_UPLOAD = 64 * 1024;
const SCOPES: Scope[] = [
  ...ALL_HOSTING_SCOPES,
  'hosting.source:write',
  'hosting.paas.code:write',
  'hosting.log:read',
];

interface CommerceError {
  name: string;
  details: { issue: string; field?: string; location: string }[];
}

describe('hosting imports: upload → build → PREVIEW running (real Postgres, Redis, npm, child processes)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let cred: TestCredential;
  let other: TestCredential;
  let appId: string;

  beforeAll(async () => {
    t = await startBuildingHostingTestApp('hosting-imports', {
      HOSTING_UPLOAD_MAX_BYTES: String(MAX_UPLOAD),
    });
    worker = await startHostingWorker(t.env);
    cred = await t.newCredential(SCOPES);
    other = await t.newCredential(SCOPES);
    appId = await createApp(cred);
  }, 30_000);

  // The worker stops every app process (AppRuntimeManager → stopAll); close removes the data dir.
  afterAll(() => closeWorkerThenApp(worker, t));

  const createApp = (c: TestCredential): Promise<string> => createHostingApp(t, c, 'imported');

  const upload = (body: Buffer, c: TestCredential = cred, id = appId, url?: string) =>
    t.inject({
      method: 'POST',
      url: url ?? `/v1/hosting/apps/${id}/imports`,
      headers: { ...c.headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });

  const getImport = (importId: string, c: TestCredential = cred, id = appId) =>
    t.inject({ method: 'GET', url: `/v1/hosting/apps/${id}/imports/${importId}`, headers: c.headers });

  const settled = (importId: string): Promise<ImportOperationResponse> =>
    waitFor(
      async () => {
        const body = (await getImport(importId)).json() as ImportOperationResponse;
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: `import ${importId} to settle`, timeoutMs: 30_000 },
    );

  const status = async (): Promise<AppStatusResponse> => {
    const res = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${appId}/status`,
      headers: cred.headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as AppStatusResponse;
  };

  const callApp = async (url: string): Promise<{ instance: string; cwd: string }> => {
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return (await res.json()) as { instance: string; cwd: string };
  };

  let firstImportId: string;
  let firstInstance: string;
  let firstDir: string;
  let secondImportId: string;

  it('imports a zip: 202 EXECUTING, then COMPLETED with build logs; PREVIEW RUNNING answers over HTTP', async () => {
    const archive = await zipOf(await fixtureFiles('runtime-http'));
    const res = await upload(multipart([{ field: 'file', fileName: 'app.zip', data: archive }]));
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as ImportOperationResponse;
    expect(accepted).toMatchObject({ status: 'EXECUTING', appId });
    expect(res.headers.location).toBe(`/v1/hosting/apps/${appId}/imports/${accepted.importId}`);
    expect(accepted.links).toContainEqual({ rel: 'self', href: res.headers.location });
    expect(res.headers['x-ratelimit-limit']).toBeDefined();

    const done = await settled(accepted.importId);
    expect(done.error).toBeUndefined();
    expect(done.status).toBe('COMPLETED');
    expect(done.logs?.some((l) => l.includes('SYSTEM') && l.includes('npm install'))).toBe(true);
    expect(done.logs?.some((l) => l.includes('PREVIEW answers on port'))).toBe(true);

    const s = await status();
    const preview = s.variants.find((v) => v.variant === 'PREVIEW');
    expect(preview).toMatchObject({ state: 'RUNNING', desiredState: 'RUNNING', importId: accepted.importId });
    expect(preview?.url).toBe(`http://127.0.0.1:8080/hosted/${appId}/preview/`);
    expect(s.variants.find((v) => v.variant === 'PUBLISH')).toMatchObject({ state: 'STOPPED', url: null });

    const answer = await callApp(`http://127.0.0.1:${preview?.port ?? 1}`);
    expect(answer.cwd).toContain(accepted.importId);
    firstImportId = accepted.importId;
    firstInstance = answer.instance;
    firstDir = answer.cwd;
    expect(appProcesses(firstDir)).toHaveLength(1);
  });

  it("the running app's stdout and stderr reach GET …/logs with source and level; PUBLISH has none", async () => {
    interface LogItem {
      source: string;
      level: string;
      message: string;
    }
    const logs = async (query = ''): Promise<{ totalItems: number; items: LogItem[] }> => {
      const res = await t.inject({
        method: 'GET',
        url: `/v1/hosting/apps/${appId}/logs?pageSize=500${query}`,
        headers: cred.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { totalItems: number; items: LogItem[] };
    };
    const started = await waitFor(
      async () => {
        const page = await logs();
        // The driver's SYSTEM readiness line is written after the app's own first lines, and the
        // store flushes in batches: wait for both, not for whichever lands first.
        const app = page.items.some((i) => i.message === 'first half, second half');
        const ready = page.items.some(
          (i) => i.source === 'SYSTEM' && i.message.startsWith('accepting connections'),
        );
        return app && ready ? page : undefined;
      },
      { what: 'the app lines in the runtime log store' },
    );
    expect(started.items).toEqual(
      expect.arrayContaining([
        { timestamp: expect.any(String), source: 'STDOUT', level: 'INFO', message: 'plain stdout line' },
        { timestamp: expect.any(String), source: 'STDERR', level: 'ERROR', message: 'plain stderr line' },
        expect.objectContaining({
          source: 'STDOUT',
          level: 'WARN',
          message: '{"level":40,"msg":"pino warn line"}',
        }),
        expect.objectContaining({
          source: 'SYSTEM',
          message: expect.stringMatching(/^accepting connections on port \d+$/),
        }),
      ]),
    );

    const s = await status();
    await callApp(`http://127.0.0.1:${s.variants.find((v) => v.variant === 'PREVIEW')?.port ?? 1}/log`);
    await waitFor(
      async () =>
        (await logs('&source=STDOUT')).items.some((i) => i.message === 'request logged') ? true : undefined,
      { what: 'the request line' },
    );
    const stdout = await logs('&source=stdout');
    expect(stdout.items.length).toBeGreaterThan(0);
    expect(stdout.items.every((i) => i.source === 'STDOUT')).toBe(true);
    const warnings = await logs('&level=WARN');
    expect(warnings.items.map((i) => i.level).sort()).toEqual(expect.arrayContaining(['ERROR', 'WARN']));
    expect(warnings.items.every((i) => i.level === 'WARN' || i.level === 'ERROR')).toBe(true);
    expect((await logs('&variant=PUBLISH')).totalItems).toBe(0);
  });

  it('a second upload (tar.gz) replaces the preview: the old process is gone, the new one answers', async () => {
    const res = await upload(
      multipart([{ field: 'file', fileName: 'app.tar.gz', data: await tarGzOf('runtime-http') }]),
    );
    expect(res.statusCode).toBe(202);
    const done = await settled((res.json() as ImportOperationResponse).importId);
    expect(done.status).toBe('COMPLETED');
    secondImportId = done.importId;
    expect(secondImportId).not.toBe(firstImportId);

    const preview = (await status()).variants.find((v) => v.variant === 'PREVIEW');
    expect(preview).toMatchObject({ state: 'RUNNING', importId: secondImportId });
    const answer = await callApp(`http://127.0.0.1:${preview?.port ?? 1}`);
    expect(answer.instance).not.toBe(firstInstance);
    expect(answer.cwd).toContain(secondImportId);
    await waitFor(() => appProcesses(firstDir).length === 0 || undefined, {
      what: 'the old preview to exit',
      timeoutMs: 5000,
    });
  });

  it('a failing build ends FAILED with the build logs saying why; the running preview is kept', async () => {
    const res = await upload(
      multipart([{ field: 'file', fileName: 'x.zip', data: await zipOf(await fixtureFiles('build-fails')) }]),
    );
    expect(res.statusCode).toBe(202);
    const done = await settled((res.json() as ImportOperationResponse).importId);
    expect(done.status).toBe('FAILED');
    expect(done.error?.code).toBe('BUILD_FAILED');
    expect(done.logs?.some((l) => l.includes('STDERR') && l.includes('error TS2322'))).toBe(true);
    expect((await status()).variants.find((v) => v.variant === 'PREVIEW')).toMatchObject({
      state: 'RUNNING',
      importId: secondImportId,
    });
  });

  it('a start script that is not a plain node line ends FAILED UNSUPPORTED_START_SCRIPT (it would run unconfined)', async () => {
    const archive = await zipOf([
      {
        name: 'package.json',
        data: Buffer.from(
          JSON.stringify({ name: 'shelly', scripts: { start: 'NODE_ENV=production node server.js' } }),
        ),
      },
      {
        name: 'server.js',
        data: Buffer.from('require("node:http").createServer().listen(process.env.PORT)'),
      },
    ]);
    const res = await upload(multipart([{ field: 'file', fileName: 'app.zip', data: archive }]));
    expect(res.statusCode).toBe(202);
    const done = await settled((res.json() as ImportOperationResponse).importId);
    expect(done.status).toBe('FAILED');
    expect(done.error?.code).toBe('UNSUPPORTED_START_SCRIPT');
    expect(done.error?.message).toContain('not a plain "node [flags] <file> [args]" line');
  });

  it('an archive with ../evil.js is accepted, then FAILED with PATH_TRAVERSAL and nothing written outside', async () => {
    const res = await upload(
      multipart([{ field: 'file', fileName: 'evil.zip', data: await traversalZip() }]),
    );
    expect(res.statusCode).toBe(202);
    const done = await settled((res.json() as ImportOperationResponse).importId);
    expect(done).toMatchObject({ status: 'FAILED', error: { code: 'PATH_TRAVERSAL' } });
    const imports = await readdir(join(t.dataDir, 'imports'));
    expect(imports).not.toContain('evil.js');
    await expect(readFile(join(t.dataDir, 'imports', done.importId, 'evil.js'))).rejects.toThrow();
  });

  it('refuses bad uploads: no file 400, not multipart 415, not an archive 400, too large 413', async () => {
    const noFile = await upload(multipart([{ field: 'note', data: 'hello' }]));
    expect(noFile.statusCode).toBe(400);
    expect((noFile.json() as CommerceError).details).toContainEqual(
      expect.objectContaining({ issue: 'REQUIRED', field: '/file' }),
    );

    const json = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/imports`,
      headers: cred.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);

    const text = await upload(
      multipart([{ field: 'file', fileName: 'a.zip', data: 'not an archive at all' }]),
    );
    expect(text.statusCode).toBe(400);
    expect((text.json() as CommerceError).details[0]?.issue).toBe('UNSUPPORTED_ARCHIVE');

    const big = await upload(
      multipart([{ field: 'file', fileName: 'a.zip', data: Buffer.alloc(MAX_UPLOAD + 1, 1) }]),
    );
    expect(big.statusCode).toBe(413);
    expect((big.json() as CommerceError).details[0]?.issue).toBe('ARCHIVE_TOO_LARGE');
    // Refused uploads leave no file behind.
    expect(await readdir(join(t.dataDir, 'uploads'))).toEqual([]);
  });

  it("another account's app and imports answer 404", async () => {
    const archive = await zipOf(await fixtureFiles('runtime-http'));
    const post = await upload(multipart([{ field: 'file', fileName: 'app.zip', data: archive }]), other);
    expect(post.statusCode).toBe(404);
    expect((post.json() as CommerceError).name).toBe('APP_NOT_FOUND');
    expect((await getImport(firstImportId, other)).statusCode).toBe(404);
    const st = await t.inject({
      method: 'GET',
      url: `/v1/hosting/apps/${appId}/status`,
      headers: other.headers,
    });
    expect(st.statusCode).toBe(404);
    const otherApp = await createApp(other);
    const wrongApp = await getImport(firstImportId, other, otherApp);
    expect(wrongApp.statusCode).toBe(404);
    expect((wrongApp.json() as CommerceError).name).toBe('IMPORT_NOT_FOUND');
  });

  it('needs a token (401) and the scope (403)', async () => {
    const body = multipart([{ field: 'file', fileName: 'a.zip', data: 'x' }]);
    const anonymous = await t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/imports`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const readOnly = await t.newCredential(['hosting.application:read'], cred.accountId);
    expect((await upload(body, readOnly)).statusCode).toBe(403);
    expect((await getImport(firstImportId, readOnly)).statusCode).toBe(200);
    const noRead = await t.newCredential(['hosting.source:write'], cred.accountId);
    expect((await getImport(firstImportId, noRead)).statusCode).toBe(403);
  });

  it('earlier namespace: POST …/source → 200 {jobId}; …/source/status?jobId= → pending, then active', async () => {
    const archive = await zipOf(await fixtureFiles('runtime-http'));
    const res = await upload(
      multipart([{ field: 'file', fileName: 'app.zip', data: archive }]),
      cred,
      appId,
      `/v1/hosting/nodejs/apps/${appId}/source`,
    );
    expect(res.statusCode).toBe(200);
    const { jobId } = res.json() as { jobId: string };
    const final = await waitFor(
      async () => {
        const r = await t.inject({
          method: 'GET',
          url: `/v1/hosting/nodejs/apps/${appId}/source/status?jobId=${jobId}`,
          headers: cred.headers,
        });
        expect(r.statusCode).toBe(200);
        const body = r.json() as { status: string };
        return body.status === 'pending' ? undefined : body;
      },
      { what: 'the source upload job', timeoutMs: 30_000 },
    );
    expect(final).toMatchObject({ jobId, status: 'active' });
    expect((await status()).variants.find((v) => v.variant === 'PREVIEW')?.importId).toBe(jobId);
  });
});
