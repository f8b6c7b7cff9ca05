import {
  InstanceCgroup,
  detectCgroups,
  type BoundsMechanism,
  type CgroupLayout,
  type ResourceLimits,
} from './resource-cgroups';
import { mib, sampleTree, watchdogVerdict, type TreeSample, type WatchdogVerdict } from './resource-watchdog';

export type { BoundsMechanism } from './resource-cgroups';

/** The settings of the bounds besides memory (which is per variant: VariantSpec.memoryMb). */
export interface ResourceBoundsOptions {
  readonly pidsMax: number;
  readonly cpuMillicores: number;
  readonly cpuShares: number;
  /** How often the watchdog samples a sandbox's RSS (where it is the mechanism). */
  readonly watchdogEveryMs: number;
  /** `watchdog`: never use cgroups (HOSTING_APP_BOUNDS=watchdog). */
  readonly mode: 'auto' | 'watchdog';
}

/** Usage against the bound, as the status shows it. */
export interface ResourceUsage {
  readonly mechanism: BoundsMechanism;
  /** Charged memory (cgroup) or summed RSS (watchdog) of the whole sandbox; null when unknown. */
  readonly memoryBytes: number | null;
  readonly memoryLimitBytes: number;
  readonly pids: number | null;
  readonly pidsLimit: number;
}

/** Why the bounds ended an instance. */
export interface ResourceExceeded {
  readonly resource: 'memory' | 'pids';
  readonly mechanism: BoundsMechanism;
  readonly detail: string;
}

/**
 * One instance's bounds: `join` puts a process (and what it forks afterwards) under them, `watch`
 * starts the watchdog on the sandbox's leader (a no-op under a cgroup), `exceeded` says after its
 * end whether the bounds ended it, `release` removes what was made for it.
 */
export interface InstanceBounds {
  readonly mechanism: BoundsMechanism;
  join(pid: number): void;
  watch(leaderPid: number, stop: (why: ResourceExceeded) => void): void;
  usage(): ResourceUsage;
  exceeded(): ResourceExceeded | null;
  release(): Promise<void>;
}

/**
 * The host's bounds, decided once at worker start (`ResourceBounds.detect`): a cgroup per instance
 * where the kernel lets the worker make them, the watchdog otherwise (`fallbackReason` says why,
 * for the one warning at start).
 */
export class ResourceBounds {
  private constructor(
    readonly options: ResourceBoundsOptions,
    private readonly layout: CgroupLayout | null,
    readonly fallbackReason: string | null,
  ) {}

  static detect(options: ResourceBoundsOptions, detect = detectCgroups): ResourceBounds {
    if (options.mode === 'watchdog') return new ResourceBounds(options, null, 'HOSTING_APP_BOUNDS=watchdog');
    const found = detect();
    return 'reason' in found
      ? new ResourceBounds(options, null, found.reason)
      : new ResourceBounds(options, found, null);
  }

  /** Bounds from a known layout (null: the watchdog), for tests. */
  static of(options: ResourceBoundsOptions, layout: CgroupLayout | null): ResourceBounds {
    return new ResourceBounds(options, layout, layout ? null : 'no cgroup layout given');
  }

  get mechanism(): BoundsMechanism {
    if (!this.layout) return 'watchdog';
    return this.layout.version === 2 ? 'cgroup-v2' : 'cgroup-v1';
  }

  /**
   * Bounds for one instance (`name` unique on this host). A cgroup the kernel refuses at this
   * instance falls back to the watchdog for it; `warn` says so.
   */
  forInstance(name: string, memoryMb: number, warn: (message: string) => void): InstanceBounds {
    const limits: ResourceLimits = {
      memoryBytes: memoryMb * 1024 * 1024,
      pidsMax: this.options.pidsMax,
      cpuMillicores: this.options.cpuMillicores,
      cpuShares: this.options.cpuShares,
    };
    if (this.layout) {
      try {
        return new CgroupBounds(InstanceCgroup.create(this.layout, name, limits), limits);
      } catch (error) {
        warn(`no cgroup for this instance (${(error as Error).message}): the RSS watchdog bounds it`);
      }
    }
    return new WatchdogBounds(limits, this.options.watchdogEveryMs);
  }
}

class CgroupBounds implements InstanceBounds {
  constructor(
    private readonly cgroup: InstanceCgroup,
    private readonly limits: ResourceLimits,
  ) {}

  get mechanism(): BoundsMechanism {
    return this.cgroup.mechanism;
  }

  join(pid: number): void {
    this.cgroup.join(pid);
  }

  /** The kernel enforces; nothing to watch. */
  watch(): void {
    return undefined;
  }

  usage(): ResourceUsage {
    return {
      mechanism: this.mechanism,
      memoryBytes: this.cgroup.memoryBytes(),
      memoryLimitBytes: this.limits.memoryBytes,
      pids: this.cgroup.pids(),
      pidsLimit: this.limits.pidsMax,
    };
  }

  exceeded(): ResourceExceeded | null {
    if (!this.cgroup.oomKilled()) return null;
    return {
      resource: 'memory',
      mechanism: this.mechanism,
      detail: `the kernel killed it at its memory bound of ${mib(this.limits.memoryBytes)} (${this.mechanism})`,
    };
  }

  /** Once every process left (the cgroup may take a moment to empty after the last exit). */
  async release(): Promise<void> {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      if (this.cgroup.remove()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

class WatchdogBounds implements InstanceBounds {
  readonly mechanism = 'watchdog' as const;
  private timer: NodeJS.Timeout | null = null;
  private last: TreeSample | null = null;
  private verdict: (WatchdogVerdict & { over: true }) | null = null;

  constructor(
    private readonly limits: ResourceLimits,
    private readonly everyMs: number,
  ) {}

  /** Nothing to join: the watchdog follows the leader's process tree. */
  join(): void {
    return undefined;
  }

  watch(leaderPid: number, stop: (why: ResourceExceeded) => void): void {
    const sample = () => {
      this.last = sampleTree(leaderPid);
      const verdict = watchdogVerdict(this.last, this.limits);
      if (verdict.over && !this.verdict) {
        this.verdict = verdict;
        this.clear();
        stop({ resource: verdict.resource, mechanism: 'watchdog', detail: `${verdict.detail} (watchdog)` });
      }
    };
    this.timer = setInterval(sample, this.everyMs);
    this.timer.unref();
    sample();
  }

  usage(): ResourceUsage {
    return {
      mechanism: 'watchdog',
      memoryBytes: this.last?.rssBytes ?? null,
      memoryLimitBytes: this.limits.memoryBytes,
      pids: this.last?.processes ?? null,
      pidsLimit: this.limits.pidsMax,
    };
  }

  exceeded(): ResourceExceeded | null {
    return this.verdict
      ? {
          resource: this.verdict.resource,
          mechanism: 'watchdog',
          detail: `${this.verdict.detail} (watchdog)`,
        }
      : null;
  }

  async release(): Promise<void> {
    this.clear();
  }

  private clear(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
