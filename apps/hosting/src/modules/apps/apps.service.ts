import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { OperationRunner, OperationStatus } from '@platform/queue';
import type { Queue } from 'bullmq';
import { In, Repository } from 'typeorm';
import { AppErrors } from './apps.errors';
import { AppType, newAppId } from './app-id';
import { AppEnvironmentEntity } from './app-environment.entity';
import { AppOperationEntity } from './app-operation.entity';
import { AppEntity } from './app.entity';
import type { AppChanges } from './app-patch';
import { CREATE_APP_JOB, HostingAppsQueue } from './apps.jobs';
import type { AppCursor } from './page-token';
import { VariantUrls } from './variant-urls.service';

/** The app's public status: CREATING, ACTIVE, or FAILED when its creation operation failed. */
export type AppStatus = 'CREATING' | 'ACTIVE' | 'FAILED';

export interface AppView {
  readonly app: AppEntity;
  readonly status: AppStatus;
  /** PREVIEW then PUBLISH; empty until the creation completes. */
  readonly environments: AppEnvironmentEntity[];
  /** Public URL of each variant while it runs (VariantUrls), else null. */
  readonly urls: { readonly preview: string | null; readonly publish: string | null };
}

export interface AppOperationView {
  readonly operation: AppOperationEntity;
  /** Present once the operation COMPLETED. */
  readonly app?: AppView;
}

export interface AppListQuery {
  readonly appType?: AppType;
  readonly pageSize: number;
  readonly after?: AppCursor;
}

export interface AppPage {
  readonly items: AppView[];
  /** Set when more apps follow. */
  readonly next?: AppCursor;
}

/** Apps of an account and their creation (both namespaces use it). */
@Injectable()
export class AppsService {
  constructor(
    private readonly runner: OperationRunner,
    @InjectQueue(HostingAppsQueue.name) private readonly queue: Queue,
    @InjectRepository(AppEntity) private readonly apps: Repository<AppEntity>,
    @InjectRepository(AppEnvironmentEntity) private readonly environments: Repository<AppEnvironmentEntity>,
    @InjectRepository(AppOperationEntity) private readonly operations: Repository<AppOperationEntity>,
    private readonly variantUrls: VariantUrls,
  ) {}

  /**
   * Commits the app (CREATING) and its creation operation (EXECUTING) in one transaction, then
   * enqueues the operation; the worker creates the environments. Not idempotent: two calls make two apps.
   */
  async create(accountId: string, appType: AppType, name: string): Promise<AppOperationEntity> {
    const appId = newAppId(appType);
    const started = await this.runner.start({
      entity: AppOperationEntity,
      queue: this.queue,
      jobName: CREATE_APP_JOB,
      data: { kind: 'CREATE', accountId, appId },
      payload: { appId },
      alsoWrite: async (manager, record) => {
        await manager
          .getRepository(AppEntity)
          .insert({ appId, accountId, name, appType, status: 'CREATING', creationOperationId: record.id });
      },
    });
    // Read back for the database's createdAt/updatedAt.
    return this.operation(accountId, started.id);
  }

  async operation(accountId: string, operationId: string): Promise<AppOperationEntity> {
    const operation = await this.operations.findOneBy({ id: operationId, accountId });
    if (!operation) throw AppErrors.operationNotFound();
    return operation;
  }

  /** The operation, with its app once COMPLETED. */
  async operationView(accountId: string, operationId: string): Promise<AppOperationView> {
    const operation = await this.operation(accountId, operationId);
    if (operation.status !== OperationStatus.COMPLETED) return { operation };
    const app = await this.apps.findOneBy({ appId: operation.appId, accountId });
    return app ? { operation, app: (await this.views([app]))[0] } : { operation };
  }

  /** The caller's app, or APP_NOT_FOUND (also for another account's). */
  async require(accountId: string, appId: string): Promise<AppEntity> {
    const app = await this.apps.findOneBy({ appId, accountId });
    if (!app) throw AppErrors.appNotFound();
    return app;
  }

  async get(accountId: string, appId: string): Promise<AppView> {
    return (await this.views([await this.require(accountId, appId)]))[0];
  }

  /**
   * Applies a validated PATCH (name, per-variant instances and health check) in one transaction.
   * Variant settings need the environments: 409 APP_NOT_ACTIVE before the app is ACTIVE. The
   * worker that owns a variant applies a change of instances within its next sync (2 s); a health
   * check applies at the next start or restart.
   */
  async patch(accountId: string, appId: string, changes: AppChanges): Promise<AppView> {
    const app = await this.require(accountId, appId);
    const variants = Object.entries(changes.variants);
    if (variants.length > 0 && app.status !== 'ACTIVE') throw AppErrors.appNotActive();
    await this.apps.manager.transaction(async (manager) => {
      if (changes.name !== undefined)
        await manager.getRepository(AppEntity).update({ appId }, { name: changes.name });
      for (const [variant, change] of variants)
        await manager
          .getRepository(AppEnvironmentEntity)
          .update({ appId, variant: variant as AppEnvironmentEntity['variant'] }, change);
    });
    return this.get(accountId, appId);
  }

  /** The caller's apps, newest first, keyset paged on (createdAt, appId). */
  async list(accountId: string, query: AppListQuery): Promise<AppPage> {
    const qb = this.apps
      .createQueryBuilder('a')
      .where('a.accountId = :accountId', { accountId })
      .orderBy('a.createdAt', 'DESC')
      .addOrderBy('a.appId', 'DESC')
      .limit(query.pageSize + 1);
    if (query.appType) qb.andWhere('a.appType = :appType', { appType: query.appType });
    if (query.after)
      qb.andWhere('(a.createdAt, a.appId) < (:afterAt, :afterId)', {
        afterAt: query.after.createdAt,
        afterId: query.after.appId,
      });
    const rows = await qb.getMany();
    const page = rows.slice(0, query.pageSize);
    const last = page[page.length - 1];
    const items = await this.views(page);
    return rows.length > query.pageSize && last
      ? { items, next: { createdAt: last.createdAt, appId: last.appId } }
      : { items };
  }

  private async views(apps: AppEntity[]): Promise<AppView[]> {
    if (apps.length === 0) return [];
    const ids = apps.map((a) => a.appId);
    const environments = await this.environments.find({
      where: { appId: In(ids) },
      order: { appId: 'ASC', variant: 'ASC' },
    });
    const creating = apps.filter((a) => a.status === 'CREATING').map((a) => a.creationOperationId);
    const failed = new Set(
      creating.length === 0
        ? []
        : (
            await this.operations.find({
              select: { id: true },
              where: { id: In(creating), status: OperationStatus.FAILED },
            })
          ).map((o) => o.id),
    );
    return apps.map((app) => {
      const own = environments.filter((e) => e.appId === app.appId);
      const url = (variant: string) => {
        const environment = own.find((e) => e.variant === variant);
        return environment ? this.variantUrls.ofEnvironment(environment) : null;
      };
      return {
        app,
        status:
          app.status === 'ACTIVE' ? 'ACTIVE' : failed.has(app.creationOperationId) ? 'FAILED' : 'CREATING',
        environments: own,
        urls: { preview: url('PREVIEW'), publish: url('PUBLISH') },
      };
    });
  }
}
