import { ArchiveError, ArchiveErrorCode } from './archive.errors';
import type { ArchiveLimits } from './archive-limits';

/** Longest file name most file systems take (NAME_MAX), in bytes. */
const MAX_SEGMENT_BYTES = 255;

/**
 * The relative path an entry name stands for: segments joined with `/`, without `.` and empty segments;
 * `''` for the archive root itself (`./`). Throws an ArchiveError for every name that could leave the
 * target directory or that the target could not hold:
 *
 * - PATH_TRAVERSAL: NUL, a backslash (a Windows separator; also not portable), a leading `/`, a drive
 *   letter (`C:`), any `..` segment (even one that would stay inside).
 * - INVALID_ENTRY_NAME: another control character (U+0001–U+001F, U+007F).
 * - PATH_TOO_LONG: more than `maxPathLength` UTF-8 bytes, more than `maxPathDepth` segments, or a
 *   segment longer than 255 bytes.
 */
export function normalizeEntryPath(
  name: string,
  limits: Pick<ArchiveLimits, 'maxPathDepth' | 'maxPathLength'>,
): string {
  const refuse = (code: ArchiveErrorCode, why: string): never => {
    throw new ArchiveError(code, `entry ${JSON.stringify(name)}: ${why}`, { entry: name });
  };
  if (name.includes('\0')) refuse(ArchiveErrorCode.PATH_TRAVERSAL, 'NUL in the name');
  if (name.includes('\\')) refuse(ArchiveErrorCode.PATH_TRAVERSAL, 'backslash in the name');
  if (name.startsWith('/')) refuse(ArchiveErrorCode.PATH_TRAVERSAL, 'absolute path');
  if (/^[A-Za-z]:/.test(name)) refuse(ArchiveErrorCode.PATH_TRAVERSAL, 'drive letter');
  // eslint-disable-next-line no-control-regex
  if (/[\u0001-\u001f\u007f]/.test(name))
    refuse(ArchiveErrorCode.INVALID_ENTRY_NAME, 'control character in the name');
  if (Buffer.byteLength(name, 'utf8') > limits.maxPathLength) {
    refuse(ArchiveErrorCode.PATH_TOO_LONG, `path longer than ${limits.maxPathLength} bytes`);
  }
  const raw = name.split('/');
  if (raw.includes('..')) refuse(ArchiveErrorCode.PATH_TRAVERSAL, '".." segment');
  const segments = raw.filter((segment) => segment !== '' && segment !== '.');
  if (segments.length > limits.maxPathDepth) {
    refuse(ArchiveErrorCode.PATH_TOO_LONG, `path deeper than ${limits.maxPathDepth} segments`);
  }
  if (segments.some((segment) => Buffer.byteLength(segment, 'utf8') > MAX_SEGMENT_BYTES)) {
    refuse(ArchiveErrorCode.PATH_TOO_LONG, `a path segment longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  return segments.join('/');
}
