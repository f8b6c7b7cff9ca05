import { Errors, ViolationCode } from '@platform/errors';

/** Position after the last app of a page: the keyset (createdAt, appId) of the list's order. */
export interface AppCursor {
  readonly createdAt: Date;
  readonly appId: string;
}

/**
 * Opaque to clients (they follow links[rel=next]); base64url of `<epoch ms>.<appId>`. A forged
 * token only moves the start within the caller's own apps, so it is not signed.
 */
export function encodePageToken(cursor: AppCursor): string {
  return Buffer.from(`${cursor.createdAt.getTime()}.${cursor.appId}`, 'utf8').toString('base64url');
}

export function decodePageToken(token: string): AppCursor {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(token) ? Buffer.from(token, 'base64url').toString('utf8') : '';
  const match = /^(\d{1,15})\.([A-Z][A-Z0-9_]*-[A-Za-z0-9_-]{1,64})$/.exec(text);
  if (!match)
    throw Errors.validation([
      {
        location: 'query',
        path: ['pageToken'],
        code: ViolationCode.INVALID_FORMAT,
        message: 'pageToken is not a token this API issued; follow links[rel=next]',
        value: token,
      },
    ]);
  return { createdAt: new Date(Number(match[1])), appId: match[2] };
}
