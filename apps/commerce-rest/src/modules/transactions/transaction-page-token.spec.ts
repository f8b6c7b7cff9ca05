import { decodeTransactionPageToken, encodeTransactionPageToken } from './transaction-page-token';

describe('transaction page token', () => {
  const id = '5f0c2a8e-6b1d-4c3f-9e7a-1d2b3c4d5e6f';

  it('round-trips the last transaction id as an opaque base64url string', () => {
    const token = encodeTransactionPageToken(id);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).not.toContain(id);
    expect(decodeTransactionPageToken(token)).toBe(id);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['a bare uuid', id],
    ['another prefix', Buffer.from(`x1.${id}`).toString('base64url')],
    ['not a uuid inside', Buffer.from('t1.nope').toString('base64url')],
    ['too long', 'A'.repeat(129)],
  ])('rejects %s', (_case, token) => {
    expect(decodeTransactionPageToken(token)).toBeUndefined();
  });
});
