import { gateOnHealth, probeHealth, type HealthCheck, type ProbeResult } from './health-check';
import {
  RuntimeStartError,
  stoppedStatus,
  type InstanceRuntimeStatus,
  type RuntimeLogLevel,
  type RuntimeState,
  type VariantKey,
  type VariantRuntimeStatus,
  type VariantSpec,
} from './runtime-driver';

/** What VariantInstances needs of the supervisor of one instance (the local driver's Supervisor). */
export interface InstanceSupervisor {
  readonly index: number;
  /** Its port on the worker's network (a sandbox may move it while it starts). */
  readonly port: number;
  /** Launches it; resolves once it accepts connections (after crash relaunches), rejects when it ends FAILED or is stopped. */
  begin(): Promise<unknown>;
  /** SIGTERM, `graceMs` to end, then SIGKILL. */
  stop(graceMs?: number): Promise<void>;
  instanceStatus(): InstanceRuntimeStatus;
  /** Samples the running instance's memory for instanceStatus().memoryBytes. */
  sampleUsage(): void;
  /** Its own status in the variant's shape (host, isolation, resources…). */
  status(): VariantRuntimeStatus;
  holdsPort(): boolean;
}

/** A new supervisor for slot `index` of the variant, on a free port, not launched yet. */
export type SupervisorFactory = (spec: VariantSpec, index: number) => Promise<InstanceSupervisor>;

export interface VariantInstancesSettings {
  /** Where instances listen and are probed. */
  readonly host: string;
  /** How long new instances of a start have to be ready (and healthy) before the start fails. */
  readonly startupTimeoutMs: number;
  /** SIGTERM → SIGKILL of an old instance without a health check (with one: its graceS). */
  readonly stopGraceMs: number;
  /** One health probe (tests replace it). */
  readonly probe?: (url: string, timeoutMs: number) => Promise<ProbeResult>;
}

/**
 * The aggregate of instance states: RUNNING while one serves, else the most hopeful of STARTING,
 * RESTARTING, STOPPING, then FAILED, then STOPPED (also for none).
 */
export function variantState(states: readonly RuntimeState[]): RuntimeState {
  for (const state of ['RUNNING', 'STARTING', 'RESTARTING', 'STOPPING', 'FAILED'] as const)
    if (states.includes(state)) return state;
  return 'STOPPED';
}

/**
 * Failed probes in a row that take a serving instance out of the rotation (the default
 * failureThreshold of a Kubernetes readinessProbe, which the Kubernetes runtime's pods use).
 */
export const UNHEALTHY_AFTER_FAILURES = 3;

/** The graceS of the spec's health check in ms, else the driver's stop grace. */
export const graceMsOf = (spec: VariantSpec, fallbackMs: number): number =>
  spec.healthCheck ? spec.healthCheck.graceS * 1000 : fallbackMs;

/**
 * The instances of one variant in the local driver (docs/hosting.md, "Instances, health checks and
 * restarts"): `active` serve traffic (their RUNNING endpoints); a start or a restart brings new
 * ones up in `pending` beside them, gates them (accepting connections, then the health check) and
 * only then swaps them in and drains the old (no request in flight, at most the grace period;
 * SIGTERM; the grace period; SIGKILL). A failed gate stops the new ones and leaves the old alone.
 * Every start, restart and stop takes a new generation: an older operation still waiting gives up.
 * With a health check, each serving instance is probed every intervalS as long as it serves: after
 * UNHEALTHY_AFTER_FAILURES failures in a row it leaves the rotation (the process keeps running, as
 * a Kubernetes pod whose readinessProbe fails), and the next passing probe brings it back.
 */
export class VariantInstances {
  private active: InstanceSupervisor[] = [];
  private pending: InstanceSupervisor[] = [];
  private generation = 0;
  /** Why the last start failed while nothing else ran (the variant is FAILED until the next start). */
  private failure: string | null = null;
  /** What ran last while nothing runs (stopped, or the failed start's), for the status. */
  private last: InstanceSupervisor[] = [];
  private newest: VariantSpec | null = null;
  /** Serving instances a failing health check took out of the rotation. */
  private readonly unhealthy = new Set<InstanceSupervisor>();

  constructor(
    readonly key: VariantKey,
    public spec: VariantSpec,
    private readonly create: SupervisorFactory,
    private readonly settings: VariantInstancesSettings,
  ) {}

  /** A SYSTEM line through the newest spec's sink (never throws). */
  private log(level: RuntimeLogLevel, message: string): void {
    try {
      this.latest.onLog({ at: new Date(), source: 'SYSTEM', level, message });
    } catch {
      // a failing log sink must not take the supervisor down
    }
  }

  /** The spec of the newest start or restart (its log sink). */
  private get latest(): VariantSpec {
    return this.newest ?? this.spec;
  }

  /** Every supervisor, serving or starting (the driver's port bookkeeping). */
  supervisors(): InstanceSupervisor[] {
    return [...this.active, ...this.pending];
  }

