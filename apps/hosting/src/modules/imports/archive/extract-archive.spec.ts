import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import {
  chmod,
  link,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { crc32, deflateRawSync, gzipSync } from 'node:zlib';
import * as tar from 'tar';
import * as yazl from 'yazl';
import { ArchiveError, ArchiveErrorCode as Code } from './archive.errors';
import { DEFAULT_ARCHIVE_LIMITS, type ArchiveLimits } from './archive-limits';
import { extractArchive } from './extract-archive';

// ---------------------------------------------------------------------------------------------------
// Archive builders. yazl and tar.create make honest archives; the raw builders below write exactly the
// bytes a malicious archive would hold (yazl refuses `..`, absolute names and lying sizes).
// ---------------------------------------------------------------------------------------------------

const PACKAGE_JSON = Buffer.from(
  '{"name":"fixture-app","version":"1.0.0","scripts":{"start":"node index.js"}}\n',
);
const INDEX_JS = Buffer.from(
  "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT);\n",
);

interface YazlEntry {
  readonly name: string;
  readonly data?: Buffer;
  readonly mode?: number;
  readonly dir?: boolean;
}

async function yazlZip(file: string, entries: readonly YazlEntry[]): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const e of entries) {
    if (e.dir) zip.addEmptyDirectory(e.name);
    else zip.addBuffer(e.data ?? Buffer.alloc(0), e.name, { mode: e.mode ?? 0o100644 });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  return file;
}

interface RawZipEntry {
  readonly name: string | Buffer;
  readonly data?: Buffer;
  readonly method?: number;
  /** Unix mode for the external attributes (type bits included). */
  readonly mode?: number;
  /** Uncompressed size written in the headers instead of the real one. */
  readonly declaredSize?: number;
  readonly crc?: number;
  readonly flags?: number;
  /** Write no data: point this central record at entry #n's local header (overlapping entries). */
  readonly sameDataAs?: number;
}

/** A zip written byte by byte: local headers, data, central directory, end record. */
function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  const offsets: number[] = [];
  const sizes: { compressed: number }[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name, 'utf8');
    const data = e.data ?? Buffer.alloc(0);
    const method = e.method ?? 8;
    const body = method === 8 ? deflateRawSync(data) : data;
    const crc = e.crc ?? crc32(data);
    const size = e.declaredSize ?? data.length;
    const flags = e.flags ?? 0x800;
    let localOffset = offset;
    let compressed = body.length;
    if (e.sameDataAs === undefined) {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt16LE(0, 10);
      local.writeUInt16LE(0x21, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(body.length, 18);
      local.writeUInt32LE(size, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(0, 28);
      locals.push(local, name, body);
      offset += 30 + name.length + body.length;
    } else {
      localOffset = offsets[e.sameDataAs];
      compressed = sizes[e.sameDataAs].compressed;
    }
    offsets.push(localOffset);
    sizes.push({ compressed });
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4); // made by Unix
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, 38);
    central.writeUInt32LE(localOffset, 42);
    centrals.push(central, name);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** Rewrites the uncompressed size of every central-directory record (what yauzl reads). */
function rewriteCentralSizes(
  zip: Buffer,
  size: (compressed: number, uncompressed: number) => number,
): Buffer {
  const out = Buffer.from(zip);
  for (let i = out.length - 46; i >= 0; i--) {
    if (out.readUInt32LE(i) === 0x02014b50)
      out.writeUInt32LE(size(out.readUInt32LE(i + 20), out.readUInt32LE(i + 24)), i + 24);
  }
  return out;
}

interface RawTarEntry {
  readonly path: string;
  readonly type?: string;
  readonly data?: Buffer;
  readonly linkpath?: string;
  readonly mode?: number;
  /** Overwrite the type flag byte (an unknown type). */
  readonly typeFlag?: string;
}

