/**
 * Stable codes of a refused app archive. The hosting service maps them to 400/422 and the import's
 * failure reason; clients and tests match on them, never on the message.
 */
import { errorMessage } from '@platform/errors';
export const ArchiveErrorCode = {
  /** Neither a zip nor a gzip-compressed tar (checked by magic bytes, never by file name). */
  UNSUPPORTED_ARCHIVE: 'UNSUPPORTED_ARCHIVE',
  /** Truncated, or structurally invalid (bad headers, bad deflate data, CRC or size mismatch). */
  CORRUPT_ARCHIVE: 'CORRUPT_ARCHIVE',
  /** The archive file, the sum of its entries or its decompressed tar stream exceeds its limit. */
  ARCHIVE_TOO_LARGE: 'ARCHIVE_TOO_LARGE',
  TOO_MANY_ENTRIES: 'TOO_MANY_ENTRIES',
  /** One file exceeds the single-file limit. */
  ENTRY_TOO_LARGE: 'ENTRY_TOO_LARGE',
  /**
   * A decompression bomb: an entry (zip) or the stream (tar.gz) inflates beyond the allowed ratio, a
   * zip entry inflates beyond the size its header declares, or zip entries share their data.
   */
  ZIP_BOMB: 'ZIP_BOMB',
  /** Absolute path, drive letter, backslash, NUL, `..` segment, or a path resolving outside the target. */
  PATH_TRAVERSAL: 'PATH_TRAVERSAL',
  /** Path deeper or longer than allowed, or one segment longer than 255 bytes. */
  PATH_TOO_LONG: 'PATH_TOO_LONG',
  /** A control character (other than NUL, which is PATH_TRAVERSAL) in an entry name. */
  INVALID_ENTRY_NAME: 'INVALID_ENTRY_NAME',
  /** A symbolic or hard link entry. */
  LINK_ENTRY: 'LINK_ENTRY',
  /** Device, FIFO, socket, encrypted or unknown-compression entry, or an unknown tar entry type. */
  UNSUPPORTED_ENTRY: 'UNSUPPORTED_ENTRY',
  /** The same path twice, or a path used both as a file and as a directory. */
  DUPLICATE_ENTRY: 'DUPLICATE_ENTRY',
  /** No package.json at the root, after stripping a single wrapping directory. */
  MISSING_PACKAGE_JSON: 'MISSING_PACKAGE_JSON',
} as const;
export type ArchiveErrorCode = (typeof ArchiveErrorCode)[keyof typeof ArchiveErrorCode];

/** An archive the platform refuses. Anything else thrown by extractArchive is a server-side failure. */
export class ArchiveError extends Error {
  readonly code: ArchiveErrorCode;
  /** The offending entry's name as stored in the archive, when one entry is at fault. */
  readonly entry: string | null;

  constructor(code: ArchiveErrorCode, message: string, options: { entry?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ArchiveError';
    this.code = code;
    this.entry = options.entry ?? null;
  }
}

/**
 * Errors met while reading the archive (yauzl, zlib, the tar parser) become CORRUPT_ARCHIVE; file-system
 * errors (they carry `syscall`: disk full, permissions, EIO) stay what they are, a server-side failure.
 */
export function toArchiveError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  const message = errorMessage(error);
  return new ArchiveError(
    ArchiveErrorCode.CORRUPT_ARCHIVE,
    `the archive is damaged or truncated: ${message}`,
    {
      cause: error,
    },
  );
}