  /** Starts `spec.instances` new instances beside the running ones, gates them, swaps, drains the old. */
  async start(spec: VariantSpec): Promise<VariantRuntimeStatus> {
    const generation = ++this.generation;
    this.newest = spec;
    await this.stopPending();
    this.failure = null;
    const count = spec.instances ?? 1;
    const fresh: InstanceSupervisor[] = [];
    for (let index = 0; index < count; index += 1) fresh.push(await this.create(spec, index));
    this.pending.push(...fresh);
    const deadline = Date.now() + this.settings.startupTimeoutMs;
    await this.gate(fresh, spec, generation, deadline);
    const old = this.active;
    this.active = fresh;
    this.last = [];
    this.spec = spec;
    this.watch(fresh, spec);
    if (old.length > 0) await this.drain(old, spec);
    return this.status();
  }

  /** Replaces the running instances one at a time with `spec` (each gated like a start). */
  async restart(spec: VariantSpec): Promise<VariantRuntimeStatus> {
    const generation = ++this.generation;
    this.newest = spec;
    await this.stopPending();
    for (const old of [...this.active]) {
      if (generation !== this.generation) throw this.stoppedError();
      const next = await this.create(spec, old.index);
      this.pending.push(next);
      this.log('INFO', `restarting instance ${old.index}: its replacement starts beside it`);
      await this.gate([next], spec, generation, Date.now() + this.settings.startupTimeoutMs);
      this.active = this.active.map((s) => (s === old ? next : s));
      this.watch([next], spec);
      await this.drain([old], spec);
    }
    this.spec = spec;
    return this.status();
  }

  /**
   * Runs `count` instances: new slots start beside and join once gated (a failed one is stopped,
   * said in the log), the highest slots are drained and stopped. Nothing happens while nothing runs.
   */
  async scale(count: number): Promise<VariantRuntimeStatus> {
    this.spec = { ...this.spec, instances: count };
    if (this.active.length === 0) return this.status();
    const spec = this.spec;
    const generation = this.generation;
    const slots = this.supervisors().length;
    for (let index = slots; index < count; index += 1) {
      const next = await this.create(spec, index);
      this.pending.push(next);
      this.log('INFO', `scaling to ${count} instances: instance ${index} starts`);
      const deadline = Date.now() + this.settings.startupTimeoutMs;
      void this.gate([next], spec, generation, deadline).then(
        () => {
          this.active.push(next);
          this.active.sort((a, b) => a.index - b.index);
          this.watch([next], spec);
        },
        (error: unknown) => this.log('ERROR', `instance ${index} did not join: ${(error as Error).message}`),
      );
    }
    const extra = this.active.filter((s) => s.index >= count);
    const extraPending = this.pending.filter((s) => s.index >= count);
    if (extra.length + extraPending.length > 0) {
      this.log('INFO', `scaling to ${count} instances: draining ${extra.length + extraPending.length}`);
      this.active = this.active.filter((s) => s.index < count);
      this.pending = this.pending.filter((s) => s.index < count);
      await Promise.all([this.drain(extra, spec), ...extraPending.map((s) => s.stop())]);
    }
    return this.status();
  }

  async stop(): Promise<void> {
    this.generation += 1;
    const all = this.supervisors();
    if (this.active.length > 0) this.last = this.active;
    this.active = [];
    this.pending = [];
    await Promise.all(all.map((s) => s.stop(graceMsOf(this.spec, this.settings.stopGraceMs))));
  }

  status(): VariantRuntimeStatus {
    const live = this.active.length > 0 || this.pending.length > 0;
    const serving = this.active.length > 0 ? this.active : this.pending.length > 0 ? this.pending : this.last;
    // Each supervisor's status once: the proxy asks this for every request it sends on.
    const known = new Map<InstanceSupervisor, InstanceRuntimeStatus>();
    const statusOf = (s: InstanceSupervisor): InstanceRuntimeStatus => {
      const status = known.get(s) ?? s.instanceStatus();
      known.set(s, status);
      return status;
    };
    // Traffic goes to an instance that serves, runs and was not taken out by its health check.
    const inRotation = (s: InstanceSupervisor): boolean =>
      this.active.includes(s) && !this.unhealthy.has(s) && statusOf(s).state === 'RUNNING';
    const instances = (live ? this.supervisors() : this.last).map((s) => ({
      ...statusOf(s),
      inRotation: inRotation(s),
    }));
    const running = this.active.filter(inRotation);
    const endpoints = running.flatMap((s) => statusOf(s).endpoint ?? []);
    const shown = running[0] ?? serving[0];
    const base = shown ? shown.status() : stoppedStatus(this.key);
    const failed = !live && this.failure !== null;
    return {
      ...base,
      key: this.key,
      state: failed ? 'FAILED' : variantState(serving.map((s) => statusOf(s).state)),
      lastError: failed ? this.failure : base.lastError,
      endpoint: endpoints[0] ?? null,
      restarts: serving.reduce((sum, s) => sum + statusOf(s).restarts, 0),
      instances,
      endpoints,
    };
  }

