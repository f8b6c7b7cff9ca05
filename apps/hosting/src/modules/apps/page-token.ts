import { decodeListCursor, encodeListCursor } from '@platform/crypto';
import { Errors, PlatformError, ViolationCode } from '@platform/errors';

/** Position after the last app of a page: the keyset (createdAt, appId) of the list's order. */
export interface AppCursor {
  readonly createdAt: Date;
  readonly appId: string;
}

const EPOCH_MS = /^\d{1,15}$/;
const APP_ID = /^[A-Z][A-Z0-9_]*-[A-Za-z0-9_-]{1,64}$/;

/**
 * What a page token of an app list is bound to: the list's path (each namespace has its own), the
 * caller's account and the query (appType, pageSize). A token used elsewhere is refused.
 */
export function appListBinding(
  listPath: string,
  accountId: string,
  query: { appType?: string; pageSize: number },
): string {
  return JSON.stringify([listPath, accountId, query.appType ?? null, query.pageSize]);
}

/**
 * Opaque to clients (they follow links[rel=next]): `<epoch ms>` and the appId in the platform's
 * one list-cursor codec (`@platform/crypto` encodeListCursor), bound to appListBinding. A rebuilt
 * token only moves the start within the caller's own apps, so it is not signed.
 */
export function encodePageToken(cursor: AppCursor, binding: string): string {
  return encodeListCursor([String(cursor.createdAt.getTime()), cursor.appId], `hosting-apps\n${binding}`);
}

/** The cursor, or 400 INVALID_REQUEST (query `pageToken`, INVALID_FORMAT) for any other token. */
export function decodePageToken(token: string, binding: string): AppCursor {
  const [at, appId] = decodeListCursor(token, `hosting-apps\n${binding}`, 2) ?? [];
  if (typeof at !== 'string' || typeof appId !== 'string' || !EPOCH_MS.test(at) || !APP_ID.test(appId))
    throw invalidPageToken(token);
  return { createdAt: new Date(Number(at)), appId };
}

/** 400 INVALID_REQUEST at query `pageToken` (INVALID_FORMAT): a token this API did not issue for this list. */
export function invalidPageToken(token: string): PlatformError {
  return Errors.validation([
    {
      location: 'query',
      path: ['pageToken'],
      code: ViolationCode.INVALID_FORMAT,
      message: 'pageToken is not a token this API issued for this list; follow links[rel=next]',
      value: token,
    },
  ]);
}
