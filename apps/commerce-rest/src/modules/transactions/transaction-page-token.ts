/**
 * The continuation of a capped transaction list: the id of the last transaction returned,
 * base64url-encoded so clients treat it as opaque. The next page starts after that row in the
 * (createdAt, transactionId) order, compared on the database's own values.
 */
const PREFIX = 't1.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeTransactionPageToken(lastTransactionId: string): string {
  return Buffer.from(`${PREFIX}${lastTransactionId}`, 'utf8').toString('base64url');
}

/** The transaction id a token continues after, or undefined when the token is not one of ours. */
export function decodeTransactionPageToken(token: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,128}$/.test(token)) return undefined;
  const text = Buffer.from(token, 'base64url').toString('utf8');
  if (!text.startsWith(PREFIX)) return undefined;
  const id = text.slice(PREFIX.length);
  return UUID.test(id) ? id : undefined;
}
