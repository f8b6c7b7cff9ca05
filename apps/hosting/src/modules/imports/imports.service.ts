import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OperationRunner, isTerminalStatus } from '@platform/queue';
import type { Queue } from 'bullmq';
import type { FastifyRequest } from 'fastify';
import { Repository } from 'typeorm';
import { AppsService } from '../apps/apps.service';
import type { LogStreamSource } from '../app-logs/log-event-stream';
import { BuildLogLineEntity, buildLogPosition, followBuildLog, latestBuildLogLines } from '../build-logs';
import type { BuildLogResume } from '../build-logs';
import { AppErrors } from '../apps/apps.errors';
import { redactOperationFailure } from '../failures';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { ImportErrors } from './imports.errors';
import { ImportOperationEntity } from './import-operation.entity';
import { IMPORT_SETTINGS, uploadsDir } from './import-settings';
import type { ImportSettings } from './import-settings';
import { receiveUpload } from './import-upload';
import { HostingImportsQueue, RUN_IMPORT_JOB } from './imports.jobs';

export interface ImportView {
  readonly operation: ImportOperationEntity;
  readonly logs: BuildLogLineEntity[];
}

/** Imports of both namespaces: store the upload, record the operation, enqueue the worker's job. */
@Injectable()
export class ImportsService {
  constructor(
    private readonly apps: AppsService,
    private readonly runner: OperationRunner,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
    @InjectQueue(HostingImportsQueue.name) private readonly queue: Queue,
    @InjectRepository(ImportOperationEntity) private readonly imports: Repository<ImportOperationEntity>,
    @InjectRepository(BuildLogLineEntity) private readonly lines: Repository<BuildLogLineEntity>,
    private readonly redaction: LogRedaction,
  ) {}

  /**
   * Checks the app (another account's → 404, not ACTIVE → 409), streams the upload to the data dir,
   * then commits the import (EXECUTING) and enqueues it. The app's PREVIEW is replaced by the worker.
   */
  async upload(accountId: string, appId: string, req: FastifyRequest): Promise<ImportOperationEntity> {
    const app = await this.apps.require(accountId, appId);
    if (app.status !== 'ACTIVE') throw AppErrors.appNotActive();
    const stored = await receiveUpload(req, uploadsDir(this.settings), this.settings.maxUploadBytes);
    const started = await this.runner.start({
      entity: ImportOperationEntity,
      queue: this.queue,
      jobName: RUN_IMPORT_JOB,
      data: {
        accountId,
        appId,
        archivePath: stored.path,
        archiveBytes: stored.bytes,
        fileName: stored.fileName,
        failure: null,
      },
      payload: { appId },
    });
    return this.operation(accountId, appId, started.id);
  }

  /** The import of the caller's app, or IMPORT_NOT_FOUND (also for another account's or app's). */
  async operation(accountId: string, appId: string, importId: string): Promise<ImportOperationEntity> {
    const operation = await this.imports.findOneBy({ id: importId, accountId, appId });
    if (!operation) throw ImportErrors.importNotFound();
    return operation;
  }

  /** The import with its build log, secret values redacted (docs/hosting.md, "Secrets in logs"). */
  async view(accountId: string, appId: string, importId: string): Promise<ImportView> {
    await this.apps.require(accountId, appId);
    const operation = await this.operation(accountId, appId, importId);
    const redactor = await this.redaction.forApp(appId);
    redactOperationFailure(operation, redactor);
    return { operation, logs: await latestBuildLogLines(this.lines, importId, redactor) };
  }

  /**
   * The live stream of an import's build log (docs/hosting.md, "Live logs"): from the line after
   * `resume` (Last-Event-ID or pageToken: a line's `seq`), finished once the import ended and every line was sent.
   */
  async followLogs(
    accountId: string,
    appId: string,
    importId: string,
    resume: BuildLogResume,
  ): Promise<LogStreamSource> {
    const after = buildLogPosition(resume);
    await this.apps.require(accountId, appId);
    await this.operation(accountId, appId, importId);
    return followBuildLog({
      dataSource: this.lines.manager.connection,
      operationId: importId,
      after,
      redactor: await this.redaction.forApp(appId),
      ended: async () => isTerminalStatus((await this.operation(accountId, appId, importId)).status),
    });
  }
}
