import type { Dirent } from 'node:fs';
import { mkdir, readFile, readdir, readlink, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { variantKeyId } from '../runtime';
import type { VariantKey } from '../runtime';
import { processAlive, signalGroup } from '../runtime/process-group';

interface PidRecord {
  /** The process group leader of each instance of the variant. */
  readonly pids: readonly number[];
  /** The app's directory, its cwd: proof that a live pid is still our app and not a reused id. */
  readonly dir: string;
}

/** A record as written, also in the layout before instances (one `pid`). */
type StoredPidRecord = PidRecord | { readonly pid: number; readonly dir: string };

const fileName = (key: VariantKey): string => `${variantKeyId(key).replace('/', '.')}.json`;

/**
 * One file per running variant, per worker: `<HOSTING_DATA_DIR>/run/<workerId>/<appId>.<VARIANT>.json`
 * (the process group leader of each of its instances, and their directory). Several workers may share a host and a data dir, so a
 * worker only ends the apps of workers whose lease is no longer live (killed: SIGKILL, OOM, no clean
 * stop; or paused past their TTL, which fences themselves): otherwise those would hold their memory
 * and ports forever beside the adopted copies. A group is only signalled while one of its
 * processes still has the recorded app directory as its cwd (no reused pid is ever killed). Files directly under `run/` (the layout before worker leases) belong to
 * no worker and are ended too.
 */
export class RuntimePidFiles {
  constructor(private readonly dir: string) {}

  async record(workerId: string, key: VariantKey, pids: readonly number[], appDir: string): Promise<void> {
    const dir = join(this.dir, workerId);
    await mkdir(dir, { recursive: true });
    const file = join(dir, fileName(key));
    await writeFile(`${file}.tmp`, JSON.stringify({ pids, dir: appDir } satisfies PidRecord));
    await rename(`${file}.tmp`, file);
  }

  async forget(workerId: string, key: VariantKey): Promise<void> {
    await rm(join(this.dir, workerId, fileName(key)), { force: true });
  }

  /** Removes a worker's records (after it stopped or released everything it ran). */
  async forgetWorker(workerId: string): Promise<void> {
    await rm(join(this.dir, workerId), { recursive: true, force: true });
  }

  /**
   * Kills the process group of every recorded app of a worker that `liveWorkers` does not name
   * (asked after the directory was read, so a worker registering meanwhile is never taken for
   * dead), removes those records; how many groups it killed (one per instance).
   */
  async endOrphans(liveWorkers: () => Promise<Set<string>>): Promise<number> {
    let entries: Dirent[];
    try {
      entries = await readdir(this.dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    if (entries.length === 0) return 0;
    const live = await liveWorkers();
    let killed = 0;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (live.has(entry.name)) continue;
        const dir = join(this.dir, entry.name);
        const names = await readdir(dir).catch(() => [] as string[]);
        for (const name of names) if (name.endsWith('.json')) killed += await this.end(join(dir, name));
        await rm(dir, { recursive: true, force: true });
      } else if (entry.name.endsWith('.json')) {
        killed += await this.end(join(this.dir, entry.name));
      }
    }
    return killed;
  }

  /** Ends each group recorded in `file` that still runs our app; removes the file; how many it ended. */
  private async end(file: string): Promise<number> {
    const stored = await readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as StoredPidRecord)
      .catch(() => undefined);
    let killed = 0;
    const pids = stored === undefined ? [] : 'pids' in stored ? stored.pids : [stored.pid];
    for (const pid of Array.isArray(pids) ? pids : [])
      if (stored && Number.isInteger(pid) && pid > 1 && (await this.isOurs(pid, stored.dir)))
        if (signalGroup(pid, 'SIGKILL')) killed += 1;
    await rm(file, { force: true });
    return killed;
  }

  /**
   * Whether the recorded group still runs our app: its leader, or a member of its group (a
   * sandboxed app is the grandchild of the recorded leader), has the app's directory as its cwd,
   * exactly or under a sandbox's own root.
   */
  private async isOurs(leader: number, appDir: string): Promise<boolean> {
    if (!processAlive(leader)) return false;
    const dir = await realpath(appDir).catch(() => null);
    if (dir === null) return false;
    for (const pid of [leader, ...(await groupMembers(leader))]) {
      const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => null);
      if (cwd !== null && (cwd === dir || cwd.endsWith(dir))) return true;
    }
    return false;
  }
}

/** Pids of the processes of process group `pgid` (from /proc/<pid>/stat). */
async function groupMembers(pgid: number): Promise<number[]> {
  const members: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry) || Number(entry) === pgid) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // Fields after the command's closing parenthesis: state ppid pgrp …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === pgid) members.push(Number(entry));
  }
  return members;
}
