import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { ArchiveErrorCode as Code } from './archive.errors';
import { ByteBudget, ByteGuard, type ByteGuardOptions } from './byte-guard';

const KiB = 1024;

/** Pushes `chunks` through a guard into a sink; returns the bytes the sink received and the error. */
async function run(chunks: Buffer[], options: Partial<ByteGuardOptions> & { budget?: ByteBudget }) {
  let received = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback();
    },
  });
  const guard = new ByteGuard({
    entry: 'x.bin',
    maxEntryBytes: Infinity,
    budget: new ByteBudget(Infinity),
    ...options,
  });
  const error = await pipeline(Readable.from(chunks), guard, sink).then(
    () => null,
    (e: { code?: string }) => e,
  );
  return { received, code: error?.code ?? null, counted: guard.bytes };
}

const chunks = (count: number, size = 16 * KiB) => Array.from({ length: count }, () => Buffer.alloc(size));

describe('ByteGuard', () => {
  it('passes data through and counts it', async () => {
    const data = chunks(4);
    expect(await run(data, { declaredBytes: 64 * KiB, crc32: crc32(Buffer.concat(data)) })).toEqual({
      received: 64 * KiB,
      code: null,
      counted: 64 * KiB,
    });
  });

  it('stops at the single-entry limit; the chunk crossing it is never written', async () => {
    expect(await run(chunks(10), { maxEntryBytes: 40 * KiB })).toMatchObject({
      received: 32 * KiB,
      code: Code.ENTRY_TOO_LARGE,
    });
  });

  it('stops at the shared total budget, across entries', async () => {
    const budget = new ByteBudget(50 * KiB);
    expect(await run(chunks(2), { budget })).toMatchObject({ code: null });
    expect(await run(chunks(2), { budget })).toMatchObject({
      received: 16 * KiB,
      code: Code.ARCHIVE_TOO_LARGE,
    });
  });

  it('stops as soon as more bytes come than declared (a lying header)', async () => {
    expect(await run(chunks(100), { declaredBytes: 100 })).toMatchObject({
      received: 0,
      code: Code.ZIP_BOMB,
    });
  });

  it('refuses fewer bytes than declared, and a CRC-32 mismatch', async () => {
    expect(await run(chunks(1), { declaredBytes: 17 * KiB })).toMatchObject({ code: Code.CORRUPT_ARCHIVE });
    expect(await run(chunks(1), { crc32: 42 })).toMatchObject({ code: Code.CORRUPT_ARCHIVE });
  });

  it('bounds the ratio once past its threshold, not before', async () => {
    const ratio = { compressedBytes: 1 * KiB, maxCompressionRatio: 200, compressionRatioMinBytes: 256 * KiB };
    // 256 KiB from 1 KiB is 256:1 but under the threshold: fine.
    expect(await run(chunks(16), ratio)).toMatchObject({ code: null });
    expect(await run(chunks(64), ratio)).toMatchObject({ received: 256 * KiB, code: Code.ZIP_BOMB });
    // 10:1 far past the threshold: fine.
    expect(await run(chunks(64), { ...ratio, compressedBytes: 100 * KiB })).toMatchObject({ code: null });
  });
});
