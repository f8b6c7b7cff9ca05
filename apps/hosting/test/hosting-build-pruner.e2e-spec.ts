import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImportSettings } from '../src/config/hosting.config';
import { BuildPruner, UPLOAD_GRACE_MS } from '../src/modules/maintenance/build-pruner.service';
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
    expect(await pruner.prune()).toEqual({ imports: 2, deployments: 1, uploads: 1 });

    expect((await readdir(join(dataDir, 'imports'))).sort()).toEqual(
      [ids.previewImport, ids.publishImport, ids.runningImport, ids.deployingImport, 'not-an-import'].sort(),
    );
    expect((await readdir(join(dataDir, 'deployments'))).sort()).toEqual(
      [ids.publishDeployment, ids.runningDeployment].sort(),
    );
    expect((await readdir(uploads)).sort()).toEqual(['orphan-new.upload', 'used.upload']);

    // A second run finds nothing more to do.
    expect(await pruner.prune()).toEqual({ imports: 0, deployments: 0, uploads: 0 });
  });

  it('an empty data dir is nothing to prune', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'hosting-prune-empty-'));
    try {
      const pruner = new BuildPruner(t.dataSource, loadImportSettings({ HOSTING_DATA_DIR: empty }));
      expect(await pruner.prune()).toEqual({ imports: 0, deployments: 0, uploads: 0 });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
