import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { PLATFORM_CONFIG } from '@platform/config';
import type { PlatformConfig } from '@platform/config';
import { ChannelListener } from '@platform/database';
import { DataSource } from 'typeorm';
import { variantKeyId } from '../runtime';
import type { VariantKey } from '../runtime';
import { LEASE_SETTINGS } from './lease-settings';
import type { LeaseSettings } from './lease-settings';
import { LeaseLostError, VARIANT_OWNER_CHANNEL, WorkerLeaseStore } from './worker-lease-store';
import type { OwnerNotice } from './worker-lease-store';
import { errorMessage } from '@platform/errors';

/** What runs the variants (AppRuntimeManager): WorkerLeases tells it when to adopt and release. */
export interface LeaseHolder {
  /** After every heartbeat that renewed the lease: claim orphans, release what is no longer ours. */
  onHeartbeat(workerId: string): Promise<void>;
  /** The lease of `lostWorkerId` expired or was not renewed in time: release every variant now. */
  onLeaseLost(lostWorkerId: string): Promise<void>;
  /** Another worker (`owner`) took `key` over: stop this worker's copy promptly. */
  onTaken(key: VariantKey, owner: string): void;
}

const describe = (error: unknown): string => errorMessage(error);

/**
 * This worker's lease (docs/hosting.md, "Several workers"): registers a row of hosting.workers at boot, extends
 * it every HOSTING_LEASE_HEARTBEAT_MS by HOSTING_LEASE_TTL_MS of database time and then lets the
 * LeaseHolder claim and reconcile. A heartbeat that finds the lease expired (the worker was paused,
 * or the database unreachable for a whole TTL: then it fences itself without asking) makes the holder
 * release every variant before the worker registers again under a new id. Listens on
 * VARIANT_OWNER_CHANNEL so takeovers and releases are acted on at once; ticks are the fallback.
 * Worker only (timers), never in the API process.
 */
@Injectable()
export class WorkerLeases implements OnApplicationShutdown {
  private readonly logger = new Logger(WorkerLeases.name);
  readonly store: WorkerLeaseStore;
  private readonly released = new EventEmitter();
  private id: string | null = null;
  private holder: LeaseHolder | undefined;
  private runtime = 'unknown';
  private timer: NodeJS.Timeout | undefined;
  private readonly listener: ChannelListener;
  /** performance.now() when the last heartbeat that renewed the lease was sent. */
  private lastRenewal = 0;
  private ticking: Promise<void> | undefined;
  private stopped = false;

  constructor(
    dataSource: DataSource,
    @Inject(LEASE_SETTINGS) readonly settings: LeaseSettings,
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
  ) {
    this.store = new WorkerLeaseStore(dataSource);
    this.released.setMaxListeners(0);
    this.listener = new ChannelListener({
      databaseUrl: config.databaseUrl,
      applicationName: `${config.serviceName}-leases`,
      channel: VARIANT_OWNER_CHANNEL,
      retryMs: settings.heartbeatMs,
      onNotification: (payload) => this.onNotice(payload),
      onRetryFailed: (error) => this.logger.warn(`could not listen again: ${describe(error)}`),
    });
  }

  /** This worker's id while its lease is live (null while it is fenced and not registered again). */
  get workerId(): string | null {
    return this.id;
  }

  /** The current worker id; LeaseLostError while the worker holds no lease. */
  requireWorkerId(): string {
    if (this.id === null) throw new LeaseLostError('this worker holds no lease (it is registering again)');
    return this.id;
  }

  /** Registers, listens, and heartbeats from now on; the first claim comes with the first heartbeat. */
  async start(holder: LeaseHolder, runtime: string): Promise<void> {
    this.holder = holder;
    this.runtime = runtime;
    await this.register();
    await this.listener
      .start()
      .catch((error: unknown) =>
        this.logger.warn(`not listening on ${VARIANT_OWNER_CHANNEL} (heartbeats only): ${describe(error)}`),
      );
    this.timer = setInterval(() => void this.tick(), this.settings.heartbeatMs);
    this.timer.unref();
  }

