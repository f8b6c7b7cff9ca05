import { randomBytes } from 'node:crypto';

/**
 * K-Sortable Unique IDentifiers (segmentio/ksuid format): 20 bytes = a 4-byte big-endian count of
 * seconds since the KSUID epoch (2014-05-13T16:53:20Z) followed by 16 random bytes, written as 27
 * base62 characters (0-9A-Za-z, left-padded with '0'). Because the timestamp leads and base62 keeps
 * byte order, ids sort by creation second as strings. Twenty lines, so no dependency (the npm
 * `ksuid` package pulls a base-conversion dependency and has not changed since 2020).
 */
export const KSUID_EPOCH_S = 1_400_000_000;
export const KSUID_LENGTH = 27;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KSUID = /^[0-9A-Za-z]{27}$/;
/** The largest KSUID: 20 bytes of 0xff. */
const MAX = (1n << 160n) - 1n;

export function newKsuid(now: Date = new Date(), random: Buffer = randomBytes(16)): string {
  const seconds = Math.floor(now.getTime() / 1000) - KSUID_EPOCH_S;
  if (seconds < 0 || seconds > 0xffffffff) throw new RangeError('time outside the KSUID range');
  if (random.length !== 16) throw new RangeError('a KSUID takes 16 random bytes');
  let n = (BigInt(seconds) << 128n) | BigInt(`0x${random.toString('hex')}`);
  let out = '';
  while (n > 0n) {
    out = ALPHABET[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out.padStart(KSUID_LENGTH, '0');
}

export function isKsuid(value: string): boolean {
  if (!KSUID.test(value)) return false;
  let n = 0n;
  for (const ch of value) n = n * 62n + BigInt(ALPHABET.indexOf(ch));
  return n <= MAX;
}

/** When the KSUID was made (to the second). */
export function ksuidTime(value: string): Date {
  let n = 0n;
  for (const ch of value) n = n * 62n + BigInt(ALPHABET.indexOf(ch));
  return new Date((Number(n >> 128n) + KSUID_EPOCH_S) * 1000);
}
