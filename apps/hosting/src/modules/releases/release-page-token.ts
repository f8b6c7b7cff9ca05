import { decodeListCursor, encodeListCursor } from '@platform/crypto';
import type { Variant } from '../apps/app-environment.entity';
import { invalidPageToken } from '../apps/page-token';

const VERSION = /^[1-9]\d{0,9}$/;

/**
 * What a page token of a release list is bound to: the app, the variant, the caller's account and
 * the page size; a token used for another list is refused. Opaque to clients (links[rel=next]), in
 * the platform's one list-cursor codec; a rebuilt token only moves the start within the caller's
 * own releases, so it is not signed.
 */
export function releaseListBinding(
  appId: string,
  variant: Variant,
  accountId: string,
  pageSize: number,
): string {
  return JSON.stringify(['hosting-releases', appId, variant, accountId, pageSize]);
}

/** The position after the last release of a page: its version (the list is newest first). */
export function encodeReleasePageToken(version: number, binding: string): string {
  return encodeListCursor([String(version)], binding);
}

/** The version to continue below, or 400 INVALID_REQUEST (query `pageToken`, INVALID_FORMAT). */
export function decodeReleasePageToken(token: string, binding: string): number {
  const [version] = decodeListCursor(token, binding, 1) ?? [];
  if (typeof version !== 'string' || !VERSION.test(version) || Number(version) > 2 ** 31 - 1)
    throw invalidPageToken(token);
  return Number(version);
}
