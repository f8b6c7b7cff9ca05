import { constants } from 'node:fs';
import { chmod, mkdir, open } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ArchiveError, ArchiveErrorCode } from './archive.errors';
import type { ArchiveLimits } from './archive-limits';
import { ByteBudget, ByteGuard, type ByteGuardOptions } from './byte-guard';

export const FILE_MODE = 0o644;
export const EXECUTABLE_MODE = 0o755;
export const DIRECTORY_MODE = 0o755;

type NodeKind = 'file' | 'dir' | 'implied-dir';

/** An entry's data: a Node stream (yauzl) or a Minipass (node-tar), both async-iterable. */
export type EntrySource = AsyncIterable<Buffer> & { destroy(error?: Error): unknown };

/**
 * The directory an archive is written into. Knows every path claimed so far (duplicates and file/dir
 * conflicts are refused before anything is written for them), creates each directory itself (so no
 * path component can be a link it did not make), and opens every file with O_CREAT|O_EXCL|O_NOFOLLOW.
 */
export class ExtractionTarget {
  entries = 0;
  files = 0;
  readonly budget: ByteBudget;
  private readonly nodes = new Map<string, NodeKind>();
  private readonly created = new Set<string>(['']);

  constructor(
    /** Real path of an empty directory. */
    readonly root: string,
    readonly limits: ArchiveLimits,
  ) {
    this.budget = new ByteBudget(limits.maxTotalBytes);
  }

  /** Bytes written to files so far. */
  get bytes(): number {
    return this.budget.used;
  }

  /** Counts one archive entry of any kind against the entry limit. */
  countEntry(): void {
    this.entries++;
    if (this.entries > this.limits.maxEntries) {
      throw new ArchiveError(
        ArchiveErrorCode.TOO_MANY_ENTRIES,
        `the archive holds more than ${this.limits.maxEntries} entries`,
      );
    }
  }

  /** Top-level names, with whether each is a directory. */
  topLevel(): Map<string, boolean> {
    const top = new Map<string, boolean>();
    for (const [path, kind] of this.nodes) {
      if (!path.includes('/')) top.set(path, kind !== 'file');
    }
    return top;
  }

  /**
   * Reserves `path` (normalized, non-empty) for a file or a directory. Refused with DUPLICATE_ENTRY:
   * the same file twice, the same directory entry twice, a file where a directory is (or is implied by
   * a deeper entry), a directory or deeper entry under a file.
   */
  claim(path: string, kind: 'file' | 'dir', entry: string): void {
    const conflict = (why: string): never => {
      throw new ArchiveError(ArchiveErrorCode.DUPLICATE_ENTRY, `entry ${JSON.stringify(entry)}: ${why}`, {
        entry,
      });
    };
    const segments = path.split('/');
    for (let i = 1; i < segments.length; i++) {
      const ancestor = segments.slice(0, i).join('/');
      if (this.nodes.get(ancestor) === 'file') conflict(`${ancestor} is a file`);
    }
    const existing = this.nodes.get(path);
    if (existing === 'implied-dir' && kind === 'dir') {
      this.nodes.set(path, 'dir');
    } else if (existing !== undefined) {
      conflict(existing === 'file' ? 'the path appears twice' : `${path} is a directory`);
    } else {
      this.nodes.set(path, kind);
    }
    for (let i = 1; i < segments.length; i++) {
      const ancestor = segments.slice(0, i).join('/');
      if (!this.nodes.has(ancestor)) this.nodes.set(ancestor, 'implied-dir');
    }
  }

  /** Creates `path` and its missing ancestors, each with mode 0755. */
  async ensureDir(path: string): Promise<void> {
    if (this.created.has(path)) return;
    const segments = path.split('/');
    for (let i = 1; i <= segments.length; i++) {
      const dir = segments.slice(0, i).join('/');
      if (this.created.has(dir)) continue;
      const absolute = this.absolute(dir);
      await mkdir(absolute, { mode: DIRECTORY_MODE }); // fails if anything already exists there
      await chmod(absolute, DIRECTORY_MODE); // exact mode whatever the umask
      this.created.add(dir);
    }
  }

  /** Streams `source` into a new file at `path` through a ByteGuard; the file is 0644 or 0755. */
  async writeFile(
    path: string,
    executable: boolean,
    source: EntrySource,
    guard: Omit<ByteGuardOptions, 'budget' | 'maxEntryBytes'>,
    /** Aborting it fails the write at once (the tar extractor's teardown). */
    signal?: AbortSignal,
  ): Promise<number> {
    const slash = path.lastIndexOf('/');
    if (slash > 0) await this.ensureDir(path.slice(0, slash));
    const mode = executable ? EXECUTABLE_MODE : FILE_MODE;
    const absolute = this.absolute(path);
    let handle;
    try {
      handle = await open(
        absolute,
        constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
        mode,
      );
    } catch (error) {
      source.destroy();
      // Only a case-insensitive or normalizing file system gets here (the names differ, the files do not).
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        throw new ArchiveError(
          ArchiveErrorCode.DUPLICATE_ENTRY,
          `entry ${JSON.stringify(guard.entry)}: the path appears twice`,
          {
            entry: guard.entry,
            cause: error,
          },
        );
      }
      throw error;
    }
    const byteGuard = new ByteGuard({
      ...guard,
      budget: this.budget,
      maxEntryBytes: this.limits.maxEntryBytes,
    });
    try {
      await handle.chmod(mode); // exact mode whatever the umask
    } catch (error) {
      source.destroy();
      await handle.close();
      throw error;
    }
    // The write stream owns the handle from here: it closes it on finish and on error.
    await pipeline(source, byteGuard, handle.createWriteStream(), { signal });
    this.files++;
    return byteGuard.bytes;
  }

  private absolute(path: string): string {
    const absolute = join(this.root, ...path.split('/'));
    if (!absolute.startsWith(this.root + sep)) {
      throw new ArchiveError(
        ArchiveErrorCode.PATH_TRAVERSAL,
        `entry path ${JSON.stringify(path)} leaves the target`,
        {
          entry: path,
        },
      );
    }
    return absolute;
  }
}
