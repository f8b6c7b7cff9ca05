import { PlatformError } from '@platform/errors';
import { httpDate, isModifiedSince, parseIfModifiedSince } from './if-modified-since';

const NOW = new Date('2026-03-15T12:00:00.000Z');

function fail(message: string): never {
  throw new Error(message);
}

describe('parseIfModifiedSince', () => {
  it.each([
    ['IMF-fixdate', 'Sun, 06 Nov 1994 08:49:37 GMT', '1994-11-06T08:49:37.000Z', 1000],
    ['RFC 850', 'Sunday, 06-Nov-94 08:49:37 GMT', '1994-11-06T08:49:37.000Z', 1000],
    ['asctime', 'Sun Nov  6 08:49:37 1994', '1994-11-06T08:49:37.000Z', 1000],
    ['RFC 3339 UTC', '2026-03-01T10:00:00Z', '2026-03-01T10:00:00.000Z', 1000],
    ['RFC 3339 with ms', '2026-03-01T10:00:00.123Z', '2026-03-01T10:00:00.123Z', 1],
    ['RFC 3339 with offset', '2026-03-01T12:00:00.5+02:00', '2026-03-01T10:00:00.500Z', 1],
  ])('reads the %s form', (_label, raw, iso, precisionMs) => {
    expect(parseIfModifiedSince(raw, NOW)).toEqual({ at: new Date(iso), precisionMs });
  });

  it('puts a two-digit RFC 850 year more than 50 years ahead in the past century', () => {
    expect(parseIfModifiedSince('Friday, 01-Jan-99 00:00:00 GMT', NOW)?.at.toISOString()).toBe(
      '1999-01-01T00:00:00.000Z',
    );
    expect(parseIfModifiedSince('Thursday, 01-Jan-26 00:00:00 GMT', NOW)?.at.toISOString()).toBe(
      '2026-01-01T00:00:00.000Z',
    );
  });

  it('is absent when the header is', () => {
    expect(parseIfModifiedSince(undefined, NOW)).toBeUndefined();
  });

  it('ignores a date later than now (RFC 9110 §13.1.3)', () => {
    expect(parseIfModifiedSince('2026-03-15T12:00:01Z', NOW)).toBeUndefined();
  });

  it.each([
    '',
    'yesterday',
    '1700000000',
    'Sun, 31 Feb 2026 00:00:00 GMT',
    'Sun, 06 Nov 1994 08:49:37 UTC',
    '2026-02-30T00:00:00Z',
    '2026-03-01T24:00:00Z',
    '2026-03-01 10:00',
  ])('refuses %j with a violation at location header', (raw) => {
    let error: unknown;
    try {
      parseIfModifiedSince(raw, NOW);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as PlatformError).violations).toEqual([
      expect.objectContaining({ location: 'header', path: ['If-Modified-Since'], code: 'INVALID_FORMAT' }),
    ]);
  });
});

describe('isModifiedSince', () => {
  const lastModified = new Date('2026-03-01T10:00:00.750Z');

  it('compares at whole seconds for an HTTP-date, so Last-Modified sent back matches', () => {
    const since = parseIfModifiedSince(httpDate(lastModified), NOW) ?? fail('no date');
    expect(isModifiedSince(lastModified, since)).toBe(false);
    expect(isModifiedSince(new Date('2026-03-01T10:00:01.000Z'), since)).toBe(true);
  });

  it('compares at milliseconds for a date-time with a fraction', () => {
    const since = parseIfModifiedSince('2026-03-01T10:00:00.750Z', NOW) ?? fail('no date');
    expect(isModifiedSince(lastModified, since)).toBe(false);
    expect(isModifiedSince(new Date('2026-03-01T10:00:00.751Z'), since)).toBe(true);
  });
});

describe('httpDate', () => {
  it('is an IMF-fixdate', () => {
    expect(httpDate(new Date('1994-11-06T08:49:37.900Z'))).toBe('Sun, 06 Nov 1994 08:49:37 GMT');
  });
});
