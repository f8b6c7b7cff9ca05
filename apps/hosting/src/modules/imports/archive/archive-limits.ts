const MiB = 1024 * 1024;

/** Bounds of one extraction. Sizes are bytes (MB = MiB); every byte count is of bytes really written. */
export interface ArchiveLimits {
  /** The archive file itself (the upload route checks the request size too). */
  readonly maxCompressedBytes: number;
  /** Sum of every extracted file. */
  readonly maxTotalBytes: number;
  /** Entries of any kind (files, directories, skipped metadata entries). */
  readonly maxEntries: number;
  /** One extracted file. */
  readonly maxEntryBytes: number;
  /** Segments of an entry path, as stored (before a wrapping directory is stripped). */
  readonly maxPathDepth: number;
  /** UTF-8 bytes of an entry path, as stored. */
  readonly maxPathLength: number;
  /**
   * Inflated ÷ compressed bytes allowed for a zip entry, and for a tar.gz stream as a whole, once
   * more than `compressionRatioMinBytes` have come out of it.
   */
  readonly maxCompressionRatio: number;
  readonly compressionRatioMinBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = Object.freeze({
  maxCompressedBytes: 50 * MiB,
  maxTotalBytes: 250 * MiB,
  maxEntries: 20_000,
  maxEntryBytes: 100 * MiB,
  maxPathDepth: 32,
  maxPathLength: 1024,
  maxCompressionRatio: 200,
  compressionRatioMinBytes: 1 * MiB,
});

export function resolveArchiveLimits(overrides: Partial<ArchiveLimits> = {}): ArchiveLimits {
  const limits = { ...DEFAULT_ARCHIVE_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof ArchiveLimits, number | undefined][]) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
      throw new TypeError(`archive limit ${key} must be a non-negative number`);
    }
    (limits as Record<keyof ArchiveLimits, number>)[key] = value;
  }
  return limits;
}

/**
 * The decompressed tar stream may exceed the files it holds by its headers, pax records and padding:
 * at most about 2.5 KiB per entry with a 1024-byte pax path; 4 KiB per entry and 64 KiB of trailing
 * blocks are allowed. Beyond that the stream is refused even if the files themselves are small.
 */
export function maxTarStreamBytes(limits: ArchiveLimits): number {
  return limits.maxTotalBytes + (limits.maxEntries + 1) * 4096 + 64 * 1024;
}
