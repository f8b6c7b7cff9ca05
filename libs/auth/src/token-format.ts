import { createHash, randomInt } from 'node:crypto';

/**
 * Token format: `dpat_` + 30 random base62 characters + 6 base62 characters of CRC-32 over
 * them. The fixed prefix lets secret scanners recognise a leaked token; the checksum lets us
 * (and them) reject a mistyped or made-up token without a database lookup. 30 base62
 * characters carry ~178 bits of entropy.
 */
export const TOKEN_PREFIX = 'dpat_';
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 30;
const CHECKSUM_LENGTH = 6;
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[0-9A-Za-z]{${RANDOM_LENGTH + CHECKSUM_LENGTH}}$`);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE). node:zlib has crc32 only from Node 20.15/22; this keeps Node 20.11 working. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function base62(value: number, width: number): string {
  let out = '';
  let v = value;
  for (let i = 0; i < width; i++) {
    out = ALPHABET[v % 62] + out;
    v = Math.floor(v / 62);
  }
  return out;
}

export function generateToken(): string {
  let random = '';
  for (let i = 0; i < RANDOM_LENGTH; i++) random += ALPHABET[randomInt(62)];
  return `${TOKEN_PREFIX}${random}${base62(crc32(random), CHECKSUM_LENGTH)}`;
}

/** True when the token has the prefix, the length, the alphabet and a matching checksum. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length);
  const random = body.slice(0, RANDOM_LENGTH);
  return base62(crc32(random), CHECKSUM_LENGTH) === body.slice(RANDOM_LENGTH);
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

export function displayPrefixOf(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}