function tarBlock(e: RawTarEntry): Buffer {
  const data = e.data ?? Buffer.alloc(0);
  const header = new tar.Header({
    path: e.path,
    type: (e.type ?? 'File') as 'File',
    size: data.length,
    mode: e.mode ?? 0o644,
    linkpath: e.linkpath,
    mtime: new Date(0),
    uid: 0,
    gid: 0,
  });
  const block = Buffer.alloc(512);
  header.encode(block, 0);
  if (e.typeFlag) {
    block.write(e.typeFlag, 156, 'latin1');
    block.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of block) sum += byte;
    block.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'latin1');
  }
  return Buffer.concat([block, data, Buffer.alloc((512 - (data.length % 512)) % 512)]);
}

const rawTar = (entries: readonly RawTarEntry[]) =>
  Buffer.concat([...entries.map(tarBlock), Buffer.alloc(1024)]);
const rawTarGz = (entries: readonly RawTarEntry[]) => gzipSync(rawTar(entries));

/** Endless zeros without holding them: `total` bytes in 1 MiB chunks of one shared buffer. */
function zeros(total: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = total;
  return new Readable({
    read() {
      if (left <= 0) return void this.push(null);
      const n = Math.min(left, chunk.length);
      left -= n;
      this.push(n === chunk.length ? chunk : chunk.subarray(0, n));
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Sandbox: every test works in its own temporary directory; refusals must leave it as it was.
// ---------------------------------------------------------------------------------------------------

let sandbox: string;
let dest: string;
let counter = 0;

beforeEach(async () => {
  sandbox = await mkdtemp(join(tmpdir(), 'archive-spec-'));
  dest = join(sandbox, 'out', 'app');
});

afterEach(async () => {
  await rm(sandbox, { recursive: true, force: true });
});

async function archive(content: Buffer, name = `upload-${++counter}.bin`): Promise<string> {
  const file = join(sandbox, name);
  await writeFile(file, content);
  return file;
}

/** Every path under `dir`, relative, sorted; directories end with `/`. */
async function listing(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (current: string) => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = join(current, entry.name);
      out.push(relative(dir, full) + (entry.isDirectory() ? '/' : ''));
      if (entry.isDirectory()) await walk(full);
    }
  };
  await walk(dir);
  return out.sort();
}

const modeOf = async (path: string) => (await lstat(path)).mode & 0o777;

/**
 * Extraction must fail with `code`, remove `dest` (this call created it) and leave every other path
 * of the sandbox exactly as it was.
 */
async function expectRefused(
  file: string,
  code: string,
  limits?: Partial<ArchiveLimits>,
): Promise<ArchiveError> {
  const outside = async () => (await listing(sandbox)).filter((p) => p !== 'out/');
  const before = await outside();
  let caught: unknown;
  try {
    await extractArchive(file, dest, limits);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(ArchiveError);
  const error = caught as ArchiveError;
  expect({ code: error.code, message: error.message }).toEqual({ code, message: expect.any(String) });
  await expect(lstat(dest)).rejects.toMatchObject({ code: 'ENOENT' });
  // `out/` (dest's parent, made by the call) may remain, empty; nothing else may appear.
  expect(await outside()).toEqual(before);
  return error;
}

// ---------------------------------------------------------------------------------------------------

describe('extractArchive', () => {
  describe('accepts', () => {
    it('a zip: files, directories, modes, sizes; nothing stripped', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [
        { name: 'package.json', data: PACKAGE_JSON },
        { name: 'index.js', data: INDEX_JS, mode: 0o100755 },
        { name: 'lib/', dir: true },
        { name: 'lib/util.js', data: Buffer.from('module.exports = 1;\n') },
        { name: 'empty/', dir: true },
      ]);
      const result = await extractArchive(file, dest);
      expect(result).toEqual({
        rootDir: dest,
        files: 3,
        bytes: PACKAGE_JSON.length + INDEX_JS.length + 20,
        stripped: null,
      });
      expect(await listing(dest)).toEqual(['empty/', 'index.js', 'lib/', 'lib/util.js', 'package.json']);
      expect(await readFile(join(dest, 'index.js'))).toEqual(INDEX_JS);
      expect(await modeOf(join(dest, 'package.json'))).toBe(0o644);
      expect(await modeOf(join(dest, 'index.js'))).toBe(0o755);
      expect(await modeOf(join(dest, 'lib'))).toBe(0o755);
      expect(await modeOf(join(dest, 'empty'))).toBe(0o755);
    });

    it('a zip wrapped in one directory (GitHub "Download ZIP") and strips it', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [
        { name: 'my-app-main/', dir: true },
        { name: 'my-app-main/package.json', data: PACKAGE_JSON },
        { name: 'my-app-main/src/index.js', data: INDEX_JS },
      ]);
      const result = await extractArchive(file, dest);
      expect(result).toMatchObject({ stripped: 'my-app-main', files: 2 });
      expect(await listing(dest)).toEqual(['package.json', 'src/', 'src/index.js']);
    });

    it('a tar.gz made by tar.create with an npm-pack style package/ wrapper, and strips it', async () => {
      const source = join(sandbox, 'src');
      await mkdir(join(source, 'package', 'lib'), { recursive: true });
      await writeFile(join(source, 'package', 'package.json'), PACKAGE_JSON);
      await writeFile(join(source, 'package', 'cli.js'), INDEX_JS);
      await chmod(join(source, 'package', 'cli.js'), 0o755);
      await writeFile(join(source, 'package', 'lib', 'a.js'), 'a');
      await chmod(join(source, 'package', 'lib'), 0o700);
      const file = join(sandbox, 'app.tgz');
      await tar.create({ gzip: true, file, cwd: source, portable: true }, ['package']);
      await rm(source, { recursive: true });

      const result = await extractArchive(file, dest);
      expect(result).toEqual({
        rootDir: dest,
        files: 3,
        bytes: PACKAGE_JSON.length + INDEX_JS.length + 1,
        stripped: 'package',
      });
      expect(await listing(dest)).toEqual(['cli.js', 'lib/', 'lib/a.js', 'package.json']);
      expect(await modeOf(join(dest, 'cli.js'))).toBe(0o755);
      expect(await modeOf(join(dest, 'lib/a.js'))).toBe(0o644);
      expect(await modeOf(join(dest, 'lib'))).toBe(0o755); // not the archive's 0700
    });

    it('a tar.gz of "." (./ prefixes, a ./ root entry) without stripping anything', async () => {
      const source = join(sandbox, 'src');
      await mkdir(join(source, 'lib'), { recursive: true });
      await writeFile(join(source, 'package.json'), PACKAGE_JSON);
      await writeFile(join(source, 'lib', 'a.js'), 'a');
      const file = join(sandbox, 'app.tgz');
      await tar.create({ gzip: true, file, cwd: source }, ['.']);
      await rm(source, { recursive: true });
      expect(await extractArchive(file, dest)).toMatchObject({ stripped: null, files: 2 });
      expect(await listing(dest)).toEqual(['lib/', 'lib/a.js', 'package.json']);
    });

    it('a wrapper holding a child of its own name (package/package/…)', async () => {
      const file = await archive(
        rawTarGz([
          { path: 'package/', type: 'Directory', mode: 0o755 },
          { path: 'package/package.json', data: PACKAGE_JSON },
          { path: 'package/package/inner.js', data: Buffer.from('x') },
        ]),
      );
      expect(await extractArchive(file, dest)).toMatchObject({ stripped: 'package', files: 2 });
      expect(await listing(dest)).toEqual(['package.json', 'package/', 'package/inner.js']);
    });

    it('skips macOS __MACOSX/ metadata, so the wrapper is still stripped', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [
        { name: 'app/package.json', data: PACKAGE_JSON },
        { name: '__MACOSX/app/._package.json', data: Buffer.from('resource fork') },
      ]);
      expect(await extractArchive(file, dest)).toMatchObject({ stripped: 'app', files: 1 });
      expect(await listing(dest)).toEqual(['package.json']);
    });

    it('tells formats by magic bytes, not by name', async () => {
      const zip = await yazlZip(join(sandbox, 'really-a-zip.tar.gz'), [
        { name: 'package.json', data: PACKAGE_JSON },
      ]);
      const tgz = await archive(rawTarGz([{ path: 'package.json', data: PACKAGE_JSON }]), 'really-a-tgz.zip');
      expect(await extractArchive(zip, dest)).toMatchObject({ files: 1 });
      expect(await extractArchive(tgz, join(sandbox, 'second'))).toMatchObject({ files: 1 });
    });

    it('extracts into an existing empty directory, and only empties it on failure', async () => {
      await mkdir(dest, { recursive: true });
      const ok = await yazlZip(join(sandbox, 'ok.zip'), [{ name: 'package.json', data: PACKAGE_JSON }]);
      expect(await extractArchive(ok, dest)).toMatchObject({ files: 1 });

      const other = join(sandbox, 'other');
      await mkdir(other);
      const bad = await archive(
        rawTarGz([
          { path: 'package.json', data: PACKAGE_JSON },
          { path: 'lib/a.js', data: Buffer.from('a') },
          { path: 'lib/link', type: 'SymbolicLink', linkpath: '/etc/passwd' },
        ]),
      );
      await expect(extractArchive(bad, other)).rejects.toMatchObject({ code: Code.LINK_ENTRY });
      expect(await readdir(other)).toEqual([]);
    });

    it('exports the documented default limits', () => {
      expect(DEFAULT_ARCHIVE_LIMITS).toEqual({
        maxCompressedBytes: 50 * 1024 * 1024,
        maxTotalBytes: 250 * 1024 * 1024,
        maxEntries: 20_000,
        maxEntryBytes: 100 * 1024 * 1024,
        maxPathDepth: 32,
        maxPathLength: 1024,
        maxCompressionRatio: 200,
        compressionRatioMinBytes: 1024 * 1024,
      });
    });
  });

  describe('refuses the destination (a caller error, not an ArchiveError) and touches nothing', () => {
    it('when it is not empty', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [{ name: 'package.json', data: PACKAGE_JSON }]);
      await mkdir(dest, { recursive: true });
      await writeFile(join(dest, 'keep.txt'), 'mine');
      const error = await extractArchive(file, dest).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error).not.toBeInstanceOf(ArchiveError);
      expect(await readdir(dest)).toEqual(['keep.txt']);
    });

    it('when it is a symlink, even to an empty directory', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [{ name: 'package.json', data: PACKAGE_JSON }]);
      const elsewhere = join(sandbox, 'elsewhere');
      await mkdir(elsewhere);
      await mkdir(join(sandbox, 'out'));
      await symlink(elsewhere, dest);
      await expect(extractArchive(file, dest)).rejects.toThrow(/not a directory/);
      expect(await readdir(elsewhere)).toEqual([]);
    });

    it('when a limit is not a number', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [{ name: 'package.json', data: PACKAGE_JSON }]);
      await expect(extractArchive(file, dest, { maxEntries: -1 })).rejects.toThrow(TypeError);
    });
  });

  describe('refuses malicious zips and writes nothing outside destDir', () => {
    const withPackage = (entry: RawZipEntry) => rawZip([{ name: 'package.json', data: PACKAGE_JSON }, entry]);

    it.each([
      ['../evil.js', Code.PATH_TRAVERSAL],
      ['lib/../../evil.js', Code.PATH_TRAVERSAL],
      ['lib/../index.js', Code.PATH_TRAVERSAL],
      ['/etc/x', Code.PATH_TRAVERSAL],
      ['a\\..\\b', Code.PATH_TRAVERSAL],
      ['..\\evil.js', Code.PATH_TRAVERSAL],
      ['C:/Windows/evil.js', Code.PATH_TRAVERSAL],
      ['c:evil.js', Code.PATH_TRAVERSAL],
      ['index.js\0.txt', Code.PATH_TRAVERSAL],
      ['line\nbreak.js', Code.INVALID_ENTRY_NAME],
      [`${'d/'.repeat(33)}x.js`, Code.PATH_TOO_LONG],
      [`${'x'.repeat(1025)}`, Code.PATH_TOO_LONG],
      [`${'x'.repeat(256)}.js`, Code.PATH_TOO_LONG],
    ])('entry %j → %s', async (name, code) => {
      const error = await expectRefused(
        await archive(withPackage({ name, data: Buffer.from('pwned') })),
        code,
      );
      expect(error.entry).toBe(name);
      await expect(stat(join(sandbox, 'evil.js'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(stat(join(sandbox, 'out', 'evil.js'))).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(stat('/etc/x')).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('an absolute path into the sandbox itself', async () => {
      const target = join(sandbox, 'absolute-escape.js');
      await expectRefused(
        await archive(withPackage({ name: target, data: Buffer.from('pwned') })),
        Code.PATH_TRAVERSAL,
      );
      await expect(stat(target)).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('a symlink entry (external attributes S_IFLNK)', async () => {
      const file = await archive(
        withPackage({ name: 'secrets', data: Buffer.from('/etc/passwd'), mode: 0o120777, method: 0 }),
      );
      expect((await expectRefused(file, Code.LINK_ENTRY)).entry).toBe('secrets');
    });

    it.each([
      ['a FIFO', { mode: 0o010644 }],
      ['a character device', { mode: 0o020644 }],
      ['a socket', { mode: 0o140644 }],
      ['an encrypted entry', { flags: 0x801 }],
      ['bzip2 compression', { method: 12 }],
    ])('%s', async (_what, overrides) => {
      await expectRefused(
        await archive(withPackage({ name: 'odd', data: Buffer.from('x'), ...overrides })),
        Code.UNSUPPORTED_ENTRY,
      );
    });

    it.each([
      ['the same file twice', ['package.json', 'package.json']],
      ['a file, then a directory of the same name', ['lib', 'lib/a.js']],
      ['a directory, then a file of the same name', ['lib/a.js', 'lib']],
      ['the same directory twice', ['lib/', 'lib/']],
      ['./x and x', ['./index.js', 'index.js']],
    ])('%s → DUPLICATE_ENTRY', async (_what, names) => {
      const manifest = names.includes('package.json') ? [] : [{ name: 'package.json', data: PACKAGE_JSON }];
      const file = await archive(
        rawZip([...manifest, ...names.map((name) => ({ name, data: Buffer.alloc(0) }))]),
      );
      await expectRefused(file, Code.DUPLICATE_ENTRY);
    });

    it('too many entries (limit lowered to 10)', async () => {
      const entries = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.js`, data: Buffer.from('x') }));
      const file = await archive(rawZip([{ name: 'package.json', data: PACKAGE_JSON }, ...entries]));
      await expectRefused(file, Code.TOO_MANY_ENTRIES, { maxEntries: 10 });
      expect(await extractArchive(file, dest, { maxEntries: 12 })).toMatchObject({ files: 12 });
    });

    it('a header that declares fewer bytes than the entry inflates to → ZIP_BOMB, counted while streaming', async () => {
      const file = await archive(
        withPackage({ name: 'big.js', data: Buffer.alloc(64 * 1024, 'a'), declaredSize: 10 }),
      );
      await expectRefused(file, Code.ZIP_BOMB);
    });

    it('a header that declares more bytes than there are → CORRUPT_ARCHIVE', async () => {
      const file = await archive(
        withPackage({ name: 'short.js', data: Buffer.from('short'), declaredSize: 5000 }),
      );
      await expectRefused(file, Code.CORRUPT_ARCHIVE);
    });

    it('a CRC-32 that does not match the content → CORRUPT_ARCHIVE', async () => {
      await expectRefused(
        await archive(withPackage({ name: 'x.js', data: Buffer.from('x'), crc: 1234 })),
        Code.CORRUPT_ARCHIVE,
      );
    });

    it('entries sharing their compressed data (overlapping zip bomb) → ZIP_BOMB', async () => {
      const file = await archive(
        rawZip([
          { name: 'package.json', data: PACKAGE_JSON },
          { name: 'kernel.js', data: Buffer.from('x'.repeat(1000)) },
          { name: 'copy1.js', data: Buffer.from('x'.repeat(1000)), sameDataAs: 1 },
          { name: 'copy2.js', data: Buffer.from('x'.repeat(1000)), sameDataAs: 1 },
        ]),
      );
      await expectRefused(file, Code.ZIP_BOMB);
    });

    describe('300 MB of zeros compressed by yazl from a stream', () => {
      let bomb: Buffer;
      beforeAll(async () => {
        const zip = new yazl.ZipFile();
        zip.addBuffer(PACKAGE_JSON, 'package.json');
        zip.addReadStream(zeros(300 * 1024 * 1024), 'zeros.bin');
        zip.end();
        const chunks: Buffer[] = [];
        for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
        bomb = Buffer.concat(chunks); // about 300 KB
      });

      it('is refused from its declared ratio before anything is inflated', async () => {
        expect(bomb.length).toBeLessThan(1024 * 1024);
        const error = await expectRefused(await archive(bomb), Code.ZIP_BOMB);
        expect(error.entry).toBe('zeros.bin');
      });

      it('is refused while streaming when its header claims an innocent size (ratio 1:1)', async () => {
        const lying = rewriteCentralSizes(bomb, (compressed, uncompressed) =>
          uncompressed > 1000 ? compressed : uncompressed,
        );
        await expectRefused(await archive(lying), Code.ZIP_BOMB);
      });

      it('is refused by the real-byte limits even when told the truth and the ratio check is off', async () => {
        const error = await expectRefused(await archive(bomb), Code.ENTRY_TOO_LARGE, {
          maxCompressionRatio: Infinity,
        });
        expect(error.entry).toBe('zeros.bin');
        await expectRefused(await archive(bomb), Code.ARCHIVE_TOO_LARGE, {
          maxCompressionRatio: Infinity,
          maxEntryBytes: Infinity,
        });
      });
    });

    it('a single file above the file limit, and files above the total limit (limits lowered)', async () => {
      const two = rawZip([
        { name: 'package.json', data: PACKAGE_JSON },
        { name: 'a.bin', data: Buffer.alloc(2000, 1) },
        { name: 'b.bin', data: Buffer.alloc(2000, 2) },
      ]);
      await expectRefused(await archive(two), Code.ENTRY_TOO_LARGE, { maxEntryBytes: 1999 });
      await expectRefused(await archive(two), Code.ARCHIVE_TOO_LARGE, { maxTotalBytes: 3000 });
    });

    it('an archive file above the compressed limit', async () => {
      const file = await yazlZip(join(sandbox, 'app.zip'), [{ name: 'package.json', data: PACKAGE_JSON }]);
      await expectRefused(file, Code.ARCHIVE_TOO_LARGE, { maxCompressedBytes: 100 });
    });

    it('a truncated zip', async () => {
      const whole = await readFile(
        await yazlZip(join(sandbox, 'app.zip'), [{ name: 'package.json', data: PACKAGE_JSON }]),
      );
      await expectRefused(await archive(whole.subarray(0, whole.length - 30)), Code.CORRUPT_ARCHIVE);
    });
  });

  describe('refuses malicious tar.gz archives and writes nothing outside destDir', () => {
    it('a symlink made by tar.create from a real symlink', async () => {
      const source = join(sandbox, 'src');
      await mkdir(source);
      await writeFile(join(source, 'package.json'), PACKAGE_JSON);
      await symlink('/etc/passwd', join(source, 'passwd'));
      const file = join(sandbox, 'app.tgz');
      await tar.create({ gzip: true, file, cwd: source }, ['package.json', 'passwd']);
      await rm(source, { recursive: true });
      expect((await expectRefused(file, Code.LINK_ENTRY)).entry).toBe('passwd');
    });

    it('a hard link made by GNU tar from a real hard link', async () => {
      const source = join(sandbox, 'src');
      await mkdir(source);
      await writeFile(join(source, 'package.json'), PACKAGE_JSON);
      await link(join(source, 'package.json'), join(source, 'again.json'));
      const file = join(sandbox, 'app.tgz');
      // The system's tar, as a user would make it: node-tar's create races on hard links
      // (isaacs/node-tar#448: the link may come first, and its gzip stream failed here once).
      await promisify(execFile)('tar', ['-czf', file, '-C', source, 'package.json', 'again.json']);
      await rm(source, { recursive: true });
      const entries: string[] = [];
      await tar.list({ file, onReadEntry: (e) => entries.push(e.type) });
      expect(entries).toEqual(['File', 'Link']);
      await expectRefused(file, Code.LINK_ENTRY);
    });

    it.each([
      ['a symlink to /etc', { path: 'etc', type: 'SymbolicLink', linkpath: '/etc' }, Code.LINK_ENTRY],
      [
        'a hard link to /etc/passwd',
        { path: 'passwd', type: 'Link', linkpath: '/etc/passwd' },
        Code.LINK_ENTRY,
      ],
      ['a FIFO', { path: 'fifo', type: 'FIFO' }, Code.UNSUPPORTED_ENTRY],
      ['a character device', { path: 'null', type: 'CharacterDevice' }, Code.UNSUPPORTED_ENTRY],
      ['a block device', { path: 'sda', type: 'BlockDevice' }, Code.UNSUPPORTED_ENTRY],
      [
        'an unknown entry type',
        { path: 'odd', typeFlag: 'Z', data: Buffer.from('x') },
        Code.UNSUPPORTED_ENTRY,
      ],
      ['../evil.js', { path: '../evil.js', data: Buffer.from('pwned') }, Code.PATH_TRAVERSAL],
      ['an absolute path', { path: '/tmp/evil.js', data: Buffer.from('pwned') }, Code.PATH_TRAVERSAL],
      ['a backslash path', { path: '..\\evil.js', data: Buffer.from('pwned') }, Code.PATH_TRAVERSAL],
      ['a duplicate file', { path: 'package.json', data: Buffer.from('{}') }, Code.DUPLICATE_ENTRY],
    ] as [string, RawTarEntry, string][])('%s', async (_what, entry, code) => {
      await expectRefused(
        await archive(rawTarGz([{ path: 'package.json', data: PACKAGE_JSON }, entry])),
        code,
      );
      await expect(stat(join(sandbox, 'evil.js'))).rejects.toMatchObject({ code: 'ENOENT' });
    });

    it('removes what was written before the refused entry', async () => {
      const file = await archive(
        rawTarGz([
          { path: 'package/', type: 'Directory' },
          { path: 'package/package.json', data: PACKAGE_JSON },
          { path: 'package/lib/a.js', data: Buffer.alloc(100_000, 'a') },
          { path: 'package/lib/link', type: 'SymbolicLink', linkpath: '../../../etc/passwd' },
        ]),
      );
      await expectRefused(file, Code.LINK_ENTRY);
    });

    it('too many entries (limit lowered to 5)', async () => {
      const entries = Array.from({ length: 5 }, (_, i) => ({ path: `f${i}.js`, data: Buffer.from('x') }));
      const file = await archive(rawTarGz([{ path: 'package.json', data: PACKAGE_JSON }, ...entries]));
      await expectRefused(file, Code.TOO_MANY_ENTRIES, { maxEntries: 5 });
    });

    it('an entry above the file limit and entries above the total limit, before their data is written', async () => {
      const file = await archive(
        rawTarGz([
          { path: 'package.json', data: PACKAGE_JSON },
          { path: 'a.bin', data: Buffer.alloc(5000) },
          { path: 'b.bin', data: Buffer.alloc(5000) },
        ]),
      );
      await expectRefused(file, Code.ENTRY_TOO_LARGE, { maxEntryBytes: 4999 });
      await expectRefused(file, Code.ARCHIVE_TOO_LARGE, { maxTotalBytes: 9000 });
    });

    it('a gzip bomb (20 MB of zeros, ratio about 1000:1)', async () => {
      const file = await archive(
        gzipSync(
          rawTar([
            { path: 'package.json', data: PACKAGE_JSON },
            { path: 'zeros.bin', data: Buffer.alloc(20 * 1024 * 1024) },
          ]),
        ),
      );
      await expectRefused(file, Code.ZIP_BOMB);
      // Without the ratio check, the decompressed stream is still capped by the file limits.
      await expectRefused(file, Code.ENTRY_TOO_LARGE, {
        maxCompressionRatio: Infinity,
        maxEntryBytes: 1024 * 1024,
      });
    });

    it('a decompressed stream far larger than its files (padding after the end blocks)', async () => {
      const tarball = Buffer.concat([
        rawTar([{ path: 'package.json', data: PACKAGE_JSON }]),
        Buffer.alloc(2 * 1024 * 1024),
      ]);
      await expectRefused(await archive(gzipSync(tarball)), Code.ARCHIVE_TOO_LARGE, {
        maxCompressionRatio: Infinity,
        maxTotalBytes: 1024,
        maxEntries: 10,
      });
    });

    it('a gzip inside the gzip (node-tar would unpack it again, past every count)', async () => {
      const inner = gzipSync(rawTar([{ path: 'package.json', data: PACKAGE_JSON }]));
      await expectRefused(await archive(gzipSync(inner)), Code.UNSUPPORTED_ARCHIVE);
    });

    it('a truncated tar.gz', async () => {
      const whole = rawTarGz([
        { path: 'package.json', data: PACKAGE_JSON },
        { path: 'random.bin', data: Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251)) },
      ]);
      await expectRefused(
        await archive(whole.subarray(0, Math.floor(whole.length / 2))),
        Code.CORRUPT_ARCHIVE,
      );
    });

    it('a gzip of something that is not a tar', async () => {
      await expectRefused(
        await archive(gzipSync(Buffer.from('just some text, not a tar archive\n'.repeat(40)))),
        Code.CORRUPT_ARCHIVE,
      );
    });
  });

  describe('refuses what is not an app archive', () => {
    it.each([
      ['a text file', Buffer.from('hello, this is not an archive\n')],
      ['an empty file', Buffer.alloc(0)],
      ['a plain (uncompressed) tar', rawTar([{ path: 'package.json', data: PACKAGE_JSON }])],
      ['a zstd frame', Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0])],
      ['a PE executable', Buffer.from('MZ\x90\x00', 'latin1')],
    ])('%s → UNSUPPORTED_ARCHIVE', async (_what, content) => {
      await expectRefused(await archive(content), Code.UNSUPPORTED_ARCHIVE);
    });

    it.each([
      ['no package.json at all', [{ name: 'index.js', data: INDEX_JS }]],
      ['package.json two levels down', [{ name: 'a/b/package.json', data: PACKAGE_JSON }]],
      ['package.json as a directory', [{ name: 'package.json/', data: Buffer.alloc(0) }]],
      ['an empty zip', []],
      [
        'two top-level directories',
        [
          { name: 'a/package.json', data: PACKAGE_JSON },
          { name: 'b/x.js', data: INDEX_JS },
        ],
      ],
    ] as [string, RawZipEntry[]][])('%s → MISSING_PACKAGE_JSON', async (_what, entries) => {
      await expectRefused(await archive(rawZip(entries)), Code.MISSING_PACKAGE_JSON);
    });
  });
});
