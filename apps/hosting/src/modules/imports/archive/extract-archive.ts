import { randomBytes } from 'node:crypto';
import { lstat, mkdir, readdir, realpath, rename, rm, rmdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ArchiveError, ArchiveErrorCode } from './archive.errors';
import { resolveArchiveLimits, type ArchiveLimits } from './archive-limits';
import { detectArchiveFormat } from './archive-format';
import { DIRECTORY_MODE, ExtractionTarget } from './extraction-target';
import { extractTarGz } from './tar-extractor';
import { extractZip } from './zip-extractor';

export interface ExtractResult {
  /** Absolute path of the app's root: `destDir`, which now holds package.json. */
  readonly rootDir: string;
  /** Regular files written. */
  readonly files: number;
  /** Bytes written, counted while streaming. */
  readonly bytes: number;
  /** The single wrapping directory that was removed (`package` for `npm pack`), else null. */
  readonly stripped: string | null;
}

/**
 * Extracts an uploaded app archive (zip or tar.gz, told apart by magic bytes) into `destDir`, which
 * must not exist yet or be an empty directory (not a symlink). Every entry is checked (see
 * normalizeEntryPath, ArchiveErrorCode) and every byte counted against `limits` while it is written;
 * files get mode 0644 (0755 when the archive marks them executable), directories 0755; links, devices
 * and FIFOs are refused, never created. A single top-level directory wrapping everything (GitHub
 * tarballs, `npm pack`'s `package/`) is stripped, then package.json must be at the root.
 *
 * Refusals throw an ArchiveError. Any failure removes what was written: `destDir` is deleted when this
 * call created it and emptied otherwise. A destination that exists and is not an empty directory is a
 * programming error of the caller (a plain Error, nothing touched).
 */
export async function extractArchive(
  file: string,
  destDir: string,
  limits: Partial<ArchiveLimits> = {},
): Promise<ExtractResult> {
  const resolvedLimits = resolveArchiveLimits(limits);
  const dest = resolve(destDir);
  const created = await prepareDestination(dest);
  const root = await realpath(dest);
  try {
    const { size } = await stat(file);
    if (size > resolvedLimits.maxCompressedBytes) {
      throw new ArchiveError(
        ArchiveErrorCode.ARCHIVE_TOO_LARGE,
        `the archive has ${size} bytes; at most ${resolvedLimits.maxCompressedBytes} are allowed`,
      );
    }
    const format = await detectArchiveFormat(file);
    const target = new ExtractionTarget(root, resolvedLimits);
    if (format === 'zip') await extractZip(file, target, resolvedLimits);
    else await extractTarGz(file, target, resolvedLimits);

    const stripped = await stripWrapperDirectory(root, target);
    const manifest = await lstat(join(root, 'package.json')).catch(() => null);
    if (!manifest?.isFile()) {
      throw new ArchiveError(
        ArchiveErrorCode.MISSING_PACKAGE_JSON,
        stripped
          ? `no package.json in the archive's root directory ${JSON.stringify(stripped)}`
          : 'no package.json at the root of the archive',
      );
    }
    return { rootDir: dest, files: target.files, bytes: target.bytes, stripped };
  } catch (error) {
    await removeOutput(root, created);
    throw error;
  }
}

/** Creates `dest` (and its parents) when missing; true when this call created it. */
async function prepareDestination(dest: string): Promise<boolean> {
  const existing = await lstat(dest).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (!existing) {
    await mkdir(dest, { recursive: true, mode: DIRECTORY_MODE });
    return true;
  }
  if (existing.isSymbolicLink() || !existing.isDirectory()) {
    throw new Error(`extraction target ${dest} exists and is not a directory`);
  }
  if ((await readdir(dest)).length > 0) {
    throw new Error(`extraction target ${dest} is not empty`);
  }
  return false;
}

async function removeOutput(root: string, created: boolean): Promise<void> {
  if (created) {
    await rm(root, { recursive: true, force: true });
    return;
  }
  for (const name of await readdir(root)) {
    await rm(join(root, name), { recursive: true, force: true });
  }
}

/**
 * When everything sits in one top-level directory, moves its content up to `root` and returns the
 * directory's name. The directory is first renamed to a name none of its children has, so a child with
 * the wrapper's own name (`package/package/…`) moves up without a clash.
 */
async function stripWrapperDirectory(root: string, target: ExtractionTarget): Promise<string | null> {
  const top = target.topLevel();
  if (top.size !== 1) return null;
  const [[name, isDirectory]] = [...top];
  if (!isDirectory) return null;
  const wrapper = join(root, name);
  const children = await readdir(wrapper);
  let temporary: string;
  do {
    temporary = `.strip-${randomBytes(8).toString('hex')}`;
  } while (children.includes(temporary) || temporary === name);
  await rename(wrapper, join(root, temporary));
  for (const child of children) {
    await rename(join(root, temporary, child), join(root, child));
  }
  await rmdir(join(root, temporary));
  return name;
}
