import { mkdir, rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { DataSource } from 'typeorm';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { BuildError, buildApp } from '../builds';
import type { BuildLogLine } from '../builds';
import { RuntimeStartError } from '../runtime';
import type { VariantKey } from '../runtime';
import { ArchiveError, extractArchive } from './archive';
import { BuildLogLineEntity } from './build-log-line.entity';
import type { BuildLogLineStream } from './build-log-line.entity';
import { ImportOperationEntity } from './import-operation.entity';
import { IMPORT_SETTINGS, importPaths, npmCacheDir } from './import-settings';
import type { ImportSettings } from './import-settings';

/** Codes of an import's failure besides ArchiveError's and BuildError's (docs/errors.md, Hosting). */
export const ImportFailureCode = {
  /** The build did not start or never accepted connections on its port. */
  START_FAILED: 'START_FAILED',
  /** A newer import of the app already runs in PREVIEW; this one was not started. */
  SUPERSEDED: 'SUPERSEDED',
  /** The app's PREVIEW environment is missing (the app is gone). */
  APP_NOT_FOUND: 'APP_NOT_FOUND',
} as const;

/** Lines kept per import, and characters per line; beyond them lines are dropped (a SYSTEM line says so). */
export const MAX_BUILD_LOG_LINES = 5000;
export const MAX_BUILD_LOG_LINE_CHARS = 8192;

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Writes build log lines in order as they come, without making the builder wait. */
class BuildLogWriter {
  private chain: Promise<void> = Promise.resolve();
  private written = 0;
  private failed = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly importId: string,
    private seq: number,
  ) {}

  static async open(dataSource: DataSource, importId: string): Promise<BuildLogWriter> {
    const rows: { max: number | null }[] = await dataSource.query(
      'SELECT max(seq) AS max FROM hosting.build_log_lines WHERE import_id = $1',
      [importId],
    );
    return new BuildLogWriter(dataSource, importId, rows[0]?.max ?? 0);
  }

  line(stream: BuildLogLineStream, message: string, at = new Date()): void {
    if (this.written > MAX_BUILD_LOG_LINES) return;
    this.written += 1;
    const text =
      this.written > MAX_BUILD_LOG_LINES ? `build log truncated after ${MAX_BUILD_LOG_LINES} lines` : message;
    const row = {
      importId: this.importId,
      seq: ++this.seq,
      at,
      stream: this.written > MAX_BUILD_LOG_LINES ? 'SYSTEM' : stream,
      message: text.slice(0, MAX_BUILD_LOG_LINE_CHARS),
    };
    this.chain = this.chain.then(async () => {
      if (this.failed) return;
      try {
        await this.dataSource.getRepository(BuildLogLineEntity).insert(row);
      } catch {
        this.failed = true; // a lost log line must not fail the build; the flush reports it
      }
    });
  }

  async flush(): Promise<void> {
    await this.chain;
    if (this.failed) throw new Error('build log lines could not be stored');
  }
}

/**
 * One import, run by ImportsProcessor inside OperationRunner.execute: extract the upload into a fresh
 * directory, build it (every line stored as it comes), start it in PREVIEW through the
 * AppRuntimeManager (replacing what ran there) and return the commit that records the variant in
 * app_environments, written in the transaction that completes the import. A retried run starts
 * over from a fresh directory; refusals of the archive or the build are PermanentFailures (no retry).
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger(ImportRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly runtime: AppRuntimeManager,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
  ) {}

  async run(context: OperationContext<ImportOperationEntity>): Promise<OperationCommit> {
    try {
      return await this.attempt(context);
    } catch (error) {
      // A permanent failure is final (no retry): its upload is not needed any more.
      if (error instanceof PermanentFailure) await this.removeUpload(context.record);
      throw error;
    }
  }

  private async removeUpload(record: ImportOperationEntity): Promise<void> {
    await rm(record.archivePath, { force: true }).catch((error: unknown) =>
      this.logger.warn(`could not remove upload ${record.archivePath}: ${describe(error)}`),
    );
  }

  private async attempt({
    record,
    attempt,
  }: OperationContext<ImportOperationEntity>): Promise<OperationCommit> {
    const paths = importPaths(this.settings, record.id);
    const log = await BuildLogWriter.open(this.dataSource, record.id);
    const system = (message: string) => log.line('SYSTEM', message);
    if (attempt > 1) system(`attempt ${attempt}: starting over`);

    await rm(paths.root, { recursive: true, force: true });
    await mkdir(paths.root, { recursive: true });
    try {
      await extractArchive(record.archivePath, paths.source);
    } catch (error) {
      if (error instanceof ArchiveError) {
        system(`archive refused: ${error.code}: ${error.message}`);
        await log.flush().catch(() => undefined);
        throw new PermanentFailure(error.code, error.message);
      }
      throw error;
    }
    system('archive extracted');

    let build;
    try {
      build = await buildApp({
        sourceDir: paths.source,
        workDir: paths.build,
        npmCacheDir: npmCacheDir(this.settings),
        offline: this.settings.npmOffline,
        onLine: (line: BuildLogLine) => log.line(line.stream, line.message, line.at),
      });
    } catch (error) {
      if (error instanceof BuildError) {
        await log.flush().catch(() => undefined);
        throw new PermanentFailure(error.code, error.message);
      }
      throw error;
    }
    await rm(paths.source, { recursive: true, force: true });

    const key: VariantKey = { appId: record.appId, variant: 'PREVIEW' };
    const handle = await this.runtime.serialized(key, async () => {
      await this.refuseIfSuperseded(record);
      system(`starting in PREVIEW: ${[build.startCommand.command, ...build.startCommand.args].join(' ')}`);
      try {
        return await this.runtime.startInLock(key, build);
      } catch (error) {
        if (error instanceof RuntimeStartError) {
          system(`the app did not start: ${error.message}`);
          await log.flush().catch(() => undefined);
          throw new PermanentFailure(ImportFailureCode.START_FAILED, error.message);
        }
        throw error;
      }
    });
    system(`PREVIEW answers on port ${handle.port ?? '?'}`);
    await log.flush();
    await this.removeUpload(record);

    return async (manager) => {
      await manager.getRepository(AppEnvironmentEntity).update(
        { appId: record.appId, variant: 'PREVIEW' },
        {
          desiredState: 'RUNNING',
          currentBuildId: record.id,
          port: handle.port,
          runtimeState: handle.state,
          runtimeError: null,
          buildDir: build.dir,
          startCommand: build.startCommand,
        },
      );
    };
  }

  /** Refuses to replace the PREVIEW when the import running there is newer than this one. */
  private async refuseIfSuperseded(record: ImportOperationEntity): Promise<void> {
    const rows: { current: string | null; newer: boolean | null }[] = await this.dataSource.query(
      `SELECT e.current_build_id AS current,
              (i.id <> $2 AND i.created_at > (SELECT created_at FROM hosting.import_operations WHERE id = $2)) AS newer
         FROM hosting.app_environments e
         LEFT JOIN hosting.import_operations i ON i.id = e.current_build_id
        WHERE e.app_id = $1 AND e.variant = 'PREVIEW'`,
      [record.appId, record.id],
    );
    if (rows.length === 0)
      throw new PermanentFailure(ImportFailureCode.APP_NOT_FOUND, 'the app has no PREVIEW environment');
    if (rows[0]?.newer)
      throw new PermanentFailure(
        ImportFailureCode.SUPERSEDED,
        `a newer import (${rows[0].current ?? '?'}) already runs in PREVIEW`,
      );
  }
}
