import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ResourceBounds } from './resource-bounds';
import { InstanceCgroup, cpuWeightOf, detectCgroups, type CgroupLayout } from './resource-cgroups';
import { processTree, sampleTree, watchdogVerdict } from './resource-watchdog';

const MB = 1024 * 1024;
const LIMITS = { memoryBytes: 256 * MB, pidsMax: 512, cpuMillicores: 500, cpuShares: 512 };
const OPTIONS = {
  mode: 'auto' as const,
  pidsMax: 512,
  cpuMillicores: 500,
  cpuShares: 512,
  watchdogEveryMs: 20,
};

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dp-cgroup-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const read = (...parts: string[]) => fs.readFileSync(path.join(dir, ...parts), 'utf8');
const write = (value: string, ...parts: string[]) => fs.writeFileSync(path.join(dir, ...parts), value);

describe('InstanceCgroup on a directory standing for the cgroup file system', () => {
  it('cgroup v2: writes memory.max, pids.max, cpu.weight and cpu.max, and joins a pid', () => {
    const cgroup = InstanceCgroup.create({ version: 2, base: dir }, 'app-1', LIMITS);
    expect(read('app-1', 'memory.max')).toBe(String(256 * MB));
    expect(read('app-1', 'pids.max')).toBe('512');
    expect(read('app-1', 'cpu.weight')).toBe(String(cpuWeightOf(512)));
    expect(read('app-1', 'cpu.max')).toBe('50000 100000');
    cgroup.join(4242);
    expect(read('app-1', 'cgroup.procs')).toBe('4242');
    expect(cgroup.mechanism).toBe('cgroup-v2');
  });

  it('cgroup v2: oom_kill of memory.events says the kernel ended it; usage from memory.current', () => {
    const cgroup = InstanceCgroup.create({ version: 2, base: dir }, 'app-1', LIMITS);
    write('low 0\nhigh 0\nmax 12\noom 1\noom_kill 0\n', 'app-1', 'memory.events');
    write('1048576\n', 'app-1', 'memory.current');
    expect(cgroup.oomKilled()).toBe(false);
    expect(cgroup.memoryBytes()).toBe(MB);
    write('low 0\nhigh 0\nmax 12\noom 1\noom_kill 1\n', 'app-1', 'memory.events');
    expect(cgroup.oomKilled()).toBe(true);
  });

  it('cgroup v1: memory.limit_in_bytes (and memsw where present), pids.max, cpu.shares and the CFS quota per controller', () => {
    const layout: CgroupLayout = {
      version: 1,
      memory: path.join(dir, 'memory'),
      pids: path.join(dir, 'pids'),
      cpu: path.join(dir, 'cpu'),
    };
    for (const base of ['memory', 'pids', 'cpu']) fs.mkdirSync(path.join(dir, base));
    const cgroup = InstanceCgroup.create(layout, 'app-1', LIMITS);
    expect(read('memory', 'app-1', 'memory.limit_in_bytes')).toBe(String(256 * MB));
    expect(read('pids', 'app-1', 'pids.max')).toBe('512');
    expect(read('cpu', 'app-1', 'cpu.shares')).toBe('512');
    expect(read('cpu', 'app-1', 'cpu.cfs_quota_us')).toBe('50000');
    expect(read('cpu', 'app-1', 'cpu.cfs_period_us')).toBe('100000');
    cgroup.join(4242);
    for (const base of ['memory', 'pids', 'cpu']) expect(read(base, 'app-1', 'cgroup.procs')).toBe('4242');
  });

  it('cgroup v1: oom_kill of memory.oom_control, else failcnt, says the kernel ended it', () => {
    const layout: CgroupLayout = { version: 1, memory: dir, pids: null, cpu: null };
    const cgroup = InstanceCgroup.create(layout, 'app-1', LIMITS);
    write('0', 'app-1', 'memory.failcnt');
    expect(cgroup.oomKilled()).toBe(false);
    write('3', 'app-1', 'memory.failcnt');
    expect(cgroup.oomKilled()).toBe(true);
    write('oom_kill_disable 0\nunder_oom 0\noom_kill 0\n', 'app-1', 'memory.oom_control');
    expect(cgroup.oomKilled()).toBe(false);
    write('oom_kill_disable 0\nunder_oom 0\noom_kill 1\n', 'app-1', 'memory.oom_control');
    expect(cgroup.oomKilled()).toBe(true);
  });

  it('a controller the kernel refuses fails the creation (the instance then falls back to the watchdog)', () => {
    const layout: CgroupLayout = { version: 1, memory: dir, pids: path.join(dir, 'missing'), cpu: null };
    expect(() => InstanceCgroup.create(layout, 'app-1', LIMITS)).toThrow();
  });
});

