import { encodeListCursor } from '@platform/crypto';
import { decodeTransactionPageToken, encodeTransactionPageToken } from './transaction-page-token';

describe('transaction page token', () => {
  const id = '5f0c2a8e-6b1d-4c3f-9e7a-1d2b3c4d5e6f';

  it('round-trips the last transaction id as an opaque base64url string', () => {
    const token = encodeTransactionPageToken(id, 'store-a');
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(token).not.toContain(id);
    expect(decodeTransactionPageToken(token, 'store-a')).toBe(id);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['a bare uuid', id],
    ['the former unbound format', Buffer.from(`t1.${id}`).toString('base64url')],
    ['a token of another store or query', encodeTransactionPageToken(id, 'store-b')],
    ['a token of another list', encodeListCursor([id], 'customers\nstore-a')],
    ['not a uuid inside', encodeListCursor(['nope'], 'transactions\nstore-a')],
    [
      'an upper-case uuid inside (never issued)',
      encodeListCursor([id.toUpperCase()], 'transactions\nstore-a'),
    ],
    ['too long', 'A'.repeat(600)],
  ])('rejects %s', (_case, token) => {
    expect(decodeTransactionPageToken(token, 'store-a')).toBeUndefined();
  });
});
