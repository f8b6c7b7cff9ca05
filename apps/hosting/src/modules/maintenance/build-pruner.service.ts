import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IMPORT_SETTINGS, uploadsDir } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { errorMessage } from '@platform/errors';
import { isUuid } from '@platform/ids';

/** An upload no import references is removed once it is this old (it may still be streaming before). */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * A secrets version no kept release records is removed once it is this old: an import or
 * deployment that read it before starting records it only when it completes.
 */
export const SECRETS_SNAPSHOT_GRACE_MS = 60 * 60 * 1000;

export interface PruneResult {
  readonly imports: number;
  readonly deployments: number;
  readonly uploads: number;
  /** Secrets versions (hosting.app_secret_snapshots) removed. */
  readonly secretSnapshots: number;
}

/**
 * The kind of directory ('import' or 'deployment') and id of the builds of each variant's newest
 * HOSTING_RELEASES_KEPT releases ($1), and of the releases running rollbacks go back to.
 */
const KEPT_RELEASE_BUILDS = `
  SELECT CASE r.variant WHEN 'PREVIEW' THEN 'import' ELSE 'deployment' END, r.build_operation_id::text
    FROM hosting.releases r
   WHERE r.version > (SELECT max(m.version) FROM hosting.releases m
                       WHERE m.app_id = r.app_id AND m.variant = r.variant) - $1
  UNION SELECT CASE r.variant WHEN 'PREVIEW' THEN 'import' ELSE 'deployment' END, r.build_operation_id::text
    FROM hosting.deployment_operations d JOIN hosting.releases r ON r.id = d.rollback_of_release_id
   WHERE d.status = 'EXECUTING'`;

const describe = (error: unknown): string => errorMessage(error);

/**
 * Removes what the data dir holds for nothing: the directories of imports that no variant runs, no
 * running import or deployment needs and no kept release runs (`<data>/imports/<id>`), the copies
 * of deployments PUBLISH no longer runs and no kept release runs (`<data>/deployments/<id>`), and
 * uploads no running import references, once an hour old (`<data>/uploads/*`). Kept releases are
 * each variant's newest HOSTING_RELEASES_KEPT (docs/hosting.md, "Releases and rollback"); the
 * secrets versions (hosting.app_secret_snapshots) that neither they nor a variant's current set
 * use go too, once an hour old. The directories are listed *before* the database is asked what is
 * in use: a directory exists only once its record is committed, and a record in use then is
 * EXECUTING or current, so nothing in use can be missed by the query.
 */
@Injectable()
export class BuildPruner {
  private readonly logger = new Logger(BuildPruner.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
  ) {}

  async prune(now = Date.now()): Promise<PruneResult> {
    const importsRoot = join(this.settings.dataDir, 'imports');
    const deploymentsRoot = join(this.settings.dataDir, 'deployments');
    const [importIds, deploymentIds, uploads] = await Promise.all([
      this.entries(importsRoot),
      this.entries(deploymentsRoot),
      this.entries(uploadsDir(this.settings)),
    ]);
    const used = await this.inUse();
    const secretSnapshots = await this.pruneSecretSnapshots(now);
    return {
      imports: await this.remove(
        importsRoot,
        importIds.filter((id) => isUuid(id) && !used.imports.has(id)),
      ),
      deployments: await this.remove(
        deploymentsRoot,
        deploymentIds.filter((id) => isUuid(id) && !used.deployments.has(id)),
      ),
      uploads: await this.remove(
        uploadsDir(this.settings),
        await this.staleUploads(uploads, used.uploads, now),
      ),
      secretSnapshots,
    };
  }

  private async pruneSecretSnapshots(now: number): Promise<number> {
    const [, removed]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM hosting.app_secret_snapshots s
        WHERE s.created_at < $2
          AND s.version < (SELECT max(n.version) FROM hosting.app_secret_snapshots n
                            WHERE n.app_id = s.app_id AND n.variant = s.variant)
          AND NOT EXISTS (
                SELECT 1 FROM hosting.releases r
                 WHERE r.app_id = s.app_id AND r.variant = s.variant AND r.secrets_version = s.version
                   AND (r.version > (SELECT max(m.version) FROM hosting.releases m
                                      WHERE m.app_id = r.app_id AND m.variant = r.variant) - $1
                        OR r.id IN (SELECT d.rollback_of_release_id FROM hosting.deployment_operations d
                                     WHERE d.status = 'EXECUTING' AND d.rollback_of_release_id IS NOT NULL)))`,
      [this.settings.releasesKept, new Date(now - SECRETS_SNAPSHOT_GRACE_MS)],
    );
    return removed;
  }

  private async inUse(): Promise<{ imports: Set<string>; deployments: Set<string>; uploads: Set<string> }> {
    const rows: { kind: string; value: string }[] = await this.dataSource.query(
      `SELECT 'import' AS kind, current_build_id::text AS value
         FROM hosting.app_environments WHERE current_build_id IS NOT NULL
       UNION SELECT 'import', id::text FROM hosting.import_operations WHERE status = 'EXECUTING'
       UNION SELECT 'upload', archive_path FROM hosting.import_operations WHERE status = 'EXECUTING'
       UNION SELECT 'import', import_id::text FROM hosting.deployment_operations WHERE status = 'EXECUTING'
       UNION SELECT 'deployment', id::text FROM hosting.deployment_operations WHERE status = 'EXECUTING'
       UNION SELECT 'deployment', current_deployment_id::text
         FROM hosting.app_environments WHERE current_deployment_id IS NOT NULL
       UNION ${KEPT_RELEASE_BUILDS}`,
      [this.settings.releasesKept],
    );
    const of = (kind: string) => new Set(rows.filter((r) => r.kind === kind).map((r) => r.value));
    return { imports: of('import'), deployments: of('deployment'), uploads: of('upload') };
  }

  private async staleUploads(names: string[], used: Set<string>, now: number): Promise<string[]> {
    const stale: string[] = [];
    for (const name of names) {
      const path = join(uploadsDir(this.settings), name);
      if (used.has(path)) continue;
      const info = await stat(path).catch(() => undefined);
      if (info && now - info.mtimeMs >= UPLOAD_GRACE_MS) stale.push(name);
    }
    return stale;
  }

  private async entries(dir: string): Promise<string[]> {
    try {
      return await readdir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private async remove(dir: string, names: string[]): Promise<number> {
    let removed = 0;
    for (const name of names) {
      try {
        await rm(join(dir, name), { recursive: true, force: true });
        removed += 1;
      } catch (error) {
        this.logger.warn(`could not remove ${join(dir, name)}: ${describe(error)}`);
      }
    }
    return removed;
  }
}
