import { decodeListCursor, encodeListCursor } from '@platform/crypto';
import { Errors, PlatformError, ViolationCode } from '@platform/errors';

/**
 * A page token is the sort key of the last item of the previous page plus the page number it
 * opens, in the platform's one list-cursor codec (`@platform/crypto` encodeListCursor): bound to
 * the list, its caller and filters (`binding`), so a token of another list, account, store or
 * filter, a truncated or altered one, is refused (400 `pageToken`). It is not a secret: any
 * position is a legal place to start a page, so a rebuilt token can only skip rows the caller may
 * see anyway.
 */
export function encodePageToken(page: number, key: readonly string[], binding: string): string {
  return encodeListCursor([String(page), ...key], `commerce-page\n${binding}`);
}

function invalidToken(token: string, message: string): PlatformError {
  return Errors.validation([
    { location: 'query', path: ['pageToken'], code: ViolationCode.INVALID_VALUE, message, value: token },
  ]);
}

/**
 * The sort key a token carries, checked against the list it is used with (`binding`), the page it
 * opens and the key's arity; 400 (query `pageToken`) when it is not one this service issued for
 * that page of that list.
 */
export function decodePageToken(
  token: string,
  page: number,
  keyLength: number,
  binding: string,
  isValidKey: (key: readonly string[]) => boolean = () => true,
): string[] {
  const parts = decodeListCursor(token, `commerce-page\n${binding}`, keyLength + 1);
  const [tokenPage, ...key] = (parts ?? []) as string[];
  if (!parts || !/^[1-9]\d{0,8}$/.test(tokenPage) || !isValidKey(key)) {
    throw invalidToken(token, 'pageToken is not a token from a next link of this list');
  }
  if (Number(tokenPage) !== page) {
    throw invalidToken(token, `pageToken belongs to page ${tokenPage}, not page ${page}`);
  }
  return key;
}
