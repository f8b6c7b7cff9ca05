import { ArchiveError, ArchiveErrorCode as Code } from './archive.errors';
import { DEFAULT_ARCHIVE_LIMITS } from './archive-limits';
import { normalizeEntryPath } from './entry-path';

const normalize = (name: string) => normalizeEntryPath(name, DEFAULT_ARCHIVE_LIMITS);

function codeOf(name: string): string {
  try {
    normalize(name);
  } catch (error) {
    if (error instanceof ArchiveError) {
      expect(error.entry).toBe(name);
      return error.code;
    }
    throw error;
  }
  return 'accepted';
}

describe('normalizeEntryPath', () => {
  it.each([
    ['package.json', 'package.json'],
    ['lib/a.js', 'lib/a.js'],
    ['lib/', 'lib'],
    ['./package.json', 'package.json'],
    ['./', ''],
    ['.', ''],
    ['a//b/./c', 'a/b/c'],
    ['...', '...'],
    ['..foo/bar..', '..foo/bar..'],
    ['dir with spaces/ünïcödé.js', 'dir with spaces/ünïcödé.js'],
    ['C/not-a-drive.js', 'C/not-a-drive.js'],
    ['ab:c.js', 'ab:c.js'],
  ])('%j → %j', (name, expected) => {
    expect(normalize(name)).toBe(expected);
  });

  it.each([
    ['../evil.js', Code.PATH_TRAVERSAL],
    ['..', Code.PATH_TRAVERSAL],
    ['a/..', Code.PATH_TRAVERSAL],
    ['a/../b', Code.PATH_TRAVERSAL],
    ['./../x', Code.PATH_TRAVERSAL],
    ['/etc/x', Code.PATH_TRAVERSAL],
    ['//server/share', Code.PATH_TRAVERSAL],
    ['a\\..\\b', Code.PATH_TRAVERSAL],
    ['a\\b', Code.PATH_TRAVERSAL],
    ['C:\\x', Code.PATH_TRAVERSAL],
    ['C:/x', Code.PATH_TRAVERSAL],
    ['z:x', Code.PATH_TRAVERSAL],
    ['a:b.js', Code.PATH_TRAVERSAL], // drive-relative on Windows
    ['a\0b', Code.PATH_TRAVERSAL],
    ['a\nb', Code.INVALID_ENTRY_NAME],
    ['a\u001bb', Code.INVALID_ENTRY_NAME],
    ['a\u007fb', Code.INVALID_ENTRY_NAME],
    [`${'a/'.repeat(32)}b`, Code.PATH_TOO_LONG],
    ['x'.repeat(1025), Code.PATH_TOO_LONG],
    ['é'.repeat(513), Code.PATH_TOO_LONG], // 1026 bytes of UTF-8
    [`${'x'.repeat(256)}`, Code.PATH_TOO_LONG],
  ])('%j → %s', (name, code) => {
    expect(codeOf(name)).toBe(code);
  });

  it('accepts exactly the depth and length limits', () => {
    expect(normalize(`${'a/'.repeat(31)}b`).split('/')).toHaveLength(32);
    expect(normalize(`${'a/'.repeat(31)}b/`).split('/')).toHaveLength(32);
    const long = `${'x'.repeat(255)}/`.repeat(4).slice(0, 1024);
    expect(Buffer.byteLength(long)).toBe(1024);
    expect(normalize(long)).toBe(long.replace(/\/$/, ''));
  });

  it('uses the limits it is given', () => {
    expect(() => normalizeEntryPath('a/b/c', { maxPathDepth: 2, maxPathLength: 1024 })).toThrow(
      /deeper than 2/,
    );
    expect(() => normalizeEntryPath('abcdef', { maxPathDepth: 2, maxPathLength: 5 })).toThrow(
      /longer than 5/,
    );
  });
});
