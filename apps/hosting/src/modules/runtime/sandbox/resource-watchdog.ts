import fs from 'node:fs';

/**
 * The fallback where the kernel bounds nothing for the worker (no usable cgroup): the worker
 * samples the resident memory of a sandbox's whole process tree from /proc and stops the sandbox
 * once it is over its bound. Coarser than a cgroup: an app allocating faster than one sample
 * interval can go past the bound by what it allocates in that time.
 */

/** The process and every descendant (through /proc/<pid>/task/<tid>/children), leader first. */
export function processTree(pid: number, proc = '/proc'): number[] {
  const seen = new Set<number>();
  const queue = [pid];
  while (queue.length > 0) {
    const next = queue.shift() as number;
    if (seen.has(next)) continue;
    seen.add(next);
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`${proc}/${next}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const task of tasks) {
      try {
        const children = fs.readFileSync(`${proc}/${next}/task/${task}/children`, 'utf8').trim();
        if (children) for (const child of children.split(/\s+/)) queue.push(Number(child));
      } catch {
        // the thread ended meanwhile
      }
    }
  }
  return [...seen];
}

/** VmRSS of one process in bytes (0 once it is gone or a zombie). */
export function residentBytes(pid: number, proc = '/proc'): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`${proc}/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

export interface TreeSample {
  readonly rssBytes: number;
  readonly processes: number;
}

/** The RSS of a process tree, summed (shared pages count once per process: an upper estimate). */
export function sampleTree(pid: number, proc = '/proc'): TreeSample {
  const pids = processTree(pid, proc);
  return { rssBytes: pids.reduce((sum, p) => sum + residentBytes(p, proc), 0), processes: pids.length };
}

export type WatchdogVerdict =
  | { readonly over: false }
  | { readonly over: true; readonly resource: 'memory' | 'pids'; readonly detail: string };

/** The watchdog's decision on one sample: over the memory bound, or over the process bound. */
export function watchdogVerdict(
  sample: TreeSample,
  limits: { readonly memoryBytes: number; readonly pidsMax: number },
): WatchdogVerdict {
  if (sample.rssBytes > limits.memoryBytes)
    return {
      over: true,
      resource: 'memory',
      detail: `resident memory ${mib(sample.rssBytes)} over its bound of ${mib(limits.memoryBytes)}`,
    };
  if (sample.processes > limits.pidsMax)
    return {
      over: true,
      resource: 'pids',
      detail: `${sample.processes} processes over its bound of ${limits.pidsMax}`,
    };
  return { over: false };
}

export const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
