import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Optional,
} from '@nestjs/common';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { RuntimeLogStore } from '../app-logs/runtime-log-store';
import { AppEnvironmentEntity } from '../apps/app-environment.entity';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import { LocalProcessDriver, variantKeyId } from '../runtime';
import type { RuntimeDriver, StartCommand, VariantHandle, VariantKey } from '../runtime';
import { VARIANT_ENV_SOURCE } from '../runtime-env/variant-env-source';
import type { VariantEnvSource } from '../runtime-env/variant-env-source';
import { RuntimePidFiles } from './runtime-pid-files';

/** How often the manager copies the driver's view (crashes, restarts) into app_environments. */
export const RUNTIME_SYNC_EVERY_MS = 2000;

export interface BuildToRun {
  readonly dir: string;
  readonly startCommand: StartCommand;
}

const describe = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The worker's one runtime driver (a LocalProcessDriver: child processes on this host) and what
 * runs on it. Starts of one variant are serialized; the env is the variant's secrets
 * (VARIANT_ENV_SOURCE, {} without a secret store); every line the apps write goes to the
 * RuntimeLogStore (GET …/logs). The driver's state is copied to
 * app_environments (runtime_state, runtime_error, port) every 2 s, since the API reads the
 * database. At boot it starts again every variant whose desired state is RUNNING (recovery after a
 * worker restart); at shutdown it stops them all and records them STOPPED.
 */
@Injectable()
export class AppRuntimeManager implements OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown {
  private readonly logger = new Logger(AppRuntimeManager.name);
  readonly driver: RuntimeDriver;
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly written = new Map<string, string>();
  private readonly pidFiles: RuntimePidFiles;
  /** The pid last recorded per variant (sync() rewrites a pid file only after a restart), and its dir. */
  private readonly recordedPids = new Map<string, { pid: number; dir: string }>();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
    private readonly logs: RuntimeLogStore,
    @Optional() @Inject(VARIANT_ENV_SOURCE) private readonly envSource?: VariantEnvSource,
  ) {
    // npm start is refused here too (the builder already refuses such start scripts): only a
    // plain node command runs under Node's permission model.
    this.driver = new LocalProcessDriver({ host: settings.runtimeHost, npmStart: 'refuse' });
    this.pidFiles = new RuntimePidFiles(join(settings.dataDir, 'run'));
  }

  /** Starts `build` in the variant, replacing what ran there; resolves once it accepts connections. */
  start(key: VariantKey, build: BuildToRun): Promise<VariantHandle> {
    return this.serialized(key, () => this.startInLock(key, build));
  }

  /** Runs `task` after every earlier task of the same variant (one start or stop at a time). */
  serialized<T>(key: VariantKey, task: () => Promise<T>): Promise<T> {
    const id = variantKeyId(key);
    const previous = this.chains.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    this.chains.set(id, next);
    void next
      .catch(() => undefined)
      .then(() => {
        if (this.chains.get(id) === next) this.chains.delete(id);
      });
    return next;
  }

  async onApplicationBootstrap(): Promise<void> {
    this.timer = setInterval(() => void this.sync(), RUNTIME_SYNC_EVERY_MS);
    this.timer.unref();
    // Apps a killed worker left running (no clean stop) go before their variants start again.
    const orphans = await this.pidFiles.endOrphans().catch((error: unknown) => {
      this.logger.warn(`could not end the apps of a previous worker: ${describe(error)}`);
      return 0;
    });
    if (orphans > 0) this.logger.warn(`ended ${orphans} app process group(s) a previous worker left running`);
    await this.recover();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const running = await this.driver.list();
    await this.driver.stopAll();
    for (const status of running) {
      await this.record(status.key, 'STOPPED', null).catch(() => undefined);
      await this.pidFiles.forget(status.key).catch(() => undefined);
    }
    // The apps' last lines (and the driver's SYSTEM lines about the stop) while the database is up.
    await this.logs.flush();
  }

  /** Starts every variant the database wants RUNNING and has a build for (basic: one try each). */
  async recover(): Promise<void> {
    let rows: AppEnvironmentEntity[];
    try {
      rows = await this.dataSource
        .getRepository(AppEnvironmentEntity)
        .find({ where: { desiredState: 'RUNNING' } });
    } catch (error) {
      this.logger.warn(`runtime recovery skipped: ${describe(error)}`);
      return;
    }
    for (const row of rows) {
      if (!row.buildDir || !row.startCommand) continue;
      const key: VariantKey = { appId: row.appId, variant: row.variant };
      this.start(key, { dir: row.buildDir, startCommand: row.startCommand })
        .then(
          (handle) => this.record(key, handle.state, null, handle.port ?? undefined),
          (error: unknown) => {
            this.logger.warn(`could not restart ${variantKeyId(key)}: ${describe(error)}`);
            return this.record(key, 'FAILED', describe(error));
          },
        )
        .catch(() => undefined);
    }
  }

  /** start() for a caller already inside serialized(key, …) (calling start() there would wait on itself). */
  async startInLock(key: VariantKey, build: BuildToRun): Promise<VariantHandle> {
    if (this.closing) throw new Error('the worker is shutting down');
    const env = (await this.envSource?.envFor(key.appId, key.variant)) ?? {};
    await this.record(key, 'STARTING', null);
    const handle = await this.driver.start({
      key,
      dir: build.dir,
      startCommand: build.startCommand,
      env,
      memoryMb: this.settings.appMemoryMb,
      // Every line to the durable store (batched; never throws into the driver).
      onLog: (line) => void this.logs.append(key.appId, key.variant, [line]),
    });
    await this.rememberPid(key, handle.pid, build.dir);
    return handle;
  }

  /** Keeps the variant's pid file in step with its process (a crash restart changes the pid). */
  private async rememberPid(key: VariantKey, pid: number | null, dir?: string): Promise<void> {
    const id = variantKeyId(key);
    const known = this.recordedPids.get(id);
    const appDir = dir ?? known?.dir;
    if (pid === null || appDir === undefined || (known?.pid === pid && known.dir === appDir)) return;
    try {
      await this.pidFiles.record(key, pid, appDir);
      this.recordedPids.set(id, { pid, dir: appDir });
    } catch (error) {
      this.logger.warn(`could not record the pid of ${id}: ${describe(error)}`);
    }
  }

  /** Copies the driver's state of every variant it knows into app_environments when it changed. */
  async sync(): Promise<void> {
    try {
      for (const status of await this.driver.list()) {
        if (this.chains.has(variantKeyId(status.key))) continue; // a start in progress writes its own
        await this.record(status.key, status.state, status.lastError, status.port ?? undefined);
        await this.rememberPid(status.key, status.pid);
      }
    } catch (error) {
      this.logger.warn(`runtime sync failed: ${describe(error)}`);
    }
  }

  private async record(key: VariantKey, state: string, error: string | null, port?: number): Promise<void> {
    const signature = `${state}|${error ?? ''}|${port ?? ''}`;
    const id = variantKeyId(key);
    if (this.written.get(id) === signature) return;
    await this.dataSource
      .getRepository(AppEnvironmentEntity)
      .update(
        { appId: key.appId, variant: key.variant },
        port === undefined
          ? { runtimeState: state, runtimeError: error }
          : { runtimeState: state, runtimeError: error, port },
      );
    this.written.set(id, signature);
  }
}
