import { Inject, Injectable } from '@nestjs/common';
import { OperationStatus, PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { DataSource } from 'typeorm';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { AppFailure, StartOutput, startFailure } from '../failures';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { RuntimeStartError } from '../runtime';
import type { VariantHandle, VariantKey } from '../runtime';
import { RestartOperationEntity } from './restart-operation.entity';
import { RestartFailureCode } from './restarts.errors';

/**
 * One restart, run by RestartsProcessor inside OperationRunner.execute: the variant's instances are
 * replaced one at a time with the build it runs (AppRuntimeManager.restartInLock; env and health
 * check as they are now), each replacement gated like a deploy and each old instance drained. A
 * replacement that never gets ready ends the restart FAILED RESTART_FAILED with the `failure` of its
 * phase; the instances not replaced yet keep serving. The commit records the variant's port, state and new instances.
 */
@Injectable()
export class RestartRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runtime: AppRuntimeManager,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
  ) {}

  async run({ record }: OperationContext<RestartOperationEntity>): Promise<OperationCommit> {
    const key: VariantKey = { appId: record.appId, variant: record.variant };
    let restarted: { handle: VariantHandle; owner: string };
    try {
      restarted = await this.runtime.serialized(key, () => this.restartInLock(key));
    } catch (error) {
      if (error instanceof AppFailure)
        await this.dataSource
          .getRepository(RestartOperationEntity)
          .update({ id: record.id, status: OperationStatus.EXECUTING }, { failure: error.failure });
      throw error;
    }
    return async (manager) => {
      await manager.getRepository(AppEnvironmentEntity).update(
        { appId: key.appId, variant: key.variant, ownerWorkerId: restarted.owner },
        {
          port: restarted.handle.port,
          runtimeState: restarted.handle.state,
          runtimeError: null,
          ...this.runtime.recordedRuntime(restarted.handle),
        },
      );
    };
  }

  private async restartInLock(key: VariantKey): Promise<{ handle: VariantHandle; owner: string }> {
    const environment = await this.dataSource
      .getRepository(AppEnvironmentEntity)
      .findOneBy({ appId: key.appId, variant: key.variant });
    if (environment?.desiredState !== 'RUNNING' || !environment.buildDir || !environment.startCommand)
      throw new PermanentFailure(
        RestartFailureCode.VARIANT_NOT_RUNNING,
        `${key.variant} runs nothing to restart`,
      );
    const output = new StartOutput();
    try {
      const handle = await this.runtime.restartInLock(
        key,
        { dir: environment.buildDir, startCommand: environment.startCommand },
        output.observe,
      );
      return { handle, owner: this.runtime.workerId };
    } catch (error) {
      if (!(error instanceof RuntimeStartError)) throw error;
      const failure = startFailure(error.reason, error.message, output.close(), {
        memoryMb: this.settings.appMemoryMb,
      });
      throw new AppFailure(RestartFailureCode.RESTART_FAILED, error.message, failure);
    } finally {
      output.close();
    }
  }
}
