import { mkdir, readFile, readdir, realpath, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { variantKeyId } from '../runtime';
import type { VariantKey } from '../runtime';
import { processAlive, signalGroup } from '../runtime/process-group';

interface PidRecord {
  readonly pid: number;
  /** The app's directory, its cwd: proof that a live pid is still our app and not a reused id. */
  readonly dir: string;
}

const fileName = (key: VariantKey): string => `${variantKeyId(key).replace('/', '.')}.json`;

/**
 * One file per running variant (`<HOSTING_DATA_DIR>/run/<appId>.<VARIANT>.json`: its process
 * group leader and directory), so a worker that starts after another was killed (SIGKILL, OOM: no
 * clean stop) can end the apps the dead one left running before it starts them again; otherwise
 * they would hold their memory and ports forever beside the new copies. A pid is only signalled
 * when its cwd still is the recorded app directory.
 */
export class RuntimePidFiles {
  constructor(private readonly dir: string) {}

  async record(key: VariantKey, pid: number, appDir: string): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const file = join(this.dir, fileName(key));
    await writeFile(`${file}.tmp`, JSON.stringify({ pid, dir: appDir } satisfies PidRecord));
    await rename(`${file}.tmp`, file);
  }

  async forget(key: VariantKey): Promise<void> {
    await rm(join(this.dir, fileName(key)), { force: true });
  }

  /** Kills the process group of every recorded app still running, removes every record; how many it killed. */
  async endOrphans(): Promise<number> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
    let killed = 0;
    for (const name of names) {
      const file = join(this.dir, name);
      const record = await readFile(file, 'utf8')
        .then((text) => JSON.parse(text) as PidRecord)
        .catch(() => undefined);
      if (record && Number.isInteger(record.pid) && record.pid > 1 && (await this.isOurs(record))) {
        if (signalGroup(record.pid, 'SIGKILL')) killed += 1;
      }
      await rm(file, { force: true });
    }
    return killed;
  }

  private async isOurs(record: PidRecord): Promise<boolean> {
    if (!processAlive(record.pid)) return false;
    try {
      const [cwd, dir] = await Promise.all([realpath(`/proc/${record.pid}/cwd`), realpath(record.dir)]);
      return cwd === dir;
    } catch {
      return false; // gone meanwhile, or not ours to inspect
    }
  }
}
