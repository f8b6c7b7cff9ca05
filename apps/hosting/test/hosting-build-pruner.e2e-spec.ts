import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImportSettings } from '../src/config/hosting.config';
import {
  BuildPruner,
  SECRETS_SNAPSHOT_GRACE_MS,
  UPLOAD_GRACE_MS,
} from '../src/modules/maintenance/build-pruner.service';
import { HostingTestApp, startHostingTestApp } from './support/hosting-test-app';

describe('BuildPruner: unused build directories and uploads are removed, used ones never (real Postgres)', () => {
  let t: HostingTestApp;
  let dataDir: string;

  beforeAll(async () => {
    t = await startHostingTestApp('hosting-build-pruner');
    dataDir = await mkdtemp(join(tmpdir(), 'hosting-prune-'));
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const accountId = randomUUID();
  const appId = 'NODEJS-prunerApp1';
  const ids = {
    previewImport: randomUUID(),
    publishImport: randomUUID(),
    failedImport: randomUUID(),
    runningImport: randomUUID(),
    deployingImport: randomUUID(),
    oldImport: randomUUID(),
    publishDeployment: randomUUID(),
    failedDeployment: randomUUID(),
    runningDeployment: randomUUID(),
  };

  async function insertImport(id: string, status: string, archivePath = '/nowhere'): Promise<void> {
    await t.dataSource.query(
      `INSERT INTO hosting.import_operations (id, status, job_queue, job_name, job_data, account_id, app_id, archive_path, archive_bytes)
       VALUES ($1, $2, 'hosting-imports', 'import.run', '{}', $3, $4, $5, 1)`,
      [id, status, accountId, appId, archivePath],
    );
  }

  async function insertDeployment(id: string, status: string, importId: string): Promise<void> {
    await t.dataSource.query(
      `INSERT INTO hosting.deployment_operations (id, status, job_queue, job_name, job_data, account_id, app_id, import_id, source_build_dir, start_command)
       VALUES ($1, $2, 'hosting-deployments', 'deployment.run', '{}', $3, $4, $5, '/nowhere', '{"command":"node","args":["a.js"]}')`,
      [id, status, accountId, appId, importId],
    );
  }

  it('keeps what a variant runs and what a running import or deployment needs; removes the rest', async () => {
    const uploads = join(dataDir, 'uploads');
    const usedUpload = join(uploads, 'used.upload');
    await t.dataSource.query(
      `INSERT INTO hosting.apps (app_id, account_id, name, app_type, status, creation_operation_id)
       VALUES ($1, $2, 'pruned', 'NODEJS', 'ACTIVE', $3)`,
      [appId, accountId, randomUUID()],
    );
    await insertImport(ids.previewImport, 'COMPLETED');
    await insertImport(ids.publishImport, 'COMPLETED');
    await insertImport(ids.failedImport, 'FAILED');
    await insertImport(ids.runningImport, 'EXECUTING', usedUpload);
    await insertImport(ids.deployingImport, 'COMPLETED');
    await insertImport(ids.oldImport, 'COMPLETED');
    await insertDeployment(ids.publishDeployment, 'COMPLETED', ids.publishImport);
    await insertDeployment(ids.failedDeployment, 'FAILED', ids.oldImport);
    await insertDeployment(ids.runningDeployment, 'EXECUTING', ids.deployingImport);
    await t.dataSource.query(
      `INSERT INTO hosting.app_environments (app_id, variant, desired_state, current_build_id, current_deployment_id)
       VALUES ($1, 'PREVIEW', 'RUNNING', $2, NULL), ($1, 'PUBLISH', 'RUNNING', $3, $4)`,
      [appId, ids.previewImport, ids.publishImport, ids.publishDeployment],
    );

    const importIds = [
      ids.previewImport,
      ids.publishImport,
      ids.failedImport,
      ids.runningImport,
      ids.deployingImport,
      ids.oldImport,
    ];
    for (const id of importIds)
      await mkdir(join(dataDir, 'imports', id, 'build', 'app'), { recursive: true });
    await mkdir(join(dataDir, 'imports', 'not-an-import'), { recursive: true });
    for (const id of [ids.publishDeployment, ids.failedDeployment, ids.runningDeployment])
      await mkdir(join(dataDir, 'deployments', id, 'app'), { recursive: true });
    await mkdir(uploads, { recursive: true });
    const old = new Date(Date.now() - UPLOAD_GRACE_MS - 60_000);
    for (const name of ['used.upload', 'orphan-old.upload', 'orphan-new.upload']) {
      await writeFile(join(uploads, name), 'zip');
      if (name !== 'orphan-new.upload') await utimes(join(uploads, name), old, old);
    }

    const pruner = new BuildPruner(t.dataSource, loadImportSettings({ HOSTING_DATA_DIR: dataDir }));
    expect(await pruner.prune()).toEqual({ imports: 2, deployments: 1, uploads: 1, secretSnapshots: 0 });

    expect((await readdir(join(dataDir, 'imports'))).sort()).toEqual(
      [ids.previewImport, ids.publishImport, ids.runningImport, ids.deployingImport, 'not-an-import'].sort(),
    );
    expect((await readdir(join(dataDir, 'deployments'))).sort()).toEqual(
      [ids.publishDeployment, ids.runningDeployment].sort(),
    );
    expect((await readdir(uploads)).sort()).toEqual(['orphan-new.upload', 'used.upload']);

    // A second run finds nothing more to do.
    expect(await pruner.prune()).toEqual({ imports: 0, deployments: 0, uploads: 0, secretSnapshots: 0 });
  });

  it('keeps the builds and secrets versions of each variant’s newest HOSTING_RELEASES_KEPT releases', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hosting-prune-releases-'));
    const app = 'NODEJS-prunerRel01';
    const imports = [randomUUID(), randomUUID(), randomUUID()];
    const deployments = [randomUUID(), randomUUID(), randomUUID()];
    try {
      for (const [n, id] of imports.entries()) {
        await insertImport(id, 'COMPLETED');
        await mkdir(join(dir, 'imports', id, 'attempt-1', 'build', 'app'), { recursive: true });
        await insertRelease(app, 'PREVIEW', n + 1, id, n + 1);
      }
      // PUBLISH: v1 to v3 deployments, v4 a rollback to v2 (the same build, the same secrets).
      for (const [n, id] of deployments.entries()) {
        await mkdir(join(dir, 'deployments', id, 'app'), { recursive: true });
        await insertRelease(app, 'PUBLISH', n + 1, id, n + 1);
      }
      await insertRelease(app, 'PUBLISH', 4, deployments[1], 2);
      // Secrets versions 1 to 4 of PUBLISH: 2 and 3 are the kept releases', 4 is in force.
      for (const version of [1, 2, 3, 4])
        await t.dataSource.query(
          `INSERT INTO hosting.app_secret_snapshots (app_id, variant, version, secrets) VALUES ($1, 'PUBLISH', $2, '[]')`,
          [app, version],
        );
      const pruner = new BuildPruner(
        t.dataSource,
        loadImportSettings({ HOSTING_DATA_DIR: dir, HOSTING_RELEASES_KEPT: '2' }),
      );
      // Within the hour a version may still be recorded by a running operation: none goes.
      expect(await pruner.prune()).toEqual({ imports: 1, deployments: 1, uploads: 0, secretSnapshots: 0 });
      expect(await pruner.prune(Date.now() + 2 * SECRETS_SNAPSHOT_GRACE_MS)).toEqual({
        imports: 0,
        deployments: 0,
        uploads: 0,
        secretSnapshots: 1,
      });
      expect((await readdir(join(dir, 'imports'))).sort()).toEqual(imports.slice(1).sort());
      expect((await readdir(join(dir, 'deployments'))).sort()).toEqual(deployments.slice(1).sort());
      const versions: { version: number }[] = await t.dataSource.query(
        `SELECT version FROM hosting.app_secret_snapshots WHERE app_id = $1 ORDER BY version`,
        [app],
      );
      expect(versions.map((v) => v.version)).toEqual([2, 3, 4]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  async function insertRelease(
    app: string,
    variant: string,
    version: number,
    buildOperationId: string,
    secretsVersion: number,
  ): Promise<void> {
    await t.dataSource.query(
      `INSERT INTO hosting.releases (id, account_id, app_id, variant, version, operation_type, operation_id, import_id,
                                     build_operation_id, build_dir, secrets_version, runtime)
       VALUES ($1, $2, $3, $4, $5, 'DEPLOYMENT', $1, $1, $6, '/nowhere', $7, '{}')`,
      [randomUUID(), accountId, app, variant, version, buildOperationId, secretsVersion],
    );
  }

  it('an empty data dir is nothing to prune', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'hosting-prune-empty-'));
    try {
      const pruner = new BuildPruner(t.dataSource, loadImportSettings({ HOSTING_DATA_DIR: empty }));
      expect(await pruner.prune()).toEqual({ imports: 0, deployments: 0, uploads: 0, secretSnapshots: 0 });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
