import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { ArchiveError, ArchiveErrorCode, toArchiveError } from './archive.errors';
import { maxTarStreamBytes, type ArchiveLimits } from './archive-limits';
import { normalizeEntryPath } from './entry-path';
import type { ExtractionTarget } from './extraction-target';
import { isMacOsMetadata } from './zip-extractor';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const LINK_TYPES = new Set(['SymbolicLink', 'Link']);

/** Counts the bytes flowing through it. */
class Counter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    callback(null, chunk);
  }
}

/**
 * Watches the decompressed tar stream: refuses a second compression layer (node-tar would silently
 * gunzip it again, past every count), a stream larger than its files could explain, and an overall
 * ratio beyond the limit.
 */
class InflatedStreamGuard extends Transform {
  private bytes = 0;
  constructor(
    private readonly compressed: Counter,
    private readonly limits: ArchiveLimits,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.bytes === 0 && chunk.length >= 2 && chunk[0] === 0x1f && chunk[1] === 0x8b) {
      return callback(
        new ArchiveError(
          ArchiveErrorCode.UNSUPPORTED_ARCHIVE,
          'a compressed file inside the gzip stream, not a tar',
        ),
      );
    }
    this.bytes += chunk.length;
    if (this.bytes > maxTarStreamBytes(this.limits)) {
      return callback(
        new ArchiveError(ArchiveErrorCode.ARCHIVE_TOO_LARGE, 'the decompressed archive is too large'),
      );
    }
    if (
      this.bytes > this.limits.compressionRatioMinBytes &&
      this.bytes / Math.max(this.compressed.bytes, 1) > this.limits.maxCompressionRatio
    ) {
      return callback(
        new ArchiveError(
          ArchiveErrorCode.ZIP_BOMB,
          `compression ratio above ${this.limits.maxCompressionRatio}:1`,
        ),
      );
    }
    callback(null, chunk);
  }
}

/**
 * Extracts a tar.gz into `target`, streaming: gunzip → guard → node-tar's Parser (parsing only; its
 * extractor, which would create links and honour modes, is not used). Entries are handled one at a
 * time in archive order; the parser does not emit the next entry before the current one is consumed.
 * On the first refusal every stream is torn down and the pending entry's write has settled before the
 * error is thrown, so the caller can delete the partial output without a write racing it.
 */
export async function extractTarGz(
  file: string,
  target: ExtractionTarget,
  limits: ArchiveLimits,
): Promise<void> {
  await stat(file);
  const source = createReadStream(file);
  const compressed = new Counter();
  const gunzip = createGunzip();
  const inflated = new InflatedStreamGuard(compressed, limits);
  // zstd/brotli off; gzip sniffing cannot be turned off, InflatedStreamGuard refuses a gzip inside.
  const parser = new Parser({ strict: true, zstd: false, brotli: false });

  await new Promise<void>((resolve, reject) => {
    let settled = false;
    let failed = false;
    let queue: Promise<void> = Promise.resolve();
    const abort = new AbortController();

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      source.destroy();
      gunzip.destroy();
      inflated.destroy();
      compressed.destroy();
      parser.abort(new Error('extraction aborted')); // not `error`: abort() decorates what it is given
      // Settles the pending write: its source (a Minipass) no longer receives data, and Node's pipeline
      // would wait forever for it to end.
      abort.abort();
      const mapped = toArchiveError(error);
      void queue.finally(() => {
        if (!settled) {
          settled = true;
          reject(mapped);
        }
      });
    };

    const handle = async (entry: ReadEntry): Promise<void> => {
      if (failed) {
        entry.resume();
        return;
      }
      target.countEntry();
      const name = entry.path;
      const path = normalizeEntryPath(name, limits);
      const refuse = (code: ArchiveErrorCode, why: string): never => {
        throw new ArchiveError(code, `entry ${JSON.stringify(name)}: ${why}`, { entry: name });
      };
      if (LINK_TYPES.has(entry.type))
        refuse(ArchiveErrorCode.LINK_ENTRY, entry.type === 'Link' ? 'hard link' : 'symbolic link');
      const isDirectory =
        entry.type === 'Directory' || (FILE_TYPES.has(entry.type) && name.endsWith('/') && entry.size === 0);
      if (!isDirectory && !FILE_TYPES.has(entry.type))
        refuse(ArchiveErrorCode.UNSUPPORTED_ENTRY, `entry type ${entry.type}`);
      if (path === '') {
        if (!isDirectory) refuse(ArchiveErrorCode.PATH_TRAVERSAL, 'a file at the archive root itself');
        entry.resume();
        return;
      }
      if (isMacOsMetadata(path)) {
        entry.resume();
        return;
      }
      if (isDirectory) {
        target.claim(path, 'dir', name);
        await target.ensureDir(path);
        entry.resume();
        return;
      }
      if (entry.size > limits.maxEntryBytes)
        refuse(ArchiveErrorCode.ENTRY_TOO_LARGE, `larger than ${limits.maxEntryBytes} bytes`);
      if (target.budget.used + entry.size > limits.maxTotalBytes) {
        refuse(
          ArchiveErrorCode.ARCHIVE_TOO_LARGE,
          `the archive's files exceed ${limits.maxTotalBytes} bytes`,
        );
      }
      target.claim(path, 'file', name);
      await target.writeFile(
        path,
        ((entry.mode ?? 0) & 0o111) !== 0,
        entry,
        { entry: name, declaredBytes: entry.size },
        abort.signal,
      );
    };

    parser.on('entry', (entry: ReadEntry) => {
      entry.on('error', () => undefined); // reported through the pipeline or the parser, not thrown
      queue = queue
        .then(() => handle(entry))
        .catch((error: unknown) => {
          entry.resume();
          fail(error);
        });
    });
    parser.on('ignoredEntry', (entry: ReadEntry) => {
      fail(
        new ArchiveError(
          ArchiveErrorCode.UNSUPPORTED_ENTRY,
          `entry ${JSON.stringify(entry.path)}: entry type ${entry.type}`,
          { entry: entry.path },
        ),
      );
    });
    parser.on('error', (error: unknown) => fail(error));
    parser.on('end', () => {
      void queue.then(() => {
        if (!failed && !settled) {
          settled = true;
          resolve();
        }
      });
    });
    source.on('error', fail);
    compressed.on('error', fail);
    gunzip.on('error', fail);
    inflated.on('error', fail);

    source
      .pipe(compressed)
      .pipe(gunzip)
      .pipe(inflated)
      .pipe(parser as unknown as NodeJS.WritableStream);
  });
}
