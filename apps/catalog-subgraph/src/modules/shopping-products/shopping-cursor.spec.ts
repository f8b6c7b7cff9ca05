import { decodeSearchCursor, encodeSearchCursor } from './shopping-cursor';

describe('shopping search cursor', () => {
  const position = {
    createdAt: new Date('2026-04-08T10:11:12.345Z'),
    id: '0b8e2c55-4c1e-4d3a-9a51-0f9a3c1d2e3f',
  };

  it('decodes what it encoded', () => {
    expect(decodeSearchCursor(encodeSearchCursor(position))).toEqual(position);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'a+b/c='],
    ['another prefix', Buffer.from(`xx1|2026-04-08T10:11:12.345Z|${position.id}`).toString('base64url')],
    ['a bad date', Buffer.from(`sp1|2026-13-08T10:11:12.345Z|${position.id}`).toString('base64url')],
    ['a bad id', Buffer.from('sp1|2026-04-08T10:11:12.345Z|nope').toString('base64url')],
    ['extra parts', Buffer.from(`sp1|2026-04-08T10:11:12.345Z|${position.id}|x`).toString('base64url')],
    ['too long', 'A'.repeat(201)],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeSearchCursor(cursor)).toBeNull();
  });
});
