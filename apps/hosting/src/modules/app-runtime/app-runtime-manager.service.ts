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
import { RuntimeLogStore } from '../app-logs/runtime-log-store.service';
import { runtimeFailure } from '../failures/classify-failure';
import type { FailureContext } from '../failures/operation-failure';
import { IMPORT_SETTINGS } from '../imports/import-settings';
import type { ImportSettings } from '../imports/import-settings';
import type { AppEnvironmentEntity, RecordedInstance } from '../apps/app-environment.entity';
import { variantKeyId } from '../runtime';
import { InFlightRequests } from '../runtime/in-flight-requests';
import type {
  RuntimeDriver,
  VariantRuntimeStatus,
  RuntimeLogLine,
  StartCommand,
  VariantHandle,
  VariantKey,
  VariantSpec,
} from '../runtime';
import { VARIANT_ENV_SOURCE } from '../runtime-env/variant-env-source';
import type { VariantEnvSource } from '../runtime-env/variant-env-source';
import { LogRedaction } from '../secret-store/log-redaction.service';
import { SecretRedactor } from '../secrets';
import { LeaseLostError } from '../worker-leases/worker-lease-store';
import type { InstanceEvent, OwnedVariant, RuntimeRecord } from '../worker-leases/worker-lease-store';
import { WorkerLeases } from '../worker-leases/worker-leases.service';
import type { LeaseHolder } from '../worker-leases/worker-leases.service';
import { RUNTIME_DRIVER } from './runtime-driver.provider';
import { RuntimePidFiles } from './runtime-pid-files';
import { runtimeSignature } from './runtime-signature';
import { KeyedMutex } from '@platform/database';
import { errorMessage } from '@platform/errors';

/** How often the manager copies the driver's view (crashes, restarts) into app_environments. */
export const RUNTIME_SYNC_EVERY_MS = 2000;

export interface BuildToRun {
  readonly dir: string;
  readonly startCommand: StartCommand;
}

const describe = (error: unknown): string => errorMessage(error);

/** Sees every line a start writes (redacted), e.g. to tell why it failed; must not throw. */
export type StartObserver = (line: RuntimeLogLine) => void;

/** An instance as app_environments.runtime_instances keeps it (GET …/status). */
const toRecorded = (i: VariantRuntimeStatus['instances'][number]): RecordedInstance => ({
  index: i.index,
  id: i.id,
  state: i.state,
  restarts: i.restarts,
  lastExitCode: i.lastExitCode,
  lastSignal: i.lastSignal,
  lastExit: i.lastExit,
  memoryMb: i.memoryBytes === null ? null : Math.round(i.memoryBytes / 1024 / 1024),
  inRotation: i.inRotation,
  startedAt: i.startedAt?.toISOString() ?? null,
  readyAt: i.readyAt?.toISOString() ?? null,
});

/** What an owned variant runs, when it should run (desired RUNNING with a recorded build). */
const buildOf = (v: OwnedVariant): BuildToRun | null =>
  v.desiredState === 'RUNNING' && v.buildDir !== null && v.startCommand !== null
    ? { dir: v.buildDir, startCommand: v.startCommand }
    : null;

/**
 * The worker's one runtime driver (RUNTIME_DRIVER) and the variants it runs: those this worker
 * owns (WorkerLeases, docs/hosting.md, "Several workers"). Starts and releases of one variant are
 * serialized; the env is the variant's secrets (VARIANT_ENV_SOURCE, {} without a secret store);
 * every line the apps write goes to the RuntimeLogStore (GET …/logs), its secret values replaced
 * by `[secret:NAME]` first (LogRedaction: the app's secrets when it was launched, and the env it got). The driver's state is copied
 * to app_environments (runtime_state, runtime_error, port) every 2 s, only for owned variants.
 *
 * As the LeaseHolder it adopts, at each heartbeat, its fair share of orphaned variants (after
 * ending, on this host, the apps of workers whose lease expired), releases what another worker
 * took over, and releases everything when its own lease is lost. An import or deployment takes the
 * variant over first (startInLock). At shutdown it releases every variant, records them, and then
 * gives up its lease so other workers adopt them at once.
 */
