import * as yauzl from 'yauzl';
import { ArchiveError, ArchiveErrorCode, toArchiveError } from './archive.errors';
import type { ArchiveLimits } from './archive-limits';
import { normalizeEntryPath } from './entry-path';
import type { ExtractionTarget } from './extraction-target';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const STORED = 0;
const DEFLATED = 8;
const ENCRYPTED_FLAG = 0x1;
/** Smallest local file header; the next entry cannot start before this plus the compressed data. */
const LOCAL_HEADER_MIN_BYTES = 30;

interface PlannedEntry {
  readonly entry: yauzl.Entry;
  readonly name: string;
  readonly path: string;
  readonly kind: 'file' | 'dir';
  readonly executable: boolean;
}

/** macOS Finder adds `__MACOSX/` resource forks beside the real content; they are never app files. */
export function isMacOsMetadata(path: string): boolean {
  return path === '__MACOSX' || path.startsWith('__MACOSX/');
}

/**
 * Extracts a zip into `target`. The central directory is read and every entry checked first (names,
 * types, duplicates, declared sizes and ratios, overlapping data), so a refused archive writes nothing;
 * then each file streams through a ByteGuard that counts the real inflated bytes against the same
 * limits and against the size and CRC-32 the header declares. yauzl's own size validation is off: the
 * guard does the same check and says which limit was crossed.
 */
export async function extractZip(
  file: string,
  target: ExtractionTarget,
  limits: ArchiveLimits,
): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(file, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: false, // names are decoded and validated here, with stable codes
      validateEntrySizes: false, // ByteGuard checks real against declared sizes
      strictFileNames: true,
    });
  } catch (error) {
    throw toArchiveError(error);
  }
  try {
    if (zip.entryCount > limits.maxEntries) {
      throw new ArchiveError(
        ArchiveErrorCode.TOO_MANY_ENTRIES,
        `the archive holds more than ${limits.maxEntries} entries`,
      );
    }
    const planned: PlannedEntry[] = [];
    const all: yauzl.Entry[] = [];
    let declaredTotal = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        target.countEntry();
        all.push(entry);
        const plan = planEntry(entry, limits);
        if (!plan || isMacOsMetadata(plan.path)) continue;
        target.claim(plan.path, plan.kind, plan.name);
        if (plan.kind === 'file') {
          declaredTotal += entry.uncompressedSize;
          if (declaredTotal > limits.maxTotalBytes) {
            throw new ArchiveError(
              ArchiveErrorCode.ARCHIVE_TOO_LARGE,
              `the archive's files exceed ${limits.maxTotalBytes} bytes`,
            );
          }
        }
        planned.push(plan);
      }
    } catch (error) {
      throw toArchiveError(error);
    }
    refuseOverlappingEntries(all);

    for (const plan of planned) {
      if (plan.kind === 'dir') {
        await target.ensureDir(plan.path);
        continue;
      }
      const { entry } = plan;
      let stream;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw toArchiveError(error);
      }
      try {
        await target.writeFile(plan.path, plan.executable, stream, {
          entry: plan.name,
          declaredBytes: entry.uncompressedSize,
          compressedBytes: entry.compressedSize,
          maxCompressionRatio: limits.maxCompressionRatio,
          compressionRatioMinBytes: limits.compressionRatioMinBytes,
          crc32: entry.crc32,
        });
      } catch (error) {
        throw toArchiveError(error);
      }
    }
  } finally {
    zip.close();
  }
}

/** Checks one central-directory entry; null for the archive root (`./`). */
function planEntry(entry: yauzl.Entry, limits: ArchiveLimits): PlannedEntry | null {
  const name = yauzl.getFileNameLowLevel(
    entry.generalPurposeBitFlag,
    entry.fileNameRaw,
    entry.extraFields,
    true, // keep backslashes, so they are refused rather than silently turned into separators
  );
  const refuse = (code: ArchiveErrorCode, why: string): never => {
    throw new ArchiveError(code, `entry ${JSON.stringify(name)}: ${why}`, { entry: name });
  };
  const path = normalizeEntryPath(name, limits);

  // The upper 16 bits of the external attributes hold a Unix mode when the archiver set one; its type
  // bits are trusted whatever "version made by" claims, which can only make this stricter.
  const unixMode = (entry.externalFileAttributes >>> 16) & 0xffff;
  const type = unixMode & S_IFMT;
  if (type === S_IFLNK) refuse(ArchiveErrorCode.LINK_ENTRY, 'symbolic link');
  if (type !== 0 && type !== S_IFREG && type !== S_IFDIR)
    refuse(ArchiveErrorCode.UNSUPPORTED_ENTRY, 'device, FIFO or socket');
  const kind = name.endsWith('/') || type === S_IFDIR ? 'dir' : 'file';
  if (path === '') {
    if (kind === 'file') refuse(ArchiveErrorCode.PATH_TRAVERSAL, 'a file at the archive root itself');
    return null;
  }
  if (kind === 'dir') return { entry, name, path, kind, executable: false };

  if (entry.generalPurposeBitFlag & ENCRYPTED_FLAG) refuse(ArchiveErrorCode.UNSUPPORTED_ENTRY, 'encrypted');
  if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
    refuse(ArchiveErrorCode.UNSUPPORTED_ENTRY, `compression method ${entry.compressionMethod}`);
  }
  if (entry.compressionMethod === STORED && entry.compressedSize !== entry.uncompressedSize) {
    refuse(ArchiveErrorCode.CORRUPT_ARCHIVE, 'stored entry whose compressed and uncompressed sizes differ');
  }
  if (
    entry.uncompressedSize > limits.compressionRatioMinBytes &&
    entry.uncompressedSize / Math.max(entry.compressedSize, 1) > limits.maxCompressionRatio
  ) {
    refuse(ArchiveErrorCode.ZIP_BOMB, `declared compression ratio above ${limits.maxCompressionRatio}:1`);
  }
  if (entry.uncompressedSize > limits.maxEntryBytes) {
    refuse(
      ArchiveErrorCode.ENTRY_TOO_LARGE,
      `declares ${entry.uncompressedSize} bytes, above ${limits.maxEntryBytes}`,
    );
  }
  return { entry, name, path, kind, executable: (unixMode & 0o111) !== 0 };
}

/**
 * Entries whose data overlap (several central-directory records pointing into the same bytes) are how
 * non-recursive zip bombs multiply one compressed kernel; no archiver writes them.
 */
function refuseOverlappingEntries(entries: readonly yauzl.Entry[]): void {
  const sorted = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    if (
      previous.relativeOffsetOfLocalHeader + LOCAL_HEADER_MIN_BYTES + previous.compressedSize >
      sorted[i].relativeOffsetOfLocalHeader
    ) {
      throw new ArchiveError(ArchiveErrorCode.ZIP_BOMB, 'zip entries overlap (shared compressed data)');
    }
  }
}
