import { mkdir, rm } from 'node:fs/promises';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { OperationStatus, PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { DataSource } from 'typeorm';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import { APP_ISOLATION } from '../app-runtime/runtime-driver.provider';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { BuildLogWriter } from '../build-logs';
import { BuildError, buildApp } from '../builds';
import type { BuildLogLine } from '../builds';
import { AppFailure, StartOutput, archiveFailure, buildFailure, startFailure } from '../failures';
import { RuntimeStartError } from '../runtime';
import type { LocalIsolation, VariantKey } from '../runtime';
import { recordRelease } from '../releases/release.recorder';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { secretsVersion } from '../secret-store/secret-versions';
import { ArchiveError, extractArchive } from './archive';
import { ImportOperationEntity } from './import-operation.entity';
import { ImportFailureCode } from './imports.errors';
import { IMPORT_SETTINGS, importPaths, npmCacheDir } from './import-settings';
import type { ImportSettings } from './import-settings';
import { errorMessage } from '@platform/errors';

const describe = (error: unknown): string => errorMessage(error);

/**
 * One import, run by ImportsProcessor inside OperationRunner.execute: extract the upload into a fresh
 * directory, build it (every line stored as it comes), start it in PREVIEW through the
 * AppRuntimeManager (replacing what ran there) and return the commit that records the variant in
 * app_environments and the PREVIEW release (docs/hosting.md, "Releases and rollback"), written in
 * the transaction that completes the import. A retried run starts
 * over from a fresh directory; refusals of the archive or the build are PermanentFailures (no retry),
 * AppFailures with the phase, code, first error and hint stored in the record's `failure`. Build
 * log lines are stored redacted (LogRedaction: the app's secret values become `[secret:NAME]`).
 */
@Injectable()
export class ImportRunner {
  private readonly logger = new Logger(ImportRunner.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly runtime: AppRuntimeManager,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
    @Inject(APP_ISOLATION) private readonly isolation: LocalIsolation,
    private readonly redaction: LogRedaction,
  ) {}

  async run(context: OperationContext<ImportOperationEntity>): Promise<OperationCommit> {
    try {
      return await this.attempt(context);
    } catch (error) {
      // Written before OperationRunner fails the record (a failed write here is retried like any other error).
      if (error instanceof AppFailure)
        await this.dataSource
          .getRepository(ImportOperationEntity)
          .update({ id: context.record.id, status: OperationStatus.EXECUTING }, { failure: error.failure });
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
    const paths = importPaths(this.settings, record.id, attempt);
    const redactor = await this.redaction.forApp(record.appId);
    const log = await BuildLogWriter.open(this.dataSource, record.id, redactor);
    const system = (message: string) => log.line('SYSTEM', message);
    if (attempt > 1) system(`attempt ${attempt}: starting over`);

    // Earlier attempts' files go (a killed attempt's orphans may still write there: harmless).
    for (let earlier = 1; earlier < attempt; earlier += 1)
      await rm(importPaths(this.settings, record.id, earlier).root, { recursive: true, force: true });
    await rm(paths.root, { recursive: true, force: true });
    await mkdir(paths.root, { recursive: true });
    try {
      await extractArchive(record.archivePath, paths.source);
    } catch (error) {
      if (error instanceof ArchiveError) {
        system(`archive refused: ${error.code}: ${error.message}`);
        await log.flush().catch(() => undefined);
        throw new AppFailure(error.code, error.message, archiveFailure());
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
        isolation: this.isolation,
        onLine: (line: BuildLogLine) => log.line(line.stream, line.message, line.at),
      });
    } catch (error) {
      if (error instanceof BuildError) {
        await log.flush().catch(() => undefined);
        const output = error.output.map((l) => ({ stream: l.stream, message: redactor.redact(l.message) }));
        throw new AppFailure(error.code, error.message, buildFailure(error.code, error.kind, output));
      }
      throw error;
    }
    await rm(paths.source, { recursive: true, force: true });

    const key: VariantKey = { appId: record.appId, variant: 'PREVIEW' };
    const { handle, owner, secrets } = await this.runtime.serialized(key, async () => {
      await this.refuseIfSuperseded(record);
      system(`starting in PREVIEW: ${[build.startCommand.command, ...build.startCommand.args].join(' ')}`);
      const output = new StartOutput();
      try {
        const version = await secretsVersion(this.dataSource.manager, record.appId, 'PREVIEW');
        // Takes PREVIEW over from the worker that ran it (that one stops its copy first).
        const started = await this.runtime.startInLock(key, build, output.observe);
        return { handle: started, owner: this.runtime.workerId, secrets: version };
      } catch (error) {
        if (error instanceof RuntimeStartError) {
          const failure = startFailure(error.reason, error.message, output.close(), {
            memoryMb: this.settings.appMemoryMb,
          });
          system(`the app did not start: ${error.message}`);
          system(`${failure.phase} ${failure.code}${failure.firstError ? `: ${failure.firstError}` : ''}`);
          await log.flush().catch(() => undefined);
          throw new AppFailure(ImportFailureCode.START_FAILED, error.message, failure);
        }
        throw error;
      } finally {
        output.close();
      }
    });
    system(`PREVIEW answers on port ${handle.port ?? '?'}`);
    await log.flush();
    await this.removeUpload(record);

    return async (manager) => {
      // Only while this worker still owns PREVIEW (docs/hosting.md, "Several workers"); otherwise a retry starts over.
      const result = await manager.getRepository(AppEnvironmentEntity).update(
        { appId: record.appId, variant: 'PREVIEW', ownerWorkerId: owner },
        {
          desiredState: 'RUNNING',
          currentBuildId: record.id,
          port: handle.port,
          runtimeState: handle.state,
          runtimeError: null,
          ...this.runtime.recordedRuntime(handle),
          buildDir: build.dir,
          startCommand: build.startCommand,
        },
      );
      if (result.affected === 0)
        throw new Error('another worker took PREVIEW over while this import started it');
      await recordRelease(manager, {
        accountId: record.accountId,
        appId: record.appId,
        variant: 'PREVIEW',
        operationType: 'IMPORT',
        operationId: record.id,
        importId: record.id,
        buildOperationId: record.id,
        buildDir: build.dir,
        secretsVersion: secrets,
        runtime: { startCommand: build.startCommand, memoryMb: this.settings.appMemoryMb },
      });
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
