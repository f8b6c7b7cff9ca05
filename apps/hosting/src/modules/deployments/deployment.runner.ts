import { cp, mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { OperationStatus, PermanentFailure } from '@platform/queue';
import type { OperationCommit, OperationContext } from '@platform/queue';
import { DataSource } from 'typeorm';
import { AppRuntimeManager } from '../app-runtime/app-runtime-manager.service';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { BuildLogWriter } from '../build-logs';
import { AppFailure, StartOutput, startFailure } from '../failures';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { RuntimeStartError } from '../runtime';
import type { VariantHandle, VariantKey } from '../runtime';
import { ReleaseEntity } from '../releases/release.entity';
import { recordRelease } from '../releases/release.recorder';
import { RollbackFailureCode } from '../releases/releases.errors';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { SecretStoreService } from '../secret-store/secret-store.service';
import { AppSubscriptionEntity } from '../subscriptions/app-subscription.entity';
import { DeploymentOperationEntity } from './deployment-operation.entity';
import { DeploymentFailureCode } from './deployments.errors';
import { errorMessage } from '@platform/errors';

/** Where a deployment's copy of the build lives: `<data>/deployments/<deploymentId>/app`. */
export const deploymentDir = (settings: ImportSettings, deploymentId: string): string =>
  join(settings.dataDir, 'deployments', deploymentId, 'app');

type Published =
  | { readonly noOp: true; readonly handle: VariantHandle; readonly dir: string }
  | {
      readonly noOp: false;
      readonly handle: VariantHandle;
      readonly dir: string;
      /** The worker that started it: the commit is written only while it owns the variant. */
      readonly owner: string;
      /** The variant's secrets version it was started with (its release records it). */
      readonly secretsVersion: number;
    };

const describe = (error: unknown): string => errorMessage(error);

/**
 * One deployment, run by DeploymentsProcessor inside OperationRunner.execute. Its log starts with a
 * copy of its import's build log, then says what it does. When PUBLISH already runs the deployed
 * import the deployment is a no-op (nothing restarted). Otherwise it copies the import's build into
 * its own directory (PUBLISH never shares files with PREVIEW), starts it in PUBLISH with PUBLISH's
 * secrets, instances and health check beside what runs there (traffic moves once the new instances
 * pass the check, then the old ones are drained) and returns the commit that records PUBLISH and
 * marks the app's attachment PUBLISHED. A start that fails leaves the previous build serving
 * (restarted here if it ran on another worker, which stopped it when this one took the variant
 * over) and ends FAILED START_FAILED with the record's `failure` saying which phase failed and why
 * (HEALTH_CHECK for a check that never passed). Its own log lines are stored redacted
 * (LogRedaction). A deployment that starts a build records a release in its completing transaction.
 *
 * A rollback (`rollbackOfReleaseId`, docs/hosting.md "Releases and rollback") is run here too, in
 * its variant, started the same way: no import log copied, nothing copied or built; the variant's
 * secrets are restored to the release's version (as a new version), the release's build directory
 * is started again, and the new release says what it rolled back to. When the variant's newest
 * release is that release, its secrets unchanged and it runs, the rollback is a no-op.
 */
@Injectable()
export class DeploymentRunner {
  constructor(
    private readonly dataSource: DataSource,
    private readonly runtime: AppRuntimeManager,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
    private readonly redaction: LogRedaction,
    private readonly secrets: SecretStoreService,
  ) {}

  async run({ record, attempt }: OperationContext<DeploymentOperationEntity>): Promise<OperationCommit> {
    const log = await BuildLogWriter.open(
      this.dataSource,
      record.id,
      await this.redaction.forApp(record.appId),
    );
    const rollback = record.rollbackOfReleaseId
      ? await this.rollbackTarget(record.rollbackOfReleaseId)
      : null;
    if (!rollback) await log.copyFrom(record.importId);
    const system = (message: string) => log.line('SYSTEM', message);
    if (attempt > 1) system(`attempt ${attempt}: starting over`);
    system(
      rollback
        ? `deployment ${record.id}: rolling back ${record.variant} to release v${rollback.version}, no build`
        : `deployment ${record.id}: publishing import ${record.importId} to PUBLISH`,
    );

    const key: VariantKey = { appId: record.appId, variant: record.variant };
    let published: Published;
    try {
      published = await this.runtime.serialized(key, () =>
        rollback
          ? this.rollbackInLock(key, record, rollback, system)
          : this.publishInLock(key, record, system),
      );
    } catch (error) {
      if (error instanceof PermanentFailure) {
        system(`deployment failed: ${error.code}: ${error.message}`);
        await log.flush().catch(() => undefined);
      }
      // Written before OperationRunner fails the record (a failed write here is retried like any other error).
      if (error instanceof AppFailure)
        await this.dataSource
          .getRepository(DeploymentOperationEntity)
          .update({ id: record.id, status: OperationStatus.EXECUTING }, { failure: error.failure });
      throw error;
    }
    system(
      published.noOp
        ? rollback
          ? `${key.variant} already runs release v${rollback.version}: nothing restarted`
          : `PUBLISH already runs import ${record.importId}: nothing restarted`
        : `${key.variant} answers on port ${published.handle.port ?? '?'}`,
    );
    await log.flush();

    return async (manager) => {
      if (!published.noOp) {
        // Only while this worker still owns the variant (docs/hosting.md, "Several workers"); otherwise a retry starts over.
        const result = await manager.getRepository(AppEnvironmentEntity).update(
          { appId: record.appId, variant: key.variant, ownerWorkerId: published.owner },
          {
            desiredState: 'RUNNING',
            currentBuildId: record.importId,
            ...(key.variant === 'PUBLISH' ? { currentDeploymentId: record.id } : {}),
            port: published.handle.port,
            runtimeState: published.handle.state,
            runtimeError: null,
            ...this.runtime.recordedRuntime(published.handle),
            buildDir: published.dir,
            startCommand: record.startCommand,
          },
        );
        if (result.affected === 0)
          throw new Error(`another worker took ${key.variant} over while this deployment started it`);
        await recordRelease(manager, {
          accountId: record.accountId,
          appId: record.appId,
          variant: key.variant,
          operationType: 'DEPLOYMENT',
          operationId: record.id,
          importId: record.importId,
          buildOperationId: rollback?.buildOperationId ?? record.id,
          buildDir: published.dir,
          secretsVersion: published.secretsVersion,
          runtime: { startCommand: record.startCommand, memoryMb: this.settings.appMemoryMb },
          rollbackOf: rollback,
        });
      }
      await manager
        .getRepository(DeploymentOperationEntity)
        .update({ id: record.id }, { noOp: published.noOp });
      if (key.variant === 'PUBLISH')
        await manager
          .getRepository(AppSubscriptionEntity)
          .update({ appId: record.appId }, { appState: 'PUBLISHED' });
    };
  }

  private async rollbackTarget(releaseId: string): Promise<ReleaseEntity> {
    const release = await this.dataSource.getRepository(ReleaseEntity).findOneBy({ id: releaseId });
    if (!release)
      throw new PermanentFailure(
        DeploymentFailureCode.BUILD_NOT_FOUND,
        `release ${releaseId} does not exist`,
      );
    return release;
  }

  /**
   * A rollback, in the variant's lock: a no-op when the variant already runs the release as it was;
   * otherwise the release's secrets version is restored (a new version), its build directory started
   * again, and on a failed start the secrets are set back and the previous build restarted.
   */
  private async rollbackInLock(
    key: VariantKey,
    record: DeploymentOperationEntity,
    release: ReleaseEntity,
    system: (message: string) => void,
  ): Promise<Published> {
    const env = await this.dataSource
      .getRepository(AppEnvironmentEntity)
      .findOneBy({ appId: record.appId, variant: key.variant });
    if (!env)
      throw new PermanentFailure(
        DeploymentFailureCode.APP_NOT_FOUND,
        `the app has no ${key.variant} environment`,
      );
    if (key.variant === 'PUBLISH') await this.refuseIfSuperseded(record, env);

    const before = await this.secrets.version(record.appId, key.variant);
    const newest = await this.dataSource.getRepository(ReleaseEntity).findOne({
      select: { id: true },
      where: { appId: record.appId, variant: key.variant },
      order: { version: 'DESC' },
    });
    if (
      newest?.id === release.id &&
      before === release.secretsVersion &&
      env.desiredState === 'RUNNING' &&
      env.buildDir === release.buildDir &&
      (await this.runtime.runsAnywhere(key))
    )
      return { noOp: true, handle: await this.runtime.driver.status(key), dir: release.buildDir };

    if (!(await stat(release.buildDir).catch(() => null)))
      throw new PermanentFailure(
        DeploymentFailureCode.BUILD_NOT_FOUND,
        `the build of release v${release.version} is gone (no longer kept)`,
      );
    let secretsVersion = before;
    if (release.secretsVersion !== before) {
      const restored = await this.secrets.restore(record.appId, key.variant, release.secretsVersion);
      if (restored === false)
        throw new PermanentFailure(
          RollbackFailureCode.SECRETS_VERSION_GONE,
          `the secrets version of release v${release.version} is no longer kept`,
        );
      secretsVersion = restored;
      system(
        `secrets set to those of release v${release.version} (version ${release.secretsVersion}, now ${restored})`,
      );
    }
    system(
      `starting the build of release v${release.version}: ${[record.startCommand.command, ...record.startCommand.args].join(' ')}`,
    );
    const handle = await this.startOrRestore(key, release.buildDir, record, env, system, async () => {
      if (secretsVersion === before) return;
      const back = await this.secrets.restore(record.appId, key.variant, before);
      system(
        `secrets set back to version ${before}${back === false ? ' failed: it is gone' : ` (now ${back})`}`,
      );
    });
    return { noOp: false, handle, dir: release.buildDir, owner: this.runtime.workerId, secretsVersion };
  }

  private async publishInLock(
    key: VariantKey,
    record: DeploymentOperationEntity,
    system: (message: string) => void,
  ): Promise<Published> {
    const publish = await this.dataSource
      .getRepository(AppEnvironmentEntity)
      .findOneBy({ appId: record.appId, variant: 'PUBLISH' });
    if (!publish)
      throw new PermanentFailure(DeploymentFailureCode.APP_NOT_FOUND, 'the app has no PUBLISH environment');
    await this.refuseIfSuperseded(record, publish);

    // Running here or on the worker that owns it: nothing to restart.
    if (
      publish.currentBuildId === record.importId &&
      publish.desiredState === 'RUNNING' &&
      publish.buildDir !== null &&
      (await this.runtime.runsAnywhere(key))
    )
      return {
        noOp: true,
        handle: await this.runtime.driver.status(key),
        dir: publish.buildDir,
      };

    const dir = deploymentDir(this.settings, record.id);
    await rm(join(dir, '..'), { recursive: true, force: true });
    await mkdir(join(dir, '..'), { recursive: true });
    try {
      await cp(record.sourceBuildDir, dir, { recursive: true, verbatimSymlinks: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new PermanentFailure(
          DeploymentFailureCode.BUILD_NOT_FOUND,
          `the build of import ${record.importId} is gone; import the source again`,
        );
      throw error;
    }
    system(`build copied; starting: ${[record.startCommand.command, ...record.startCommand.args].join(' ')}`);
    const secretsVersion = await this.secrets.version(record.appId, key.variant);
    const handle = await this.startOrRestore(key, dir, record, publish, system);
    return { noOp: false, handle, dir, owner: this.runtime.workerId, secretsVersion };
  }

  /**
   * Starts `dir` in the variant, taking it over from the worker that ran it (that one stops its copy
   * first). A failed start is classified (AppFailure START_FAILED), `beforeRestore` runs, and the
   * build the variant ran before is started again.
   */
  private async startOrRestore(
    key: VariantKey,
    dir: string,
    record: DeploymentOperationEntity,
    previous: AppEnvironmentEntity,
    system: (message: string) => void,
    beforeRestore?: () => Promise<void>,
  ): Promise<VariantHandle> {
    const output = new StartOutput();
    try {
      return await this.runtime.startInLock(key, { dir, startCommand: record.startCommand }, output.observe);
    } catch (error) {
      if (!(error instanceof RuntimeStartError)) throw error;
      const failure = startFailure(error.reason, error.message, output.close(), {
        memoryMb: this.settings.appMemoryMb,
      });
      system(`the app did not start in ${key.variant}: ${error.message}`);
      system(`${failure.phase} ${failure.code}${failure.firstError ? `: ${failure.firstError}` : ''}`);
      await beforeRestore?.();
      // The new instances started beside the old ones: these keep serving unless they ran elsewhere.
      if (await this.runtime.runsAnywhere(key)) system(`the previous ${key.variant} build keeps serving`);
      else await this.restorePrevious(key, previous, system);
      throw new AppFailure(DeploymentFailureCode.START_FAILED, error.message, failure);
    } finally {
      output.close();
    }
  }

  /**
   * After a failed start of a variant that no longer runs (another worker ran it and stopped its
   * copy at the takeover), starts the build it ran before (if it ran one), so it answers again.
   */
  private async restorePrevious(
    key: VariantKey,
    previous: AppEnvironmentEntity,
    system: (message: string) => void,
  ): Promise<void> {
    if (previous.desiredState !== 'RUNNING' || !previous.buildDir || !previous.startCommand) return;
    system(`restarting the previous ${key.variant} build (import ${previous.currentBuildId ?? '?'})`);
    try {
      const handle = await this.runtime.startInLock(key, {
        dir: previous.buildDir,
        startCommand: previous.startCommand,
      });
      system(`the previous ${key.variant} build answers again on port ${handle.port ?? '?'}`);
    } catch (error) {
      system(`the previous ${key.variant} build did not start either: ${describe(error)}`);
    }
  }

  /** Refuses to replace PUBLISH when the deployment running there is newer than this one. */
  private async refuseIfSuperseded(
    record: DeploymentOperationEntity,
    publish: AppEnvironmentEntity,
  ): Promise<void> {
    if (!publish.currentDeploymentId || publish.currentDeploymentId === record.id) return;
    const rows: { newer: boolean }[] = await this.dataSource.query(
      `SELECT current.created_at > own.created_at AS newer
         FROM hosting.deployment_operations current, hosting.deployment_operations own
        WHERE current.id = $1 AND own.id = $2`,
      [publish.currentDeploymentId, record.id],
    );
    if (rows[0]?.newer)
      throw new PermanentFailure(
        DeploymentFailureCode.SUPERSEDED,
        `a newer deployment (${publish.currentDeploymentId}) already runs in PUBLISH`,
      );
  }
}
