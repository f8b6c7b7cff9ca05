import { Errors, ViolationCode } from '@platform/errors';

/** A parsed If-Modified-Since: the instant and the precision the caller expressed it in. */
export interface ModifiedSince {
  readonly at: Date;
  /** 1000 for an HTTP-date or an ISO value without fraction, 1 for an ISO value with milliseconds. */
  readonly precisionMs: 1 | 1000;
}

export const IF_MODIFIED_SINCE = 'If-Modified-Since';

const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** RFC 9110 §5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms recipients must accept. */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} (\\d{4})$`);
/** RFC 3339 date-time (the spec declares the header as date-time). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

function utc(year: number, month: number, day: number, h: number, m: number, s: number): Date | undefined {
  const date = new Date(Date.UTC(year, month, day, h, m, s));
  // Date.UTC rolls 31 Feb over to March and 24:00 to the next day: refuse what does not round-trip.
  const ok =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month &&
    date.getUTCDate() === day &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === m &&
    date.getUTCSeconds() === s;
  return ok ? date : undefined;
}

function parseHttpDate(value: string, now: Date): Date | undefined {
  let match = IMF_FIXDATE.exec(value);
  if (match) {
    const [, day, month, year, h, m, s] = match;
    return utc(+year, MONTHS.indexOf(month), +day, +h, +m, +s);
  }
  match = RFC850.exec(value);
  if (match) {
    const [, day, month, yy, h, m, s] = match;
    // RFC 9110: a two-digit year more than 50 years in the future is in the past century.
    let year = Math.floor(now.getUTCFullYear() / 100) * 100 + +yy;
    if (year > now.getUTCFullYear() + 50) year -= 100;
    return utc(year, MONTHS.indexOf(month), +day, +h, +m, +s);
  }
  match = ASCTIME.exec(value);
  if (match) {
    const [, month, day, h, m, s, year] = match;
    return utc(+year, MONTHS.indexOf(month), +day.trim(), +h, +m, +s);
  }
  return undefined;
}

function parseDateTime(value: string): ModifiedSince | undefined {
  const match = RFC3339.exec(value);
  if (!match) return undefined;
  const [, year, month, day, h, m, s, fraction] = match;
  if (!utc(+year, +month - 1, +day, +h, +m, +s)) return undefined;
  const ms = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(ms)) return undefined;
  return { at: new Date(ms), precisionMs: fraction ? 1 : 1000 };
}

/**
 * Reads the If-Modified-Since header: an HTTP-date (any of RFC 9110's three forms) or an RFC 3339
 * date-time. Absent → undefined. A value later than `now` is ignored (RFC 9110 §13.1.3).
 * Unparseable → 400 INVALID_REQUEST with a detail at location `header` (the spec types the
 * parameter as a date-time, so a typo is reported rather than silently ignored).
 */
export function parseIfModifiedSince(
  raw: string | string[] | undefined,
  now: Date = new Date(),
): ModifiedSince | undefined {
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw.join(', ') : raw).trim();
  const parsed = parseDateTime(value) ?? wrap(parseHttpDate(value, now));
  if (!parsed) {
    throw Errors.validation([
      {
        location: 'header',
        path: [IF_MODIFIED_SINCE],
        code: ViolationCode.INVALID_FORMAT,
        message: 'If-Modified-Since must be an HTTP-date or an RFC 3339 date-time',
        value,
      },
    ]);
  }
  return parsed.at.getTime() > now.getTime() ? undefined : parsed;
}

function wrap(at: Date | undefined): ModifiedSince | undefined {
  return at ? { at, precisionMs: 1000 } : undefined;
}

/**
 * True when `lastModified` is later than `since`, compared at the precision of the header: an
 * HTTP-date has whole seconds, so the resource's time is truncated to the second first (otherwise
 * a Last-Modified value sent back unchanged would never match).
 */
export function isModifiedSince(lastModified: Date, since: ModifiedSince): boolean {
  const truncated = Math.floor(lastModified.getTime() / since.precisionMs) * since.precisionMs;
  return truncated > since.at.getTime();
}

/** IMF-fixdate, the form of Last-Modified. */
export function httpDate(date: Date): string {
  return date.toUTCString();
}