  /** One heartbeat (also run on demand: a retired worker's variants are adopted at once). */
  tick(): Promise<void> {
    this.ticking ??= this.beat().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  /**
   * Waits until the workers `key` was taken from stopped their copies (bounded by
   * HOSTING_LEASE_HANDOFF_WAIT_MS); LeaseLostError when this worker no longer owns `key`.
   */
  async waitForHandoff(key: VariantKey): Promise<void> {
    const deadline = performance.now() + this.settings.handoffWaitMs;
    for (;;) {
      const state = await this.store.handoffState(this.requireWorkerId(), key);
      if (!state.mine) throw new LeaseLostError(`${variantKeyId(key)} is not owned by this worker any more`);
      if (state.clear) return;
      if (performance.now() > deadline)
        throw new Error(
          `the previous owner of ${variantKeyId(key)} did not stop it within ${this.settings.handoffWaitMs} ms`,
        );
      await this.nextRelease(Math.min(this.settings.heartbeatMs, 250));
    }
  }

  /** Graceful shutdown, after the holder released its variants: they become orphans at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.ticking?.catch(() => undefined);
    await this.listener.stop();
    const id = this.id;
    this.id = null;
    if (id)
      await this.store
        .retire(id)
        .catch((error: unknown) => this.logger.warn(`could not give up the lease: ${describe(error)}`));
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.listener.stop();
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    // Self-fencing by the process's own monotonic clock: conservative (the database's expiry is
    // later than lastRenewal + ttl). A resumed, paused worker lets go here before anything else.
    if (this.id !== null && performance.now() - this.lastRenewal > this.settings.ttlMs)
      await this.fence('no heartbeat renewed the lease within HOSTING_LEASE_TTL_MS');
    if (this.id === null) {
      await this.register().catch((error: unknown) =>
        this.logger.warn(`could not register again: ${describe(error)}`),
      );
    } else {
      const began = performance.now();
      let renewed: boolean;
      try {
        renewed = await this.store.heartbeat(this.id, this.settings.ttlMs);
      } catch (error) {
        this.logger.warn(`heartbeat failed: ${describe(error)}`);
        return;
      }
      if (renewed) this.lastRenewal = began;
      else {
        await this.fence('the lease had expired');
        await this.register().catch((error: unknown) =>
          this.logger.warn(`could not register again: ${describe(error)}`),
        );
      }
    }
    const id = this.id;
    if (id === null || this.stopped || !this.holder) return;
    await this.holder
      .onHeartbeat(id)
      .catch((error: unknown) => this.logger.warn(`lease tick failed: ${describe(error)}`));
  }

  private async fence(reason: string): Promise<void> {
    const lost = this.id;
    if (lost === null) return;
    this.id = null;
    this.logger.warn(`lease of worker ${lost} lost (${reason}): releasing every variant`);
    await this.holder
      ?.onLeaseLost(lost)
      .catch((error: unknown) => this.logger.warn(`releasing after a lost lease failed: ${describe(error)}`));
    await this.store.acknowledgeRelease(lost).catch(() => undefined);
  }

  private async register(): Promise<void> {
    const id = randomUUID();
    const began = performance.now();
    await this.store.register(id, this.settings.address, this.runtime, this.settings.ttlMs);
    this.lastRenewal = began;
    this.id = id;
    this.logger.log(`worker ${id} holds a lease (address ${this.settings.address})`);
  }

  private onNotice(payload: string | undefined): void {
    let notice: OwnerNotice;
    try {
      notice = JSON.parse(payload ?? '') as OwnerNotice;
    } catch {
      return;
    }
    switch (notice.kind) {
      case 'taken':
        if (notice.owner !== this.id)
          this.holder?.onTaken({ appId: notice.appId, variant: notice.variant }, notice.owner);
        return;
      case 'released':
        this.released.emit('released');
        return;
      case 'retired':
        this.released.emit('released');
        if (notice.worker !== this.id && !this.stopped) void this.tick();
        return;
    }
  }

  private nextRelease(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.released.off('released', done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.released.once('released', done);
    });
  }
}
