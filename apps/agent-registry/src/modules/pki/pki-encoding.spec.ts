import { REVOCATION_REASONS } from '../agents/agent.model';
import { CRL_REASON_CODES, isCrlReasonName } from './crl-reasons';
import { derInteger, normalizeSerialNumber, randomSerialNumber, toPem, wholeSeconds } from './pki-encoding';

describe('randomSerialNumber', () => {
  it('is 32 lower-case hex characters of a positive, minimally encoded integer', () => {
    const serials = Array.from({ length: 500 }, () => randomSerialNumber());
    for (const serial of serials) {
      expect(serial).toMatch(/^[0-9a-f]{32}$/);
      const firstByte = parseInt(serial.slice(0, 2), 16);
      expect(firstByte).toBeGreaterThan(0);
      expect(firstByte).toBeLessThan(0x80);
    }
    expect(new Set(serials).size).toBe(serials.length);
  });
});

describe('normalizeSerialNumber', () => {
  it('reads the forms tools print', () => {
    expect(normalizeSerialNumber('7A:3F:00')).toBe('7a3f00');
    expect(normalizeSerialNumber('007A3F00')).toBe('7a3f00');
    expect(normalizeSerialNumber('A3F')).toBe('0a3f');
    expect(normalizeSerialNumber('00')).toBe('00');
    expect(() => normalizeSerialNumber('xyz')).toThrow(RangeError);
  });
});

describe('derInteger', () => {
  it('encodes non-negative integers minimally, padding a set top bit', () => {
    expect(derInteger(0n).toString('hex')).toBe('020100');
    expect(derInteger(1n).toString('hex')).toBe('020101');
    expect(derInteger(127n).toString('hex')).toBe('02017f');
    expect(derInteger(128n).toString('hex')).toBe('02020080');
    expect(derInteger(256n).toString('hex')).toBe('02020100');
    expect(derInteger(2n ** 63n).toString('hex')).toBe('0209008000000000000000');
    expect(() => derInteger(-1n)).toThrow(RangeError);
  });
});

describe('toPem', () => {
  it('wraps base64 at 64 characters between the labels', () => {
    const pem = toPem(Buffer.alloc(100, 1), 'X509 CRL');
    const lines = pem.trimEnd().split('\n');
    expect(lines[0]).toBe('-----BEGIN X509 CRL-----');
    expect(lines.at(-1)).toBe('-----END X509 CRL-----');
    expect(lines.slice(1, -1).map((l) => l.length)).toEqual([64, 64, 8]);
    expect(Buffer.from(lines.slice(1, -1).join(''), 'base64')).toEqual(Buffer.alloc(100, 1));
  });
});

describe('wholeSeconds', () => {
  it('drops milliseconds', () => {
    expect(wholeSeconds(new Date('2026-01-02T03:04:05.678Z')).toISOString()).toBe('2026-01-02T03:04:05.000Z');
  });
});

describe('CRL reason codes', () => {
  it('encode every reason a caller may give, with the RFC 5280 numbers', () => {
    for (const reason of REVOCATION_REASONS) expect(isCrlReasonName(reason)).toBe(true);
    expect(CRL_REASON_CODES).toEqual({
      UNSPECIFIED: 0,
      KEY_COMPROMISE: 1,
      CA_COMPROMISE: 2,
      AFFILIATION_CHANGED: 3,
      SUPERSEDED: 4,
      CESSATION_OF_OPERATION: 5,
      CERTIFICATE_HOLD: 6,
      PRIVILEGE_WITHDRAWN: 9,
      AA_COMPROMISE: 10,
    });
    expect(isCrlReasonName('REMOVE_FROM_CRL')).toBe(false);
    expect(isCrlReasonName('toString')).toBe(false);
  });
});
