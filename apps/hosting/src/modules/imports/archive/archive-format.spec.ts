import { formatOf } from './archive-format';

describe('formatOf (magic bytes)', () => {
  it.each([
    ['a zip local header', [0x50, 0x4b, 0x03, 0x04], 'zip'],
    ['an empty zip end record', [0x50, 0x4b, 0x05, 0x06], 'zip'],
    ['gzip (deflate)', [0x1f, 0x8b, 0x08, 0x00], 'tar.gz'],
    ['a spanned zip marker', [0x50, 0x4b, 0x07, 0x08], null],
    ['gzip with another method', [0x1f, 0x8b, 0x07, 0x00], null],
    ['zstd', [0x28, 0xb5, 0x2f, 0xfd], null],
    ['bzip2', [0x42, 0x5a, 0x68, 0x39], null],
    ['xz', [0xfd, 0x37, 0x7a, 0x58], null],
    ['text', [...Buffer.from('{"na')], null],
    ['two bytes', [0x50, 0x4b], null],
    ['nothing', [], null],
  ])('%s → %s', (_what, bytes, format) => {
    expect(formatOf(Buffer.from(bytes))).toBe(format);
  });
});
