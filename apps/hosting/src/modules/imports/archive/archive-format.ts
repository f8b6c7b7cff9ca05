import { open } from 'node:fs/promises';
import { ArchiveError, ArchiveErrorCode } from './archive.errors';

export type ArchiveFormat = 'zip' | 'tar.gz';

/**
 * The format by magic bytes, never by file name: `PK\x03\x04` (a zip's first local header) or
 * `PK\x05\x06` (the end record of an empty zip) → zip; `1f 8b 08` (gzip, deflate) → tar.gz, the tar
 * inside being checked while it streams. Anything else, plain tar and zstd included, is refused.
 */
export async function detectArchiveFormat(file: string): Promise<ArchiveFormat> {
  const handle = await open(file, 'r');
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(4);
    const { bytesRead } = await handle.read(buffer, 0, 4, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const format = formatOf(head);
  if (!format) {
    throw new ArchiveError(
      ArchiveErrorCode.UNSUPPORTED_ARCHIVE,
      'the file is neither a zip nor a tar.gz archive',
    );
  }
  return format;
}

export function formatOf(head: Buffer): ArchiveFormat | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b) {
    if ((head[2] === 0x03 && head[3] === 0x04) || (head[2] === 0x05 && head[3] === 0x06)) return 'zip';
  }
  if (head.length >= 3 && head[0] === 0x1f && head[1] === 0x8b && head[2] === 0x08) return 'tar.gz';
  return null;
}