@Injectable()
export class AppRuntimeManager
  implements LeaseHolder, OnApplicationBootstrap, OnModuleDestroy, BeforeApplicationShutdown
{
  private readonly logger = new Logger(AppRuntimeManager.name);
  /** Per variant id: starts and releases of one variant run one at a time (serialized()). */
  private readonly locks = new KeyedMutex();
  private readonly written = new Map<string, string>();
  private readonly pidFiles: RuntimePidFiles;
  /** The pids last recorded per variant (sync() rewrites a pid file only when they change), and their dir. */
  private readonly recordedPids = new Map<string, { pids: string; dir: string }>();
  /** Variants whose adoption failed, with the build that failed: not tried again until the build changes. */
  private readonly failedAdoptions = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;
  private closing = false;
  /** Requests the proxy has in flight per endpoint and its round robin (VariantProxy). */
  readonly traffic = new InFlightRequests();
  /** Per variant id: the instances the driver was last asked to run (sync() scales on a change). */
  private readonly desiredInstances = new Map<string, number>();
  /** Per instance id: the crashes and restarts already reported as webhook events. */
  private readonly reported = new Map<string, { crashes: number; restarts: number }>();

  constructor(
    @Inject(IMPORT_SETTINGS) private readonly settings: ImportSettings,
    private readonly logs: RuntimeLogStore,
    @Inject(RUNTIME_DRIVER) readonly driver: RuntimeDriver,
    private readonly leases: WorkerLeases,
    @Optional() @Inject(VARIANT_ENV_SOURCE) private readonly envSource?: VariantEnvSource,
    @Optional() private readonly redaction?: LogRedaction,
  ) {
    this.pidFiles = new RuntimePidFiles(join(settings.dataDir, 'run'));
  }

  /** This worker's id while it holds a lease (the owner runners record); LeaseLostError otherwise. */
  get workerId(): string {
    return this.leases.requireWorkerId();
  }

  /**
   * A start's instances, failure and memory bound as the status shows them: written by the commit
   * of the operation that started them (import, deployment, restart), so a client that polls the
   * status after it completed sees them at once, not after the next sync.
   */
  recordedRuntime(
    status: VariantRuntimeStatus,
  ): Pick<AppEnvironmentEntity, 'runtimeInstances' | 'runtimeFailure' | 'runtimeMemoryLimitMb'> {
    const memoryMb = this.settings.appMemoryMb;
    return {
      runtimeInstances: status.instances.map(toRecorded),
      runtimeFailure: runtimeFailure(status.instances, { memoryMb }),
      runtimeMemoryLimitMb: memoryMb,
    };
  }

  /** Starts `build` in the variant, replacing what ran there; resolves once it accepts connections. */
  start(key: VariantKey, build: BuildToRun): Promise<VariantHandle> {
    return this.serialized(key, () => this.startInLock(key, build));
  }

  /** Runs `task` after every earlier task of the same variant (one start or release at a time). */
  serialized<T>(key: VariantKey, task: () => Promise<T>): Promise<T> {
    return this.locks.runExclusive(variantKeyId(key), task);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.timer = setInterval(() => void this.sync(), RUNTIME_SYNC_EVERY_MS);
    this.timer.unref();
    await this.leases.start(this, this.driver.constructor.name);
    // Apps that dead workers left running on this host go first; the first heartbeat then claims
    // this worker's share of the orphaned variants (not at once: workers booting together split them).
    await this.endOrphans();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    const workerId = this.leases.workerId;
    const running = await this.driver.list();
    await Promise.all(
      running.map((status) =>
        this.driver
          .release(status.key)
          .catch((error: unknown) =>
            this.logger.warn(`could not release ${variantKeyId(status.key)}: ${describe(error)}`),
          ),
      ),
    );
    for (const status of running) {
      const after = await this.driver.status(status.key).catch(() => undefined);
      await this.record(status.key, after?.state ?? 'STOPPED', null).catch(() => undefined);
    }
    if (workerId) await this.pidFiles.forgetWorker(workerId).catch(() => undefined);
    // The apps' last lines (and the driver's SYSTEM lines about the stop) while the database is up.
    await this.logs.flush();
    await this.leases.stop();
  }

  /**
   * start() for a caller already inside serialized(key, …) (calling start() there would wait on
   * itself): takes the variant over from any other worker, waits until that worker stopped its
   * copy, then starts the build here. `observe` sees the lines of this start as they are stored.
   */
  async startInLock(key: VariantKey, build: BuildToRun, observe?: StartObserver): Promise<VariantHandle> {
    if (this.closing) throw new Error('the worker is shutting down');
    const workerId = this.leases.requireWorkerId();
    await this.leases.store.takeOver(workerId, key);
    await this.leases.waitForHandoff(key);
    return this.launch(key, build, workerId, (spec) => this.driver.start(spec), observe);
  }

  /**
   * Restarts the variant's instances one at a time (RuntimeDriver.restart: each replacement gated
   * like a start, then the old one drained), with the env and health check in force now. A variant
   * this worker does not run (another worker owns it, or nothing runs) is taken over and started
   * like startInLock. For a caller inside serialized(key, …).
   */
  async restartInLock(key: VariantKey, build: BuildToRun, observe?: StartObserver): Promise<VariantHandle> {
    if (this.closing) throw new Error('the worker is shutting down');
    const workerId = this.leases.requireWorkerId();
    const owner = await this.leases.store.liveOwner(key);
    const runsHere = (await this.driver.status(key)).state !== 'STOPPED';
    if (owner?.workerId !== workerId || !runsHere) return this.startInLock(key, build, observe);
    return this.launch(key, build, workerId, (spec) => this.driver.restart(spec), observe);
  }

  /**
   * Whether the variant answers somewhere: RUNNING in this worker's driver (a cluster driver sees
   * every variant), or recorded RUNNING by the live worker that owns it.
   */
  async runsAnywhere(key: VariantKey): Promise<boolean> {
    if ((await this.driver.status(key)).state === 'RUNNING') return true;
    const owner = await this.leases.store.liveOwnerState(key);
    return owner !== null && owner.workerId !== this.leases.workerId && owner.runtimeState === 'RUNNING';
  }

  /** LeaseHolder: claim orphans, end dead workers' apps here, adopt, release what is not ours. */
  async onHeartbeat(workerId: string): Promise<void> {
    if (this.closing) return;
    const store = this.leases.store;
    const claimed = await store.claimOrphans(workerId);
    if (claimed.length > 0) this.logger.log(`adopting ${claimed.map((c) => variantKeyId(c.key)).join(', ')}`);
    await this.endOrphans();
    const owned = await store.owned(workerId);
    const mine = new Set(owned.map((v) => variantKeyId(v.key)));
    for (const status of await this.driver.list()) {
      const id = variantKeyId(status.key);
      if (!mine.has(id) && !this.locks.isLocked(id) && status.state !== 'STOPPED')
        this.releaseSoon(status.key);
    }
    for (const key of await store.pendingHandoffs(workerId)) this.releaseSoon(key);
    for (const variant of owned) {
      const build = buildOf(variant);
      const id = variantKeyId(variant.key);
      if (!build || this.locks.isLocked(id) || this.failedAdoptions.get(id) === build.dir) continue;
      if ((await this.driver.status(variant.key)).state === 'STOPPED')
        this.adoptSoon(variant.key, build, workerId);
    }
  }

  /** LeaseHolder: this worker's lease is gone; nothing it ran may keep running. */
  async onLeaseLost(lostWorkerId: string): Promise<void> {
    const running = await this.driver.list();
    await Promise.all(running.map((status) => this.driver.release(status.key)));
    this.written.clear();
    this.recordedPids.clear();
    this.failedAdoptions.clear();
    await this.pidFiles.forgetWorker(lostWorkerId).catch(() => undefined);
  }

  /** LeaseHolder: another worker took `key` over. */
  onTaken(key: VariantKey): void {
    this.releaseSoon(key);
  }

  /** Copies the driver's state of every variant it knows into app_environments when it changed. */
  async sync(): Promise<void> {
    const workerId = this.leases.workerId;
    if (workerId === null || this.closing) return;
    try {
      const owned = new Map((await this.leases.store.owned(workerId)).map((v) => [variantKeyId(v.key), v]));
      const statuses = await this.driver.list();
      // Forgotten before the awaits below: a launch finishing meanwhile keeps what it reported.
      const seen = new Set(statuses.flatMap((status) => status.instances.map((instance) => instance.id)));
      for (const id of this.reported.keys()) if (!seen.has(id)) this.reported.delete(id);
      for (const status of statuses) {
        const id = variantKeyId(status.key);
        if (this.locks.isLocked(id)) continue; // a start in progress writes its own
        const events = this.instanceEvents(status, { memoryMb: this.settings.appMemoryMb });
        const recorded = this.recordedRuntime(status);
        if (
          await this.record(status.key, status.state, status.lastError, status.port ?? undefined, {
            instances: recorded.runtimeInstances,
            events,
            failure: recorded.runtimeFailure,
            memoryLimitMb: recorded.runtimeMemoryLimitMb ?? undefined,
          })
        )
          await this.rememberPids(workerId, status.key, instancePids(status));
        const wanted = owned.get(id)?.instances;
        const runs = status.state !== 'STOPPED' && status.state !== 'FAILED';
        if (wanted !== undefined && runs && this.desiredInstances.get(id) !== wanted)
          this.scaleSoon(status.key, wanted);
      }
    } catch (error) {
      this.logger.warn(`runtime sync failed: ${describe(error)}`);
    }
  }

  /**
   * instance.crashed for every crash and instance.restarted for every relaunch since the last sync
   * (an instance seen for the first time reports nothing of its past). A crash says how it ended
   * (`reason`: `out of memory`, `exit code 3`…) and, when its bounds ended it, its `failure`.
   */
  private instanceEvents(status: VariantRuntimeStatus, context: FailureContext): InstanceEvent[] {
    const events: InstanceEvent[] = [];
    for (const instance of status.instances) {
      const before = this.reported.get(instance.id);
      this.reported.set(instance.id, { crashes: instance.crashes, restarts: instance.restarts });
      if (!before) continue;
      const about = { variant: status.key.variant, instance: { index: instance.index, id: instance.id } };
      const failure = runtimeFailure([instance], context);
      if (instance.crashes > before.crashes)
        events.push({
          type: 'instance.crashed',
          data: {
            ...about,
            exitCode: instance.lastExitCode,
            signal: instance.lastSignal,
            reason: instance.lastExit,
            restarts: instance.restarts,
            ...(failure ? { failure } : {}),
          },
        });
      if (instance.restarts > before.restarts)
        events.push({ type: 'instance.restarted', data: { ...about, restarts: instance.restarts } });
    }
    return events;
  }

  /**
   * Takes the instances a start, adoption or scale just launched as reported up to now, so that a
   * crash before the next sync is reported (sync() would otherwise see it first with the crash
   * already counted, and take it as the instance's past).
   */
  private reportFrom(status: VariantRuntimeStatus): void {
    for (const instance of status.instances)
      if (!this.reported.has(instance.id))
        this.reported.set(instance.id, { crashes: instance.crashes, restarts: instance.restarts });
  }

  /** Applies a changed `instances` to a running variant (no restart of the instances that stay). */
  private scaleSoon(key: VariantKey, instances: number): void {
    const id = variantKeyId(key);
    this.desiredInstances.set(id, instances);
    void this.serialized(key, async () => {
      this.logger.log(`scaling ${id} to ${instances} instance(s)`);
      this.reportFrom(await this.driver.scale(key, instances));
    }).catch((error: unknown) => this.logger.warn(`could not scale ${id}: ${describe(error)}`));
  }

  private releaseSoon(key: VariantKey): void {
    void this.serialized(key, () => this.releaseUnlessOwned(key)).catch((error: unknown) =>
      this.logger.warn(`could not release ${variantKeyId(key)}: ${describe(error)}`),
    );
  }

  /** Stops (local) or lets go of (cluster) this worker's copy unless it owns `key`; acknowledges the handoff. */
  private async releaseUnlessOwned(key: VariantKey): Promise<void> {
    const workerId = this.leases.workerId;
    const owner = await this.leases.store.liveOwner(key);
    if (workerId !== null && owner?.workerId === workerId) return;
    const status = await this.driver.status(key);
    if (status.state !== 'STOPPED') {
      this.logger.log(`releasing ${variantKeyId(key)}: worker ${owner?.workerId ?? '(none)'} owns it now`);
      await this.driver.release(key);
    }
    const id = variantKeyId(key);
    this.recordedPids.delete(id);
    this.written.delete(id);
    if (workerId === null) return;
    await this.pidFiles.forget(workerId, key).catch(() => undefined);
    await this.leases.store.acknowledgeRelease(workerId, key);
  }

  /** Adopts an owned variant nothing runs here (one try per build, like a start: a FAILED one stays down). */
  private adoptSoon(key: VariantKey, build: BuildToRun, workerId: string): void {
    const id = variantKeyId(key);
    void this.serialized(key, async () => {
      if (this.closing || this.leases.workerId !== workerId) return;
      if ((await this.driver.status(key)).state !== 'STOPPED') return;
      await this.leases.waitForHandoff(key);
      const handle = await this.launch(key, build, workerId, (spec) => this.driver.adopt(spec));
      await this.record(key, handle.state, null, handle.port ?? undefined);
    }).catch(async (error: unknown) => {
      if (error instanceof LeaseLostError) return;
      this.failedAdoptions.set(id, build.dir);
      this.logger.warn(`could not adopt ${id}: ${describe(error)}`);
      await this.record(key, 'FAILED', describe(error)).catch(() => undefined);
    });
  }

  /** Starts (or adopts) the variant as `workerId`; lets it go again when the lease was lost meanwhile. */
  private async launch(
    key: VariantKey,
    build: BuildToRun,
    workerId: string,
    run: (spec: VariantSpec) => Promise<VariantHandle>,
    observe?: StartObserver,
  ): Promise<VariantHandle> {
    const env = (await this.envSource?.envFor(key.appId, key.variant)) ?? {};
    // The values in force for this launch (and the driver's relaunches of it, which reuse its env).
    const redactor = (await this.redaction?.forApp(key.appId, env)) ?? SecretRedactor.NONE;
    const { instances, healthCheck } = await this.leases.store.variantSettings(key);
    // Started beside what runs: the variant keeps serving (and says RUNNING) until the switch.
    if ((await this.driver.status(key)).state !== 'RUNNING') await this.record(key, 'STARTING', null);
    this.desiredInstances.set(variantKeyId(key), instances);
    const handle = await run({
      key,
      dir: build.dir,
      startCommand: build.startCommand,
      env,
      memoryMb: this.settings.appMemoryMb,
      instances,
      healthCheck,
      whenIdle: (endpoints, timeoutMs) => this.traffic.whenIdle(endpoints, timeoutMs),
      // Every line to the durable store, redacted (batched; never throws into the driver).
      onLog: (line) => {
        const stored = redactor.size === 0 ? line : { ...line, message: redactor.redact(line.message) };
        try {
          observe?.(stored);
        } catch {
          // an observer must not take the log sink down
        }
        void this.logs.append(key.appId, key.variant, [stored]);
      },
    });
    if (this.leases.workerId !== workerId || this.closing) {
      await this.driver.release(key);
      throw new LeaseLostError(`lost the lease while starting ${variantKeyId(key)}`);
    }
    await this.rememberPids(workerId, key, instancePids(handle), build.dir);
    this.reportFrom(handle);
    return handle;
  }

  private async endOrphans(): Promise<void> {
    const ended = await this.pidFiles
      .endOrphans(() => this.leases.store.liveWorkerIds())
      .catch((error: unknown) => {
        this.logger.warn(`could not end the apps of dead workers: ${describe(error)}`);
        return 0;
      });
    if (ended > 0) this.logger.warn(`ended ${ended} app process group(s) that dead workers left running`);
  }

  /**
   * Keeps the variant's pid file in step with its instances' processes (a crash restart, a scale
   * or a replacement changes them), so a worker that finds this one dead ends every instance.
   */
  private async rememberPids(
    workerId: string,
    key: VariantKey,
    pids: readonly number[],
    dir?: string,
  ): Promise<void> {
    const id = variantKeyId(key);
    const known = this.recordedPids.get(id);
    const appDir = dir ?? known?.dir;
    const listed = pids.join(',');
    if (pids.length === 0 || appDir === undefined || (known?.pids === listed && known.dir === appDir)) return;
    try {
      await this.pidFiles.record(workerId, key, pids, appDir);
      this.recordedPids.set(id, { pids: listed, dir: appDir });
    } catch (error) {
      this.logger.warn(`could not record the pid of ${id}: ${describe(error)}`);
    }
  }

  /** Writes the runtime columns while this worker owns the variant; whether it does. */
  private async record(
    key: VariantKey,
    state: string,
    error: string | null,
    port?: number,
    more: RuntimeRecord = {},
  ): Promise<boolean> {
    const workerId = this.leases.workerId;
    if (workerId === null) return false;
    const signature = runtimeSignature(workerId, state, error, port, more);
    const id = variantKeyId(key);
    if (this.written.get(id) === signature && !more.events?.length) return true;
    const owned = await this.leases.store.recordRuntime(
      workerId,
      key,
      state,
      error,
      port,
      this.driver.isolation,
      this.driver.egress,
      more,
    );
    if (owned) this.written.set(id, signature);
    return owned;
  }
}

/** The process group leader of each live instance of a variant (its one pid before instances). */
function instancePids(status: VariantRuntimeStatus): number[] {
  const pids = status.instances.map((i) => i.pid).filter((pid): pid is number => pid !== null);
  return pids.length > 0 || status.pid === null ? pids : [status.pid];
}