describe('detectCgroups', () => {
  it('finds the v1 memory, pids and cpu hierarchies under the worker’s own cgroup', () => {
    for (const c of ['memory', 'pids', 'cpu']) fs.mkdirSync(path.join(dir, c, 'own'), { recursive: true });
    write(
      [
        `31 23 0:28 / ${dir} rw - tmpfs tmpfs rw`,
        `32 31 0:29 / ${dir}/cpu rw - cgroup cgroup rw,cpu`,
        `35 31 0:32 / ${dir}/memory rw - cgroup cgroup rw,memory`,
        `38 31 0:35 / ${dir}/pids rw - cgroup cgroup rw,pids`,
      ].join('\n'),
      'mountinfo',
    );
    write('8:pids:/\n4:memory:/own\n1:cpu:/\n0::/\n', 'self-cgroup');
    const found = detectCgroups({
      mountinfo: path.join(dir, 'mountinfo'),
      selfCgroup: path.join(dir, 'self-cgroup'),
    });
    expect(found).toEqual({
      version: 1,
      memory: path.join(dir, 'memory', 'own', 'dp-hosting'),
      pids: path.join(dir, 'pids', 'dp-hosting'),
      cpu: path.join(dir, 'cpu', 'dp-hosting'),
    });
  });

  it('without any memory controller says why (the watchdog then bounds the sandboxes)', () => {
    write(`31 23 0:28 / ${dir} rw - tmpfs tmpfs rw`, 'mountinfo');
    write('0::/\n', 'self-cgroup');
    const found = detectCgroups({
      mountinfo: path.join(dir, 'mountinfo'),
      selfCgroup: path.join(dir, 'self-cgroup'),
    });
    expect(found).toEqual({ reason: 'no cgroup v1 memory hierarchy' });
    expect(ResourceBounds.detect(OPTIONS, () => found).mechanism).toBe('watchdog');
    expect(ResourceBounds.detect(OPTIONS, () => found).fallbackReason).toBe('no cgroup v1 memory hierarchy');
  });
});

describe('the RSS watchdog', () => {
  it('is over the memory bound only above it, and over the process bound above that', () => {
    const limits = { memoryBytes: 256 * MB, pidsMax: 4 };
    expect(watchdogVerdict({ rssBytes: 256 * MB, processes: 3 }, limits)).toEqual({ over: false });
    expect(watchdogVerdict({ rssBytes: 256 * MB + 1, processes: 3 }, limits)).toMatchObject({
      over: true,
      resource: 'memory',
      detail: 'resident memory 256 MB over its bound of 256 MB',
    });
    expect(watchdogVerdict({ rssBytes: MB, processes: 5 }, limits)).toMatchObject({
      over: true,
      resource: 'pids',
    });
  });

  it('sums the RSS of a process tree read from /proc', () => {
    for (const [pid, children, rssKb] of [
      [10, '11 12', 1000],
      [11, '13', 2000],
      [12, '', 3000],
      [13, '', 4000],
    ] as const) {
      fs.mkdirSync(path.join(dir, String(pid), 'task', String(pid)), { recursive: true });
      write(children, String(pid), 'task', String(pid), 'children');
      write(`Name:\tnode\nVmRSS:\t    ${rssKb} kB\n`, String(pid), 'status');
    }
    expect(processTree(10, dir).sort()).toEqual([10, 11, 12, 13]);
    expect(sampleTree(11, dir)).toEqual({ rssBytes: 6000 * 1024, processes: 2 });
  });

  it('stops an instance over its bound (this test process stands for the sandbox) and says why', async () => {
    const bounds = ResourceBounds.of(OPTIONS, null).forInstance('self', 1, () => undefined);
    expect(bounds.mechanism).toBe('watchdog');
    const why = await new Promise((resolve) => bounds.watch(process.pid, resolve));
    expect(why).toMatchObject({ resource: 'memory', mechanism: 'watchdog' });
    expect(bounds.exceeded()?.detail).toMatch(/over its bound of 1 MB \(watchdog\)$/);
    expect(bounds.usage()).toMatchObject({ mechanism: 'watchdog', memoryLimitBytes: MB });
    await bounds.release();
  });

  it('never stops an instance under its bound', async () => {
    const bounds = ResourceBounds.of(OPTIONS, null).forInstance('self', 64 * 1024, () => undefined);
    const stop = jest.fn();
    bounds.watch(process.pid, stop);
    // Wait for several samples by their effect (usage known), never a fixed sleep.
    const deadline = Date.now() + 2000;
    while (bounds.usage().memoryBytes === null && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bounds.usage().memoryBytes).toBeGreaterThan(0);
    expect(stop).not.toHaveBeenCalled();
    expect(bounds.exceeded()).toBeNull();
    await bounds.release();
  });
});
