import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, LessThan, Repository } from 'typeorm';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import type { Variant } from '../apps/app-environment.entity';
import { AppErrors } from '../apps/apps.errors';
import { AppsService } from '../apps/apps.service';
import type { DeploymentOperationEntity } from '../deployments/deployment-operation.entity';
import { DeploymentsService } from '../deployments/deployments.service';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { ReleaseEntity } from './release.entity';
import { isEligibleForRollback } from './release-retention';
import { ReleaseErrors } from './releases.errors';

/** A release as the list shows it. */
export interface ReleaseView {
  readonly release: ReleaseEntity;
  /** Its build is kept (among the newest HOSTING_RELEASES_KEPT of its variant). */
  readonly eligibleForRollback: boolean;
  /** The variant's newest release: what it runs (or last ran). */
  readonly current: boolean;
  /** The version of the release it rolled back to, for a rollback's release. */
  readonly rollbackOfVersion: number | null;
}

export interface ReleasePage {
  readonly items: ReleaseView[];
  /** The version to continue below, while older releases follow. */
  readonly next?: number;
}

/** An earlier namespace's rollback: the deployment PUBLISH ran before, and the new one. */
export interface NodejsRollback {
  readonly rollbackFrom: string;
  readonly operation: DeploymentOperationEntity;
}

/** Releases of app variants and rollbacks to them, for both namespaces (docs/hosting.md). */
@Injectable()
export class ReleasesService {
  constructor(
    private readonly apps: AppsService,
    private readonly deployments: DeploymentsService,
    @InjectRepository(ReleaseEntity) private readonly releases: Repository<ReleaseEntity>,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
  ) {}

  /** One page of a variant's releases, newest first (keyset on version, index releases_variant_version_key). */
  async list(
    accountId: string,
    appId: string,
    variant: Variant,
    pageSize: number,
    below?: number,
  ): Promise<ReleasePage> {
    await this.apps.require(accountId, appId);
    const latest = await this.latestVersion(appId, variant);
    const rows = await this.releases.find({
      where: { appId, variant, ...(below === undefined ? {} : { version: LessThan(below) }) },
      order: { version: 'DESC' },
      take: pageSize + 1,
    });
    const page = rows.slice(0, pageSize);
    const targets = page.map((r) => r.rollbackOf).filter((id): id is string => id !== null);
    const versions = new Map(
      (targets.length ? await this.releases.find({ where: { id: In(targets) } }) : []).map((r) => [
        r.id,
        r.version,
      ]),
    );
    return {
      items: page.map((release) => ({
        release,
        eligibleForRollback: isEligibleForRollback(release.version, latest, this.settings.releasesKept),
        current: release.version === latest,
        rollbackOfVersion: release.rollbackOf ? (versions.get(release.rollbackOf) ?? null) : null,
      })),
      next: rows.length > pageSize ? page[page.length - 1].version : undefined,
    };
  }

  /**
   * Starts a rollback of `variant` to the release: the app must be the caller's (404) and ACTIVE
   * (409 APP_NOT_ACTIVE), the release one of this app (404 RELEASE_NOT_FOUND) and of `variant`
   * (422 RELEASE_VARIANT_MISMATCH), and its build kept (409 RELEASE_NOT_AVAILABLE).
   */
  async rollback(
    accountId: string,
    appId: string,
    variant: Variant,
    releaseId: string,
  ): Promise<DeploymentOperationEntity> {
    const app = await this.apps.require(accountId, appId);
    if (app.status !== 'ACTIVE') throw AppErrors.appNotActive();
    const release = await this.releases.findOneBy({ id: releaseId, appId, accountId });
    if (!release) throw ReleaseErrors.releaseNotFound();
    if (release.variant !== variant) throw ReleaseErrors.variantMismatch(release.variant, variant);
    const kept = this.settings.releasesKept;
    if (!isEligibleForRollback(release.version, await this.latestVersion(appId, variant), kept))
      throw ReleaseErrors.notAvailable(release.version, kept);
    return this.deployments.startRollback(accountId, release);
  }

  /**
   * The earlier namespace's rollback: PUBLISH runs again the release that `deploymentId` made
   * (404 DEPLOYMENT_NOT_FOUND for an unknown one, 422 DEPLOYMENT_NOT_RELEASED for one that made
   * none), with the checks of `rollback`.
   */
  async rollbackToDeployment(
    accountId: string,
    appId: string,
    deploymentId: string,
  ): Promise<NodejsRollback> {
    await this.apps.require(accountId, appId);
    await this.deployments.operation(accountId, appId, deploymentId);
    const release = await this.releases.findOneBy({ appId, variant: 'PUBLISH', operationId: deploymentId });
    if (!release) throw ReleaseErrors.deploymentNotReleased();
    const publish = await this.environments.findOneBy({ appId, variant: 'PUBLISH' });
    const operation = await this.rollback(accountId, appId, 'PUBLISH', release.id);
    return { rollbackFrom: publish?.currentDeploymentId ?? deploymentId, operation };
  }

  private async latestVersion(appId: string, variant: Variant): Promise<number> {
    const latest = await this.releases.findOne({
      select: { version: true },
      where: { appId, variant },
      order: { version: 'DESC' },
    });
    return latest?.version ?? 0;
  }
}
