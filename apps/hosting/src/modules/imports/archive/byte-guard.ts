import { Transform, type TransformCallback } from 'node:stream';
import { crc32 } from 'node:zlib';
import { ArchiveError, ArchiveErrorCode } from './archive.errors';

/** Bytes written across every entry of one extraction, against the total limit. */
export class ByteBudget {
  used = 0;
  constructor(readonly max: number) {}
}

export interface ByteGuardOptions {
  /** The entry's name in the archive, for the error. */
  readonly entry: string;
  readonly maxEntryBytes: number;
  readonly budget: ByteBudget;
  /** Size the archive declares: more real bytes is a ZIP_BOMB, fewer at the end a CORRUPT_ARCHIVE. */
  readonly declaredBytes?: number;
  /** Compressed size of the entry, for the ratio check (zip). */
  readonly compressedBytes?: number;
  readonly maxCompressionRatio?: number;
  readonly compressionRatioMinBytes?: number;
  /** CRC-32 the archive declares for the entry's content (zip). */
  readonly crc32?: number;
}

/**
 * Sits between an entry's decompressed data and its file: counts the bytes really passing (never the
 * declared sizes) and fails the pipeline with an ArchiveError as soon as a limit is crossed, so at most
 * one chunk beyond the limit is ever written.
 */
export class ByteGuard extends Transform {
  private count = 0;
  private crc = 0;

  constructor(private readonly options: ByteGuardOptions) {
    super();
  }

  get bytes(): number {
    return this.count;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const o = this.options;
    this.count += chunk.length;
    o.budget.used += chunk.length;
    const fail = (code: ArchiveErrorCode, why: string) =>
      callback(new ArchiveError(code, `entry ${JSON.stringify(o.entry)}: ${why}`, { entry: o.entry }));
    if (o.declaredBytes !== undefined && this.count > o.declaredBytes) {
      return fail(
        ArchiveErrorCode.ZIP_BOMB,
        `inflates beyond the ${o.declaredBytes} bytes its header declares`,
      );
    }
    if (
      o.compressedBytes !== undefined &&
      o.maxCompressionRatio !== undefined &&
      this.count > (o.compressionRatioMinBytes ?? 0) &&
      this.count / Math.max(o.compressedBytes, 1) > o.maxCompressionRatio
    ) {
      return fail(ArchiveErrorCode.ZIP_BOMB, `compression ratio above ${o.maxCompressionRatio}:1`);
    }
    if (this.count > o.maxEntryBytes) {
      return fail(ArchiveErrorCode.ENTRY_TOO_LARGE, `larger than ${o.maxEntryBytes} bytes`);
    }
    if (o.budget.used > o.budget.max) {
      return fail(ArchiveErrorCode.ARCHIVE_TOO_LARGE, `the archive's files exceed ${o.budget.max} bytes`);
    }
    if (o.crc32 !== undefined) this.crc = crc32(chunk, this.crc);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const o = this.options;
    if (o.declaredBytes !== undefined && this.count < o.declaredBytes) {
      return callback(
        new ArchiveError(
          ArchiveErrorCode.CORRUPT_ARCHIVE,
          `entry ${JSON.stringify(o.entry)}: ${this.count} bytes instead of the ${o.declaredBytes} declared`,
          { entry: o.entry },
        ),
      );
    }
    if (o.crc32 !== undefined && this.crc >>> 0 !== o.crc32 >>> 0) {
      return callback(
        new ArchiveError(
          ArchiveErrorCode.CORRUPT_ARCHIVE,
          `entry ${JSON.stringify(o.entry)}: CRC-32 mismatch`,
          {
            entry: o.entry,
          },
        ),
      );
    }
    callback();
  }
}
