import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OperationRunner, isTerminalStatus } from '@platform/queue';
import type { Queue } from 'bullmq';
import { Repository } from 'typeorm';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { AppsService } from '../apps/apps.service';
import type { LogStreamSource } from '../app-logs/log-event-stream';
import { BuildLogLineEntity, buildLogPosition, followBuildLog, latestBuildLogLines } from '../build-logs';
import type { BuildLogResume } from '../build-logs';
import { AppErrors } from '../apps/apps.errors';
import { DeploymentErrors } from './deployments.errors';
import { redactOperationFailure } from '../failures';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { AppSubscriptionEntity } from '../subscriptions/app-subscription.entity';
import type { ReleaseEntity } from '../releases/release.entity';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { HostingDeploymentsQueue, RUN_DEPLOYMENT_JOB } from './deployments.jobs';

export interface DeploymentView {
  readonly operation: DeploymentOperationEntity;
  readonly logs: BuildLogLineEntity[];
}

export interface DeploymentList {
  /** Newest first. */
  readonly items: DeploymentOperationEntity[];
  readonly totalCount: number;
}

/** Deployments of both namespaces: check the app, fix what is published, enqueue the worker's job. */
@Injectable()
export class DeploymentsService {
  constructor(
    private readonly apps: AppsService,
    private readonly runner: OperationRunner,
    @InjectQueue(HostingDeploymentsQueue.name) private readonly queue: Queue,
    @InjectRepository(DeploymentOperationEntity)
    private readonly deployments: Repository<DeploymentOperationEntity>,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
    @InjectRepository(AppSubscriptionEntity) private readonly attachments: Repository<AppSubscriptionEntity>,
    @InjectRepository(BuildLogLineEntity) private readonly lines: Repository<BuildLogLineEntity>,
    private readonly redaction: LogRedaction,
  ) {}

  /**
   * Publishes what runs in PREVIEW now: the app must be the caller's (404) and ACTIVE (409), on a
   * hosting plan (422 SUBSCRIPTION_REQUIRED) and have a build in PREVIEW (422 NO_PREVIEW_BUILD).
   * The import, its build directory and start command are fixed in the record, so a later import
   * does not change what this deployment publishes.
   */
  async create(accountId: string, appId: string): Promise<DeploymentOperationEntity> {
    const app = await this.apps.require(accountId, appId);
    if (app.status !== 'ACTIVE') throw AppErrors.appNotActive();
    const attachment = await this.attachments.findOneBy({ appId });
    if (!attachment || attachment.attachState !== 'ACTIVE') throw DeploymentErrors.subscriptionRequired();
    const preview = await this.environments.findOneBy({ appId, variant: 'PREVIEW' });
    if (!preview?.currentBuildId || !preview.buildDir || !preview.startCommand)
      throw DeploymentErrors.noPreviewBuild();
    const started = await this.runner.start({
      entity: DeploymentOperationEntity,
      queue: this.queue,
      jobName: RUN_DEPLOYMENT_JOB,
      data: {
        accountId,
        appId,
        importId: preview.currentBuildId,
        sourceBuildDir: preview.buildDir,
        startCommand: preview.startCommand,
        noOp: null,
        failure: null,
        variant: 'PUBLISH',
        rollbackOfReleaseId: null,
      },
      payload: { appId },
    });
    // The deployment as accepted (EXECUTING, no attempt yet): re-reading it could already show the
    // worker's first attempt, and the answer to the POST would depend on that race.
    return started;
  }

  /**
   * A rollback (docs/hosting.md, "Releases and rollback"): a deployment of the release's variant
   * that runs the release's build directory again, nothing imported, copied or built. The caller
   * (ReleasesService) checked the app and the release.
   */
  startRollback(accountId: string, release: ReleaseEntity): Promise<DeploymentOperationEntity> {
    return this.runner.start({
      entity: DeploymentOperationEntity,
      queue: this.queue,
      jobName: RUN_DEPLOYMENT_JOB,
      data: {
        accountId,
        appId: release.appId,
        importId: release.importId,
        sourceBuildDir: release.buildDir,
        startCommand: release.runtime.startCommand,
        noOp: null,
        failure: null,
        variant: release.variant,
        rollbackOfReleaseId: release.id,
      },
      payload: { appId: release.appId },
    });
  }

  /** The deployment of the caller's app, or DEPLOYMENT_NOT_FOUND (also another account's or app's). */
  async operation(
    accountId: string,
    appId: string,
    deploymentId: string,
  ): Promise<DeploymentOperationEntity> {
    const operation = await this.deployments.findOneBy({ id: deploymentId, accountId, appId });
    if (!operation) throw DeploymentErrors.deploymentNotFound();
    return operation;
  }

  /** The deployment with its build log, secret values redacted (docs/hosting.md, "Secrets in logs"). */
  async view(accountId: string, appId: string, deploymentId: string): Promise<DeploymentView> {
    await this.apps.require(accountId, appId);
    const operation = await this.operation(accountId, appId, deploymentId);
    const redactor = await this.redaction.forApp(appId);
    redactOperationFailure(operation, redactor);
    return { operation, logs: await latestBuildLogLines(this.lines, deploymentId, redactor) };
  }

  /**
   * The live stream of a deployment's build log (docs/hosting.md, "Live logs"): from the line after
   * `resume` (Last-Event-ID or pageToken: a line's `seq`), finished once the deployment ended and every line was sent.
   */
  async followLogs(
    accountId: string,
    appId: string,
    deploymentId: string,
    resume: BuildLogResume,
  ): Promise<LogStreamSource> {
    const after = buildLogPosition(resume);
    await this.apps.require(accountId, appId);
    await this.operation(accountId, appId, deploymentId);
    return followBuildLog({
      dataSource: this.lines.manager.connection,
      operationId: deploymentId,
      after,
      redactor: await this.redaction.forApp(appId),
      ended: async () => isTerminalStatus((await this.operation(accountId, appId, deploymentId)).status),
    });
  }

  /**
   * The newest `limit` deployments of PUBLISH of the caller's app (index
   * deployment_operations_app_idx), rollbacks of PUBLISH included; rollbacks of PREVIEW are not
   * deployments in the earlier namespace's sense.
   */
  async list(accountId: string, appId: string, limit: number): Promise<DeploymentList> {
    await this.apps.require(accountId, appId);
    const [items, totalCount] = await this.deployments.findAndCount({
      where: { appId, accountId, variant: 'PUBLISH' },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
    });
    const redactor = await this.redaction.forApp(appId);
    for (const item of items) redactOperationFailure(item, redactor);
    return { items, totalCount };
  }
}
