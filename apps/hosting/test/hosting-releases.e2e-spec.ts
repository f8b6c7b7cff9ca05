import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Scope } from '@platform/scopes';
import type { TestCredential } from '@platform/testing';
import { waitFor } from '@platform/testing';
import { loadImportSettings } from '../src/config/hosting.config';
import type { AppStatusResponse } from '../src/modules/app-runtime/app-status.response';
import type {
  DeploymentResponse,
  NodejsDeploymentListResponse,
} from '../src/modules/deployments/deployments.response';
import { BuildPruner } from '../src/modules/maintenance/build-pruner.service';
import type {
  NodejsRollbackResponse,
  ReleasePageResponse,
  ReleaseResponse,
} from '../src/modules/releases/releases.response';
import { fixtureFiles, zipOf } from './support/fixture-archives';
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
  'hosting.paas.deploy:execute',
];

/** The suite keeps the builds of each variant's 2 newest releases. */
const KEPT = 2;

interface MarkerAnswer {
  marker: string | null;
  secretHash: string | null;
  instance: string;
}

interface CommerceError {
  name: string;
  details?: { issue: string; field?: string; location: string }[];
}

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

describe('hosting releases and rollback on both namespaces (real Postgres, Redis, npm, child processes)', () => {
  let t: BuildingHostingTestApp;
  let worker: HostingWorkerHarness | undefined;
  let cred: TestCredential;

  beforeAll(async () => {
    t = await startBuildingHostingTestApp('hosting-releases', {
      HOSTING_RELEASES_KEPT: String(KEPT),
      HOSTING_WEBHOOK_ALLOW: '127.0.0.1',
    });
    worker = await startHostingWorker(t.env);
    cred = await t.newCredential(SCOPES);
  }, 30_000);

  afterAll(() => closeWorkerThenApp(worker, t));

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, c = cred) =>
    t.inject({
      method,
      url,
      headers: c.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  async function setSecret(appId: string, variant: string, value: string): Promise<void> {
    const res = await t.inject({
      method: 'PATCH',
      url: `/v1/hosting/apps/${appId}/secrets?variant=${variant}`,
      headers: { ...cred.headers, 'content-type': 'application/json-patch+json' },
      payload: JSON.stringify([{ op: 'add', path: '/RELEASE_SECRET', value }]),
    });
    expect(res.statusCode).toBe(200);
  }

  /** Imports the release-marker fixture with `marker` as its build marker; COMPLETED. */
  async function importMarker(appId: string, marker: string): Promise<string> {
    const files = [
      ...(await fixtureFiles('release-marker')),
      { name: 'marker.txt', data: Buffer.from(marker) },
    ];
    const done = await importArchive(t, cred, appId, await zipOf(files));
    expect(done.status).toBe('COMPLETED');
    return done.importId;
  }

  const settledDeployment = (appId: string, deploymentId: string) =>
    waitFor(
      async () => {
        const res = await call('GET', `/v1/hosting/apps/${appId}/deployments/${deploymentId}`);
        expect(res.statusCode).toBe(200);
        const body = res.json() as DeploymentResponse;
        return body.status === 'EXECUTING' ? undefined : body;
      },
      { what: `deployment ${deploymentId}`, timeoutMs: 60_000 },
    );

  async function deploy(appId: string): Promise<DeploymentResponse> {
    const res = await call('POST', `/v1/hosting/apps/${appId}/deployments`);
    expect(res.statusCode).toBe(202);
    const done = await settledDeployment(appId, (res.json() as DeploymentResponse).deploymentId);
    expect(done.status).toBe('COMPLETED');
    return done;
  }

  const rollback = (appId: string, body: unknown, c = cred, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: `/v1/hosting/apps/${appId}/rollback`,
      headers: { ...c.headers, ...headers },
      payload: body as object,
    });

  /** POST …/rollback (202, Location), then the deployment settled. */
  async function rolledBack(appId: string, variant: string, releaseId: string): Promise<DeploymentResponse> {
    const res = await rollback(appId, { variant, releaseId });
    expect(res.statusCode).toBe(202);
    const accepted = res.json() as DeploymentResponse;
    expect(accepted).toMatchObject({ status: 'EXECUTING', appId, variant, rollbackOfReleaseId: releaseId });
    expect(res.headers.location).toBe(`/v1/hosting/apps/${appId}/deployments/${accepted.deploymentId}`);
    return settledDeployment(appId, accepted.deploymentId);
  }

  async function releases(appId: string, variant: string, query = ''): Promise<ReleasePageResponse> {
    const res = await call('GET', `/v1/hosting/apps/${appId}/releases?variant=${variant}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as ReleasePageResponse;
  }

  async function answer(appId: string, variant: 'PREVIEW' | 'PUBLISH'): Promise<MarkerAnswer> {
    const res = await call('GET', `/v1/hosting/apps/${appId}/status`);
    const port = (res.json() as AppStatusResponse).variants.find((v) => v.variant === variant)?.port;
    if (!port) throw new Error(`${variant} of ${appId} has no port`);
    const app = await fetch(`http://127.0.0.1:${port}/`);
    expect(app.status).toBe(200);
    return (await app.json()) as MarkerAnswer;
  }

  const importCount = async (appId: string): Promise<number> =>
    Number(
      (
        await t.dataSource.query(
          `SELECT count(*)::int AS n FROM hosting.import_operations WHERE app_id = $1`,
          [appId],
        )
      )[0].n,
    );

  /** Every line of a rollback's log is the platform's own: no import log copied, no npm, no build. */
  function expectNoBuild(done: DeploymentResponse, version: number): void {
    expect(done.logs?.every((line) => / SYSTEM /.test(line))).toBe(true);
    expect(
      done.logs?.some((l) => l.endsWith(`rolling back ${done.variant} to release v${version}, no build`)),
    ).toBe(true);
    expect(done.logs?.some((l) => /npm|build copied|archive extracted/.test(l))).toBe(false);
  }

  describe('PUBLISH: two deployments, a rollback to the first, retention', () => {
    let appId: string;
    const a = `value-a-${randomUUID()}`;
    const b = `value-b-${randomUUID()}`;
    let v1: ReleaseResponse;
    let v2: ReleaseResponse;
    let v3: ReleaseResponse;
    let deployedA: DeploymentResponse;

    beforeAll(async () => {
      appId = await createHostingApp(t, cred, 'released');
      expect((await call('PUT', `/v1/hosting/apps/${appId}/subscription`, {})).statusCode).toBe(200);
    }, 30_000);

    it('each deployment is a release, newest first, with the secrets version it ran with; paged', async () => {
      await setSecret(appId, 'PUBLISH', a);
      await importMarker(appId, 'A');
      deployedA = await deploy(appId);
      expect(await answer(appId, 'PUBLISH')).toMatchObject({ marker: 'A', secretHash: sha256(a) });
      await setSecret(appId, 'PUBLISH', b);
      await importMarker(appId, 'B');
      const deployedB = await deploy(appId);
      expect(await answer(appId, 'PUBLISH')).toMatchObject({ marker: 'B', secretHash: sha256(b) });

      const page = await releases(appId, 'PUBLISH');
      expect(page.items.map((r) => r.version)).toEqual([2, 1]);
      [v2, v1] = page.items;
      expect(v1).toMatchObject({
        appId,
        variant: 'PUBLISH',
        version: 1,
        operation: { type: 'DEPLOYMENT', id: deployedA.deploymentId },
        importId: deployedA.importId,
        rollbackOf: null,
        eligibleForRollback: true,
        current: false,
        runtime: { startCommand: { command: 'node', args: ['server.js'] } },
      });
      expect(v2).toMatchObject({
        operation: { type: 'DEPLOYMENT', id: deployedB.deploymentId },
        eligibleForRollback: true,
        current: true,
      });
      expect(v2.secretsVersion).toBeGreaterThan(v1.secretsVersion);
      expect(v1.links).toEqual([
        { rel: 'operation', href: `/v1/hosting/apps/${appId}/deployments/${deployedA.deploymentId}` },
        { rel: 'app', href: `/v1/hosting/apps/${appId}` },
      ]);

      // Paged one at a time by links[rel=next], bound to the list it came from.
      const first = await releases(appId, 'PUBLISH', '&pageSize=1');
      expect(first.items.map((r) => r.releaseId)).toEqual([v2.releaseId]);
      const next = first.links.find((l) => l.rel === 'next')?.href as string;
      expect(next).toMatch(/^\/v1\/hosting\/apps\/.+\/releases\?variant=PUBLISH&pageSize=1&pageToken=/);
      const second = (await call('GET', next)).json() as ReleasePageResponse;
      expect(second.items.map((r) => r.releaseId)).toEqual([v1.releaseId]);
      expect(second.links.map((l) => l.rel)).toEqual(['self']);
      const token = new URL(next, 'http://x').searchParams.get('pageToken') as string;
      for (const url of [
        `/v1/hosting/apps/${appId}/releases?variant=PREVIEW&pageSize=1&pageToken=${encodeURIComponent(token)}`,
        `/v1/hosting/apps/${appId}/releases?variant=PUBLISH&pageSize=2&pageToken=${encodeURIComponent(token)}`,
        `/v1/hosting/apps/${appId}/releases?variant=PUBLISH&pageToken=garbage`,
      ]) {
        const refused = await call('GET', url);
        expect(refused.statusCode).toBe(400);
        expect((refused.json() as CommerceError).details?.[0]).toMatchObject({
          field: 'pageToken',
          issue: 'INVALID_FORMAT',
        });
      }

      // Without ?variant the list is PREVIEW's (its imports' releases).
      const preview = (await call('GET', `/v1/hosting/apps/${appId}/releases`)).json() as ReleasePageResponse;
      expect(preview.items.map((r) => [r.variant, r.version, r.operation.type])).toEqual([
        ['PREVIEW', 2, 'IMPORT'],
        ['PREVIEW', 1, 'IMPORT'],
      ]);
    }, 180_000);

    it('a rollback runs build A again with secret value a, builds nothing, and is release v3 saying so', async () => {
      const webhook = await call('POST', '/v1/hosting/webhooks', {
        url: 'http://127.0.0.1:9/hook',
        events: ['deployment.rolled_back'],
      });
      expect(webhook.statusCode).toBe(201);
      const imports = await importCount(appId);

      const done = await rolledBack(appId, 'PUBLISH', v1.releaseId);
      expect(done).toMatchObject({ status: 'COMPLETED', noOp: false, importId: v1.importId });
      expectNoBuild(done, 1);
      expect(await answer(appId, 'PUBLISH')).toMatchObject({ marker: 'A', secretHash: sha256(a) });
      expect(await importCount(appId)).toBe(imports);

      const page = await releases(appId, 'PUBLISH');
      expect(page.items.map((r) => r.version)).toEqual([3, 2, 1]);
      v3 = page.items[0];
      expect(v3).toMatchObject({
        operation: { type: 'DEPLOYMENT', id: done.deploymentId },
        importId: v1.importId,
        rollbackOf: { releaseId: v1.releaseId, version: 1 },
        current: true,
        eligibleForRollback: true,
      });
      // The secrets of v1 again, as a new version; v1 is now older than the 2 newest.
      expect(v3.secretsVersion).toBeGreaterThan(v2.secretsVersion);
      expect(page.items[2]).toMatchObject({ version: 1, eligibleForRollback: false });

      // The secret set shows names only, and no answer or log holds a value.
      const secrets = await call('GET', `/v1/hosting/apps/${appId}/secrets?variant=PUBLISH`);
      expect(secrets.json()).toMatchObject({
        variants: { publish: { secrets: [{ name: 'RELEASE_SECRET', systemManaged: false }] } },
      });
      const deploymentLog = await call(
        'GET',
        `/v1/hosting/apps/${appId}/deployments/${done.deploymentId}/logs`,
      );
      for (const text of [secrets.body, deploymentLog.body, JSON.stringify(page), JSON.stringify(done)])
        for (const value of [a, b]) expect(text).not.toContain(value);

      const events: { payload: { data: Record<string, unknown> } }[] = await t.dataSource.query(
        `SELECT payload FROM hosting.webhook_events WHERE app_id = $1 AND type = 'deployment.rolled_back'`,
        [appId],
      );
      expect(events.map((e) => e.payload.data)).toEqual([
        expect.objectContaining({
          appId,
          deploymentId: done.deploymentId,
          variant: 'PUBLISH',
          releaseId: v3.releaseId,
          version: 3,
          rollbackOf: { releaseId: v1.releaseId, version: 1 },
        }),
      ]);
    }, 120_000);

    it('a rollback to the release running now is a no-op: nothing restarted, no release', async () => {
      const before = await answer(appId, 'PUBLISH');
      const done = await rolledBack(appId, 'PUBLISH', v3.releaseId);
      expect(done).toMatchObject({ status: 'COMPLETED', noOp: true });
      expect(done.logs?.some((l) => l.endsWith('PUBLISH already runs release v3: nothing restarted'))).toBe(
        true,
      );
      expect((await answer(appId, 'PUBLISH')).instance).toBe(before.instance);
      expect((await releases(appId, 'PUBLISH')).items.map((r) => r.version)).toEqual([3, 2, 1]);
    }, 60_000);

    it('a release older than the kept ones answers 409 RELEASE_NOT_AVAILABLE; the pruner removes its build', async () => {
      const refused = await rollback(appId, { variant: 'PUBLISH', releaseId: v1.releaseId });
      expect(refused.statusCode).toBe(409);
      expect((refused.json() as CommerceError).name).toBe('RELEASE_NOT_AVAILABLE');

      // v4 (B again, by rollback) and v5 (a new deployment) keep B's and C's builds; A's goes.
      expect((await rolledBack(appId, 'PUBLISH', v2.releaseId)).status).toBe('COMPLETED');
      await importMarker(appId, 'C');
      await deploy(appId);
      const pruner = new BuildPruner(
        t.dataSource,
        loadImportSettings({ HOSTING_DATA_DIR: t.dataDir, HOSTING_RELEASES_KEPT: String(KEPT) }),
      );
      await pruner.prune();
      const deployments = join(t.dataDir, 'deployments');
      expect(existsSync(join(deployments, v1.operation.id))).toBe(false);
      expect(existsSync(join(deployments, v2.operation.id))).toBe(true);

      const page = await releases(appId, 'PUBLISH');
      expect(page.items.map((r) => [r.version, r.eligibleForRollback])).toEqual([
        [5, true],
        [4, true],
        [3, false],
        [2, false],
        [1, false],
      ]);
      for (const release of [v1, v3]) {
        const gone = await rollback(appId, { variant: 'PUBLISH', releaseId: release.releaseId });
        expect(gone.statusCode).toBe(409);
        expect((gone.json() as CommerceError).name).toBe('RELEASE_NOT_AVAILABLE');
      }
    }, 180_000);

    it('the earlier namespace rolls PUBLISH back to what a deployment published: 200 {rollbackFrom, commitHash, deploymentId, status}', async () => {
      const top = (await releases(appId, 'PUBLISH')).items;
      const current = top[0];
      const target = top[1]; // v4: a rollback's release (B)
      const res = await call('POST', `/v1/hosting/nodejs/apps/${appId}/rollback`, {
        deploymentId: target.operation.id,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as NodejsRollbackResponse;
      expect(body).toEqual({
        rollbackFrom: current.operation.id,
        commitHash: null,
        deploymentId: expect.any(String),
        status: 'pending',
      });
      const done = await settledDeployment(appId, body.deploymentId);
      expect(done).toMatchObject({
        status: 'COMPLETED',
        variant: 'PUBLISH',
        rollbackOfReleaseId: target.releaseId,
      });
      expect(await answer(appId, 'PUBLISH')).toMatchObject({ marker: 'B', secretHash: sha256(b) });
      const list = (
        await call('GET', `/v1/hosting/nodejs/apps/${appId}/deployments`)
      ).json() as NodejsDeploymentListResponse;
      expect(list.deployments[0]).toMatchObject({ id: body.deploymentId, status: 'deployed' });

      // A deployment that made no release (the no-op rollback above is one), an unknown one, a bad body.
      const noOp = await t.dataSource.query(
        `SELECT id FROM hosting.deployment_operations WHERE app_id = $1 AND no_op = true`,
        [appId],
      );
      const unreleased = await call('POST', `/v1/hosting/nodejs/apps/${appId}/rollback`, {
        deploymentId: noOp[0].id,
      });
      expect(unreleased.statusCode).toBe(422);
      expect((unreleased.json() as CommerceError).name).toBe('DEPLOYMENT_NOT_RELEASED');
      const unknown = await call('POST', `/v1/hosting/nodejs/apps/${appId}/rollback`, {
        deploymentId: randomUUID(),
      });
      expect(unknown.statusCode).toBe(404);
      expect((unknown.json() as CommerceError).name).toBe('DEPLOYMENT_NOT_FOUND');
      for (const bad of [{}, { deploymentId: 'nope' }, { deploymentId: randomUUID(), extra: 1 }])
        expect((await call('POST', `/v1/hosting/nodejs/apps/${appId}/rollback`, bad)).statusCode).toBe(400);
      const scoped = await t.newCredential(['hosting.paas.apps:read'], cred.accountId);
      const forbidden = await call(
        'POST',
        `/v1/hosting/nodejs/apps/${appId}/rollback`,
        { deploymentId: target.operation.id },
        scoped,
      );
      expect(forbidden.statusCode).toBe(403);
    }, 120_000);

    it('refuses what it cannot do, with stable codes', async () => {
      const previewRelease = (await releases(appId, 'PREVIEW')).items[0];
      const publishRelease = (await releases(appId, 'PUBLISH')).items[0];
      const expectError = async (body: unknown, status: number, name: string, id = appId, c = cred) => {
        const res = await rollback(id, body, c);
        expect(res.statusCode).toBe(status);
        expect((res.json() as CommerceError).name).toBe(name);
        return res.json() as CommerceError;
      };
      // Another app of the same account, and another account.
      const otherApp = await createHostingApp(t, cred, 'other');
      const stranger = await t.newCredential(SCOPES);
      await expectError({ variant: 'PUBLISH', releaseId: randomUUID() }, 404, 'RELEASE_NOT_FOUND');
      await expectError(
        { variant: 'PUBLISH', releaseId: publishRelease.releaseId },
        404,
        'RELEASE_NOT_FOUND',
        otherApp,
      );
      await expectError(
        { variant: 'PUBLISH', releaseId: publishRelease.releaseId },
        404,
        'APP_NOT_FOUND',
        appId,
        stranger,
      );
      await expectError({ variant: 'PUBLISH', releaseId: randomUUID() }, 404, 'APP_NOT_FOUND', 'NODEJS-nope');
      await expectError(
        { variant: 'PUBLISH', releaseId: previewRelease.releaseId },
        422,
        'RELEASE_VARIANT_MISMATCH',
      );
      for (const [body, field] of [
        [{ variant: 'PUBLISH', releaseId: 'not-a-uuid' }, 'releaseId'],
        [{ releaseId: publishRelease.releaseId }, 'variant'],
        [{ variant: 'publish', releaseId: publishRelease.releaseId }, 'variant'],
        [{ variant: 'PUBLISH' }, 'releaseId'],
        [{ variant: 'PUBLISH', releaseId: publishRelease.releaseId, build: true }, 'build'],
      ] as const) {
        const error = await expectError(body, 400, 'INVALID_REQUEST');
        expect(error.details?.map((d) => d.field)).toContain(`/${field}`);
      }
      const listed = await call('GET', `/v1/hosting/apps/${appId}/releases?variant=publish`);
      expect(listed.statusCode).toBe(400);
      expect((await call('GET', `/v1/hosting/apps/${appId}/releases?pageSize=0`)).statusCode).toBe(400);
      expect((await call('GET', `/v1/hosting/apps/${appId}/releases`, undefined, stranger)).statusCode).toBe(
        404,
      );

      // Scopes: reading takes hosting.application:read, rolling back hosting.deployment:execute.
      const reader = await t.newCredential(['hosting.application:read'], cred.accountId);
      expect((await call('GET', `/v1/hosting/apps/${appId}/releases`, undefined, reader)).statusCode).toBe(
        200,
      );
      const forbidden = await rollback(
        appId,
        { variant: 'PUBLISH', releaseId: publishRelease.releaseId },
        reader,
      );
      expect(forbidden.statusCode).toBe(403);
      const deployer = await t.newCredential(['hosting.deployment:execute'], cred.accountId);
      expect((await call('GET', `/v1/hosting/apps/${appId}/releases`, undefined, deployer)).statusCode).toBe(
        403,
      );

      // An app that is not ACTIVE.
      await t.dataSource.query(`UPDATE hosting.apps SET status = 'CREATING' WHERE app_id = $1`, [appId]);
      try {
        await expectError({ variant: 'PUBLISH', releaseId: publishRelease.releaseId }, 409, 'APP_NOT_ACTIVE');
      } finally {
        await t.dataSource.query(`UPDATE hosting.apps SET status = 'ACTIVE' WHERE app_id = $1`, [appId]);
      }
    }, 60_000);

    it('Idempotency-Key replays the accepted rollback', async () => {
      const target = (await releases(appId, 'PUBLISH')).items[1];
      const key = randomUUID();
      const body = { variant: 'PUBLISH', releaseId: target.releaseId };
      const first = await rollback(appId, body, cred, { 'idempotency-key': key });
      expect(first.statusCode).toBe(202);
      const again = await rollback(appId, body, cred, { 'idempotency-key': key });
      expect(again.statusCode).toBe(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await settledDeployment(appId, (first.json() as DeploymentResponse).deploymentId)).status).toBe(
        'COMPLETED',
      );
    }, 60_000);
  });

  it('every change of a variant’s secrets is a version whose snapshot holds the values sealed; a refused patch makes none', async () => {
    const appId = await createHostingApp(t, cred, 'secret-versions');
    const value = `sealed-${randomUUID()}`;
    const patch = (ops: unknown[]) =>
      t.inject({
        method: 'PATCH',
        url: `/v1/hosting/apps/${appId}/secrets?variant=PUBLISH`,
        headers: { ...cred.headers, 'content-type': 'application/json-patch+json' },
        payload: JSON.stringify(ops),
      });
    const versions = (): Promise<{ variant: string; version: number; secrets: string }[]> =>
      t.dataSource.query(
        `SELECT variant, version, secrets::text AS secrets FROM hosting.app_secret_snapshots WHERE app_id = $1 ORDER BY version`,
        [appId],
      );
    expect((await patch([{ op: 'add', path: '/ONE', value }])).statusCode).toBe(200);
    expect((await patch([{ op: 'replace', path: '/ONE', value: `${value}-2` }])).statusCode).toBe(200);
    expect((await patch([{ op: 'remove', path: '/MISSING' }])).statusCode).toBe(400);
    expect((await patch([{ op: 'remove', path: '/ONE' }])).statusCode).toBe(200);
    const rows = await versions();
    expect(rows.map((r) => [r.variant, r.version])).toEqual([
      ['PUBLISH', 1],
      ['PUBLISH', 2],
      ['PUBLISH', 3],
    ]);
    const [one] = JSON.parse(rows[0].secrets) as { name: string; sealedValue: string; keyId: string }[];
    expect(one).toMatchObject({ name: 'ONE', systemManaged: false });
    expect(Buffer.from(one.sealedValue, 'base64').toString('latin1')).not.toContain(value);
    for (const row of rows) expect(row.secrets).not.toContain(value);
    expect(JSON.parse(rows[2].secrets)).toEqual([]);
  }, 30_000);

  it('PREVIEW: imports are releases; a rollback runs the earlier import’s build with its secrets, nothing built', async () => {
    const appId = await createHostingApp(t, cred, 'preview-released');
    const p1 = `preview-1-${randomUUID()}`;
    const p2 = `preview-2-${randomUUID()}`;
    await setSecret(appId, 'PREVIEW', p1);
    const first = await importMarker(appId, 'P1');
    await setSecret(appId, 'PREVIEW', p2);
    await importMarker(appId, 'P2');
    expect(await answer(appId, 'PREVIEW')).toMatchObject({ marker: 'P2', secretHash: sha256(p2) });
    const [, r1] = (await releases(appId, 'PREVIEW')).items;
    expect(r1).toMatchObject({ version: 1, operation: { type: 'IMPORT', id: first }, importId: first });
    expect(r1.links[0]).toEqual({ rel: 'operation', href: `/v1/hosting/apps/${appId}/imports/${first}` });
    const imports = await importCount(appId);

    const done = await rolledBack(appId, 'PREVIEW', r1.releaseId);
    expect(done).toMatchObject({ status: 'COMPLETED', noOp: false, variant: 'PREVIEW', importId: first });
    expectNoBuild(done, 1);
    expect(await answer(appId, 'PREVIEW')).toMatchObject({ marker: 'P1', secretHash: sha256(p1) });
    expect(await importCount(appId)).toBe(imports);
    const page = await releases(appId, 'PREVIEW');
    expect(page.items[0]).toMatchObject({
      version: 3,
      variant: 'PREVIEW',
      operation: { type: 'DEPLOYMENT', id: done.deploymentId },
      rollbackOf: { releaseId: r1.releaseId, version: 1 },
    });
    // PUBLISH has no release, and the app's status shows PREVIEW running the first import again.
    expect((await releases(appId, 'PUBLISH')).items).toEqual([]);
    const status = (await call('GET', `/v1/hosting/apps/${appId}/status`)).json() as AppStatusResponse;
    expect(status.variants.find((v) => v.variant === 'PREVIEW')).toMatchObject({
      state: 'RUNNING',
      importId: first,
    });

    // A kept release whose build was removed behind the platform's back: the rollback fails
    // BUILD_NOT_FOUND, makes no release, and PREVIEW keeps answering what it ran.
    const r2 = page.items[1];
    expect(r2).toMatchObject({ version: 2, eligibleForRollback: true });
    await rm(join(t.dataDir, 'imports', r2.importId), { recursive: true, force: true });
    const failed = await rolledBack(appId, 'PREVIEW', r2.releaseId);
    expect(failed).toMatchObject({ status: 'FAILED', error: { code: 'BUILD_NOT_FOUND' } });
    expect(failed.logs?.some((l) => l.includes('deployment failed: BUILD_NOT_FOUND'))).toBe(true);
    expect((await releases(appId, 'PREVIEW')).items.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(await answer(appId, 'PREVIEW')).toMatchObject({ marker: 'P1', secretHash: sha256(p1) });
  }, 180_000);
});
