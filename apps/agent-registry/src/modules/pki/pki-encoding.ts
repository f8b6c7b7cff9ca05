import { createHash, randomBytes } from 'node:crypto';

const SERIAL_BYTES = 16;

/**
 * A fresh certificate serial number: 16 random bytes (CA/Browser Forum asks for at least 64 bits
 * of entropy) with the top bit cleared, so the DER INTEGER is positive without a 0x00 pad, and a
 * non-zero first byte, so the hex is always 32 characters and already minimal. That makes the hex
 * we store the same text `openssl` prints (lower-cased, without colons).
 */
export function randomSerialNumber(): string {
  for (;;) {
    const bytes = randomBytes(SERIAL_BYTES);
    bytes[0] &= 0x7f;
    if (bytes[0] !== 0) return bytes.toString('hex');
  }
}

/**
 * A serial number as stored (lower-case hex, no colons, no leading zero bytes), from however a
 * tool printed it (`7A:3F…`, `007A3F…`).
 */
export function normalizeSerialNumber(serial: string): string {
  const hex = serial.replace(/:/g, '').toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex)) throw new RangeError(`not a hexadecimal serial number: ${serial}`);
  const trimmed = hex.replace(/^0+/, '');
  if (trimmed === '') return '00';
  return trimmed.length % 2 === 0 ? trimmed : `0${trimmed}`;
}

/** DER encoding of a non-negative INTEGER (the value of the CRL number extension, RFC 5280 §5.2.3). */
export function derInteger(value: bigint): Buffer {
  if (value < 0n) throw new RangeError('derInteger encodes non-negative values only');
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  let content = Buffer.from(hex, 'hex');
  if (content[0] & 0x80) content = Buffer.concat([Buffer.from([0]), content]);
  if (content.length > 127) throw new RangeError('derInteger: value too large');
  return Buffer.concat([Buffer.from([0x02, content.length]), content]);
}

/** PEM armour with the given label (`X509 CRL`, `CERTIFICATE`), 64 characters a line. */
export function toPem(der: Uint8Array, label: string): string {
  const lines =
    Buffer.from(der)
      .toString('base64')
      .match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/** Lower-case hex SHA-256 of DER bytes (a certificate's fingerprint, the TLSA 3 0 1 value). */
export function sha256Hex(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('hex');
}

/** `date` without its milliseconds: X.509 times have whole seconds, and stored rows must match them. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
