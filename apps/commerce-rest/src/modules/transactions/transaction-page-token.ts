import { decodeListCursor, encodeListCursor } from '@platform/crypto';
import { isUuid } from '@platform/ids';

/**
 * The continuation of a capped transaction list: the id of the last transaction returned, in the
 * platform's one list-cursor codec (`@platform/crypto` encodeListCursor), bound to `binding` (the
 * store and the list's filters) so a token of another store or query, or a truncated or altered
 * one, is refused. The next page starts after that row in the (createdAt, transactionId) order,
 * compared on the database's own values.
 */
export function encodeTransactionPageToken(lastTransactionId: string, binding: string): string {
  return encodeListCursor([lastTransactionId], `transactions\n${binding}`);
}

/** The transaction id a token continues after, or undefined when the token is not one of this list's. */
export function decodeTransactionPageToken(token: string, binding: string): string | undefined {
  const [id] = decodeListCursor(token, `transactions\n${binding}`, 1) ?? [];
  // Lower case only: the list issues ids as PostgreSQL prints them, so another spelling is not a
  // token of ours (as the codec refuses a non-canonical base64url body).
  return typeof id === 'string' && isUuid(id) && id === id.toLowerCase() ? id : undefined;
}
