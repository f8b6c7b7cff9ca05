import { TOKEN_PREFIX, crc32, generateToken, hashToken, isWellFormedToken } from './token-format';

describe('token format', () => {
  it('generates prefixed tokens of fixed length that pass their checksum', () => {
    const token = generateToken();
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(token).toHaveLength(TOKEN_PREFIX.length + 36);
    expect(isWellFormedToken(token)).toBe(true);
  });

  it('never repeats a token', () => {
    const seen = new Set(Array.from({ length: 1000 }, generateToken));
    expect(seen.size).toBe(1000);
  });

  it('rejects a token with one character changed (checksum)', () => {
    const token = generateToken();
    const i = TOKEN_PREFIX.length + 3;
    const changed = token.slice(0, i) + (token[i] === 'a' ? 'b' : 'a') + token.slice(i + 1);
    expect(isWellFormedToken(changed)).toBe(false);
  });

  it('rejects wrong prefix, length and alphabet', () => {
    const token = generateToken();
    expect(isWellFormedToken('xxxx_' + token.slice(5))).toBe(false);
    expect(isWellFormedToken(token + 'a')).toBe(false);
    expect(isWellFormedToken(token.slice(0, -1) + '-')).toBe(false);
    expect(isWellFormedToken('')).toBe(false);
  });

  it('computes IEEE CRC-32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('hashes with SHA-256 (32 bytes, deterministic)', () => {
    expect(hashToken('a')).toEqual(hashToken('a'));
    expect(hashToken('a')).toHaveLength(32);
  });
});
