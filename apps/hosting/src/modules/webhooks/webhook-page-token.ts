import { decodeListCursor, encodeListCursor } from '@platform/crypto';
import { isUuid } from '@platform/ids';
import { invalidPageToken } from '../apps/page-token';

/** Position after the last item of a page: the keyset (time, id) of the list's newest-first order. */
export interface WebhookListCursor {
  readonly at: Date;
  readonly id: string;
}

const EPOCH_MS = /^\d{1,15}$/;

/**
 * What a page token of the webhook list or of one webhook's deliveries is bound to: the list's
 * path (which names the webhook), the caller's account and the page size. A token used elsewhere is
 * refused. Opaque to clients (they follow links[rel=next]), in the platform's one list-cursor
 * codec; a rebuilt token only moves the start within the caller's own rows, so it is not signed.
 */
export function webhookListBinding(listPath: string, accountId: string, pageSize: number): string {
  return JSON.stringify(['hosting-webhooks', listPath, accountId, pageSize]);
}

export function encodeWebhookPageToken(cursor: WebhookListCursor, binding: string): string {
  return encodeListCursor([String(cursor.at.getTime()), cursor.id], binding);
}

/** The cursor, or 400 INVALID_REQUEST (query `pageToken`, INVALID_FORMAT) for any other token. */
export function decodeWebhookPageToken(token: string, binding: string): WebhookListCursor {
  const [at, id] = decodeListCursor(token, binding, 2) ?? [];
  if (typeof at !== 'string' || typeof id !== 'string' || !EPOCH_MS.test(at) || !isUuid(id))
    throw invalidPageToken(token);
  return { at: new Date(Number(at)), id };
}
