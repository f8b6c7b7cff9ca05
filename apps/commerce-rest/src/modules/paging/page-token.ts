import { Errors, PlatformError, ViolationCode } from '@platform/errors';

/**
 * A page token is the sort key of the last item of the previous page plus the page number it
 * opens: base64url of `{"p":3,"k":["2026-01-01T00:00:00.000Z","<uuid>"]}`. It is not a secret and
 * not signed: any position is a legal place to start a page, so a forged token can only skip rows
 * the caller may see anyway.
 */
interface TokenBody {
  readonly p: number;
  readonly k: readonly string[];
}

export function encodePageToken(page: number, key: readonly string[]): string {
  const body: TokenBody = { p: page, k: key };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

function invalidToken(token: string, message: string): PlatformError {
  return Errors.validation([
    { location: 'query', path: ['pageToken'], code: ViolationCode.INVALID_VALUE, message, value: token },
  ]);
}

/**
 * The sort key a token carries, checked against the page it is used with and the key's arity;
 * 400 (query `pageToken`) when it is not one this service issued for that page.
 */
export function decodePageToken(
  token: string,
  page: number,
  keyLength: number,
  isValidKey: (key: readonly string[]) => boolean = () => true,
): string[] {
  let body: unknown;
  try {
    if (!/^[A-Za-z0-9_-]+$/.test(token)) throw new Error('not base64url');
    body = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    throw invalidToken(token, 'pageToken is not a token from a next link');
  }
  const candidate = body as Partial<TokenBody> | null;
  if (
    !candidate ||
    typeof candidate !== 'object' ||
    !Number.isInteger(candidate.p) ||
    !Array.isArray(candidate.k) ||
    candidate.k.length !== keyLength ||
    !candidate.k.every((part) => typeof part === 'string' && part.length <= 64) ||
    !isValidKey(candidate.k)
  ) {
    throw invalidToken(token, 'pageToken is not a token from a next link');
  }
  if (candidate.p !== page) {
    throw invalidToken(token, `pageToken belongs to page ${candidate.p}, not page ${page}`);
  }
  return [...candidate.k];
}
