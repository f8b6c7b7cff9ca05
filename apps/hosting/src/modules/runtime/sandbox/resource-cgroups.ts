import fs from 'node:fs';
import path from 'node:path';

/**
 * Kernel bounds of a sandbox (docs/hosting.md, "Resource bounds"): one cgroup per instance, under
 * `dp-hosting/` of the worker's own cgroup (cgroup v1: per controller) or of the cgroup v2 root.
 * Plain file writes; every path is a parameter so that a temporary directory can stand for the
 * cgroup file system in tests.
 */

/** What enforces a sandbox's bounds: the kernel (cgroup v2 or v1), or the worker's RSS watchdog. */
export type BoundsMechanism = 'cgroup-v2' | 'cgroup-v1' | 'watchdog';

export interface ResourceLimits {
  /** The sandbox's whole memory (every process, heap or not); HOSTING_APP_MEMORY_MB. */
  readonly memoryBytes: number;
  /** Processes and threads of the sandbox together (HOSTING_APP_PIDS_MAX). */
  readonly pidsMax: number;
  /** A CPU cap in millicores (1000 = one core; HOSTING_APP_CPU_MILLICORES). */
  readonly cpuMillicores: number;
  /** Relative CPU share against the platform's processes (v1 cpu.shares, 1024 = a normal process). */
  readonly cpuShares: number;
}

/** Where the instance cgroups go: per controller (v1) or one directory (v2, controllers enabled). */
export type CgroupLayout =
  | { readonly version: 2; readonly base: string }
  | {
      readonly version: 1;
      readonly memory: string;
      readonly pids: string | null;
      readonly cpu: string | null;
    };

export const CGROUP_GROUP = 'dp-hosting';
const CFS_PERIOD_US = 100_000;

/** v1 cpu.shares → v2 cpu.weight (1..10000, 100 = normal), as systemd converts them. */
export function cpuWeightOf(shares: number): number {
  return Math.min(10_000, Math.max(1, Math.round(1 + ((shares - 2) * 9999) / 262_142)));
}

