import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OperationRunner } from '@platform/queue';
import type { Queue } from 'bullmq';
import { Repository } from 'typeorm';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import type { Variant } from '../apps/app-environment.entity';
import { AppErrors } from '../apps/apps.errors';
import { AppsService } from '../apps/apps.service';
import { redactOperationFailure } from '../failures';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { RestartOperationEntity } from './restart-operation.entity';
import { RestartErrors } from './restarts.errors';
import { HostingRestartsQueue, RUN_RESTART_JOB } from './restarts.jobs';

/** Restarts of a variant's instances: check the app and the variant, enqueue the worker's job. */
@Injectable()
export class RestartsService {
  constructor(
    private readonly apps: AppsService,
    private readonly runner: OperationRunner,
    @InjectQueue(HostingRestartsQueue.name) private readonly queue: Queue,
    @InjectRepository(RestartOperationEntity) private readonly restarts: Repository<RestartOperationEntity>,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
    private readonly redaction: LogRedaction,
  ) {}

  /**
   * Accepts a restart of `variant`: the app must be the caller's (404) and ACTIVE (409), and the
   * variant must be meant to run a build (422 VARIANT_NOT_RUNNING otherwise).
   */
  async create(accountId: string, appId: string, variant: Variant): Promise<RestartOperationEntity> {
    const app = await this.apps.require(accountId, appId);
    if (app.status !== 'ACTIVE') throw AppErrors.appNotActive();
    const environment = await this.environments.findOneBy({ appId, variant });
    if (environment?.desiredState !== 'RUNNING' || !environment.buildDir || !environment.startCommand)
      throw RestartErrors.variantNotRunning(variant);
    return this.runner.start({
      entity: RestartOperationEntity,
      queue: this.queue,
      jobName: RUN_RESTART_JOB,
      data: { accountId, appId, variant, failure: null },
      payload: { appId },
    });
  }

  /** The restart of the caller's app, or RESTART_NOT_FOUND (also another account's or app's). */
  async view(accountId: string, appId: string, restartId: string): Promise<RestartOperationEntity> {
    await this.apps.require(accountId, appId);
    const operation = await this.restarts.findOneBy({ id: restartId, accountId, appId });
    if (!operation) throw RestartErrors.restartNotFound();
    redactOperationFailure(operation, await this.redaction.forApp(appId));
    return operation;
  }
}