  /** Probes each of `serving` every intervalS of the spec's health check while it serves. */
  private watch(serving: readonly InstanceSupervisor[], spec: VariantSpec): void {
    const check = spec.healthCheck;
    if (!check) return;
    for (const supervisor of serving) void this.watchOne(supervisor, check);
  }

  private async watchOne(supervisor: InstanceSupervisor, check: HealthCheck): Promise<void> {
    const probe = this.settings.probe ?? probeHealth;
    const serves = () => this.active.includes(supervisor);
    const what = `instance ${supervisor.index}: health check GET ${check.path}`;
    let failures = 0;
    while (serves()) {
      await new Promise((resolve) => setTimeout(resolve, check.intervalS * 1000).unref());
      // A crashed instance is its supervisor's to relaunch; it is probed again once it runs.
      if (!serves() || supervisor.instanceStatus().state !== 'RUNNING') continue;
      const { ok, result } = await probe(
        `http://${this.settings.host}:${supervisor.port}${check.path}`,
        check.timeoutS * 1000,
      );
      if (!serves()) break;
      if (ok) {
        failures = 0;
        if (this.unhealthy.delete(supervisor)) this.log('INFO', `${what} passes again: back in the rotation`);
      } else if (++failures >= UNHEALTHY_AFTER_FAILURES && !this.unhealthy.has(supervisor)) {
        this.unhealthy.add(supervisor);
        this.log(
          'WARN',
          `${what} failed ${failures} times in a row (last: ${result}): out of the rotation until it passes again`,
        );
      }
    }
    this.unhealthy.delete(supervisor);
  }

  /**
   * Waits until each of `fresh` accepts connections and passes the health check by `deadline`;
   * otherwise stops all of them and throws (the running instances are not touched).
   */
  private async gate(
    fresh: InstanceSupervisor[],
    spec: VariantSpec,
    generation: number,
    deadline: number,
  ): Promise<void> {
    try {
      await Promise.all(fresh.map((s) => this.ready(s, spec, generation, deadline)));
      if (generation !== this.generation) throw this.stoppedError();
    } catch (error) {
      this.pending = this.pending.filter((s) => !fresh.includes(s));
      // FAILED ones have nothing left to stop (and keep their state for the status).
      await Promise.all(fresh.filter((s) => s.instanceStatus().state !== 'FAILED').map((s) => s.stop()));
      if (this.active.length === 0 && generation === this.generation) {
        this.failure = (error as Error).message;
        this.last = fresh;
      }
      throw error;
    }
    this.pending = this.pending.filter((s) => !fresh.includes(s));
  }

  private async ready(
    supervisor: InstanceSupervisor,
    spec: VariantSpec,
    generation: number,
    deadline: number,
  ): Promise<void> {
    await supervisor.begin();
    const check = spec.healthCheck;
    if (!check) return;
    const probe = this.settings.probe ?? probeHealth;
    const outcome = await gateOnHealth({
      probe: () =>
        probe(`http://${this.settings.host}:${supervisor.port}${check.path}`, check.timeoutS * 1000),
      up: () => supervisor.instanceStatus().state === 'RUNNING',
      cancelled: () => generation !== this.generation,
      intervalMs: check.intervalS * 1000,
      deadline,
    });
    if (outcome.passed) {
      this.log('INFO', `instance ${supervisor.index}: health check GET ${check.path} passed`);
      return;
    }
    if (outcome.cancelled) throw this.stoppedError();
    const message = `health check GET ${check.path} did not pass within ${this.settings.startupTimeoutMs} ms (last: ${outcome.last ?? 'no answer'})`;
    this.log('ERROR', `instance ${supervisor.index}: ${message}`);
    throw new RuntimeStartError(this.key, message, {
      kind: 'HEALTH_CHECK',
      path: check.path,
      lastResult: outcome.last,
      timeoutMs: this.settings.startupTimeoutMs,
    });
  }

  /** Out of rotation already; waits for their requests in flight (at most the grace), then stops them. */
  private async drain(old: InstanceSupervisor[], spec: VariantSpec): Promise<void> {
    if (old.length === 0) return;
    const graceMs = graceMsOf(spec, this.settings.stopGraceMs);
    const endpoints = old.map((s) => `http://${this.settings.host}:${s.port}`);
    this.log('INFO', `draining ${old.length} old instance(s): no new requests, SIGTERM once idle`);
    await spec.whenIdle?.(endpoints, graceMs).catch(() => undefined);
    await Promise.all(old.map((s) => s.stop(graceMs)));
  }

  private async stopPending(): Promise<void> {
    const pending = this.pending;
    this.pending = [];
    await Promise.all(pending.map((s) => s.stop()));
  }

  private stoppedError(): RuntimeStartError {
    return new RuntimeStartError(this.key, 'stopped before it was ready', { kind: 'STOPPED' });
  }
}