function readNumber(file: string): number | null {
  try {
    const value = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

/** A `key value` line of a flat-keyed cgroup file (memory.events, memory.oom_control). */
export function flatKey(file: string, key: string): number | null {
  try {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      const [name, value] = line.trim().split(/\s+/);
      if (name === key && value !== undefined) return Number(value);
    }
  } catch {
    // no such file: the kernel does not say
  }
  return null;
}

/** One instance's cgroup(s): created with its limits, joined by the sandbox's processes, removed at exit. */
export class InstanceCgroup {
  private constructor(
    readonly layout: CgroupLayout,
    private readonly dirs: { memory: string; pids: string | null; cpu: string | null },
  ) {}

  get mechanism(): BoundsMechanism {
    return this.layout.version === 2 ? 'cgroup-v2' : 'cgroup-v1';
  }

  /** Creates `name` under the layout's bases and writes the limits; throws when the kernel refuses. */
  static create(layout: CgroupLayout, name: string, limits: ResourceLimits): InstanceCgroup {
    if (layout.version === 2) {
      const dir = path.join(layout.base, name);
      fs.mkdirSync(dir);
      const cgroup = new InstanceCgroup(layout, { memory: dir, pids: dir, cpu: dir });
      try {
        fs.writeFileSync(path.join(dir, 'memory.max'), String(limits.memoryBytes));
        // No swap to hide in: over the bound means the OOM killer, not a slow crawl.
        writeIfPresent(path.join(dir, 'memory.swap.max'), '0');
        fs.writeFileSync(path.join(dir, 'pids.max'), String(limits.pidsMax));
        fs.writeFileSync(path.join(dir, 'cpu.weight'), String(cpuWeightOf(limits.cpuShares)));
        fs.writeFileSync(
          path.join(dir, 'cpu.max'),
          `${Math.round((limits.cpuMillicores * CFS_PERIOD_US) / 1000)} ${CFS_PERIOD_US}`,
        );
      } catch (error) {
        cgroup.remove();
        throw error;
      }
      return cgroup;
    }
    const memory = path.join(layout.memory, name);
    const pids = layout.pids && path.join(layout.pids, name);
    const cpu = layout.cpu && path.join(layout.cpu, name);
    const cgroup = new InstanceCgroup(layout, { memory, pids, cpu });
    try {
      fs.mkdirSync(memory);
      fs.writeFileSync(path.join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
      // memsw (memory + swap) no higher than the memory bound: swapping is no way round it.
      writeIfPresent(path.join(memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes));
      if (pids) {
        fs.mkdirSync(pids);
        fs.writeFileSync(path.join(pids, 'pids.max'), String(limits.pidsMax));
      }
      if (cpu) {
        fs.mkdirSync(cpu);
        fs.writeFileSync(path.join(cpu, 'cpu.shares'), String(limits.cpuShares));
        fs.writeFileSync(path.join(cpu, 'cpu.cfs_period_us'), String(CFS_PERIOD_US));
        fs.writeFileSync(
          path.join(cpu, 'cpu.cfs_quota_us'),
          String(Math.round((limits.cpuMillicores * CFS_PERIOD_US) / 1000)),
        );
      }
    } catch (error) {
      cgroup.remove();
      throw error;
    }
    return cgroup;
  }

  /** Moves a process into the cgroup(s); its children forked afterwards are born there. */
  join(pid: number): void {
    for (const dir of new Set([this.dirs.memory, this.dirs.pids, this.dirs.cpu])) {
      if (dir) fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
    }
  }

  /** Memory charged now (RSS, page cache, tmpfs of the sandbox), in bytes. */
  memoryBytes(): number | null {
    return readNumber(
      path.join(this.dirs.memory, this.layout.version === 2 ? 'memory.current' : 'memory.usage_in_bytes'),
    );
  }

  pids(): number | null {
    return this.dirs.pids ? readNumber(path.join(this.dirs.pids, 'pids.current')) : null;
  }

  /**
   * Whether the kernel's OOM killer ended a process of the cgroup: `oom_kill` of memory.events (v2)
   * or memory.oom_control (v1); where an old v1 kernel has no such line, failcnt > 0 (the bound was
   * hit) stands for it.
   */
  oomKilled(): boolean {
    if (this.layout.version === 2)
      return (flatKey(path.join(this.dirs.memory, 'memory.events'), 'oom_kill') ?? 0) > 0;
    const kills = flatKey(path.join(this.dirs.memory, 'memory.oom_control'), 'oom_kill');
    if (kills !== null) return kills > 0;
    return (readNumber(path.join(this.dirs.memory, 'memory.failcnt')) ?? 0) > 0;
  }

  /** Removes the cgroup(s); a cgroup still holding a process stays (false). */
  remove(): boolean {
    let removed = true;
    for (const dir of new Set([this.dirs.memory, this.dirs.pids, this.dirs.cpu])) {
      if (!dir) continue;
      try {
        fs.rmdirSync(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') removed = false;
      }
    }
    return removed;
  }
}

function writeIfPresent(file: string, value: string): void {
  if (fs.existsSync(file)) fs.writeFileSync(file, value);
}

/** Where the cgroup file systems are and which cgroup this process is in (parameters for tests). */
export interface CgroupSources {
  readonly mountinfo: string;
  readonly selfCgroup: string;
}

const PROC_SOURCES: CgroupSources = { mountinfo: '/proc/self/mountinfo', selfCgroup: '/proc/self/cgroup' };

interface Mount {
  readonly dir: string;
  readonly type: string;
  readonly superOptions: string[];
}

function mounts(mountinfo: string): Mount[] {
  return fs
    .readFileSync(mountinfo, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [before, after = ''] = line.split(' - ');
      const fields = (before ?? '').split(' ');
      const [type = '', , superOptions = ''] = after.split(' ');
      return { dir: (fields[4] ?? '').replace(/\\040/g, ' '), type, superOptions: superOptions.split(',') };
    });
}

/**
 * Which cgroup layout this host lets the worker use, or why none (then the watchdog bounds RSS):
 * cgroup v2 with `memory`, `pids` and `cpu` delegable from the root of its mount; else cgroup v1
 * with a `memory` hierarchy (`pids`, `cpu` where mounted). A trial creates and removes a cgroup
 * in each, so a read-only or foreign cgroup file system counts as none.
 */
export function detectCgroups(sources: CgroupSources = PROC_SOURCES): CgroupLayout | { reason: string } {
  if (process.platform !== 'linux') return { reason: 'not Linux' };
  let all: Mount[];
  let own: Map<string, string>;
  try {
    all = mounts(sources.mountinfo);
    own = new Map<string, string>();
    for (const line of fs.readFileSync(sources.selfCgroup, 'utf8').split('\n').filter(Boolean)) {
      const [, controllers = '', cgroupPath = '/'] = line.split(':');
      for (const controller of controllers === '' ? [''] : controllers.split(','))
        own.set(controller, cgroupPath);
    }
  } catch (error) {
    return { reason: `cannot read the cgroup mounts (${(error as Error).message})` };
  }
  const reasons: string[] = [];
  const v2 = all.find((m) => m.type === 'cgroup2');
  if (v2) {
    const base = path.join(v2.dir, CGROUP_GROUP);
    try {
      const available = fs.readFileSync(path.join(v2.dir, 'cgroup.controllers'), 'utf8').trim().split(/\s+/);
      const missing = ['memory', 'pids', 'cpu'].filter((c) => !available.includes(c));
      if (missing.length) throw new Error(`controllers ${missing.join(', ')} not offered`);
      fs.writeFileSync(path.join(v2.dir, 'cgroup.subtree_control'), '+memory +pids +cpu');
      fs.mkdirSync(base, { recursive: true });
      fs.writeFileSync(path.join(base, 'cgroup.subtree_control'), '+memory +pids +cpu');
      const layout: CgroupLayout = { version: 2, base };
      trial(layout);
      return layout;
    } catch (error) {
      reasons.push(`cgroup v2 at ${v2.dir}: ${(error as Error).message}`);
    }
  }
  const v1 = (controller: string): string | null => {
    const mount = all.find((m) => m.type === 'cgroup' && m.superOptions.includes(controller));
    if (!mount) return null;
    return path.join(mount.dir, own.get(controller) ?? '/', CGROUP_GROUP);
  };
  const memory = v1('memory');
  if (!memory) {
    reasons.push('no cgroup v1 memory hierarchy');
    return { reason: reasons.join('; ') };
  }
  try {
    const layout: CgroupLayout = { version: 1, memory, pids: v1('pids'), cpu: v1('cpu') };
    for (const dir of [layout.memory, layout.pids, layout.cpu])
      if (dir) fs.mkdirSync(dir, { recursive: true });
    trial(layout);
    return layout;
  } catch (error) {
    reasons.push(`cgroup v1: ${(error as Error).message}`);
    return { reason: reasons.join('; ') };
  }
}

/** Creates, bounds and removes one cgroup: the kernel lets this worker do what every start will. */
function trial(layout: CgroupLayout): void {
  const cgroup = InstanceCgroup.create(layout, `trial-${process.pid}`, {
    memoryBytes: 64 * 1024 * 1024,
    pidsMax: 64,
    cpuMillicores: 1000,
    cpuShares: 512,
  });
  cgroup.remove();
}
