import { PlatformError } from '@platform/errors';
import { decodePageToken, encodePageToken } from './page-token';
import { CREATED_AT_ID, pageMeta, pageRequest, toSlice } from './paging';
import { PageQuery } from './paging.request';

const ID = '8d9d3a58-3f5e-4c8b-9d55-0a3a0c1f2b3c';
const AT = new Date('2026-03-01T10:00:00.123Z');

function query(values: Partial<PageQuery>): PageQuery {
  return Object.assign(new PageQuery(), values);
}

function violationOf(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return (e as PlatformError).violations[0];
  }
  return undefined;
}

describe('PageQuery', () => {
  it("has the spec's defaults: page 1, pageSize 10, totalRequired false", () => {
    expect({ ...new PageQuery() }).toEqual({ page: 1, pageSize: 10, totalRequired: false });
  });
});

/** What pageRequest binds a token of list `L` to with the default page size. */
const L10 = 'L\npageSize=10';

describe('page tokens', () => {
  it('round-trip the key for the page and list they were issued for', () => {
    const token = encodePageToken(3, [AT.toISOString(), ID], 'L');
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(decodePageToken(token, 3, 2, 'L')).toEqual([AT.toISOString(), ID]);
  });

  it.each([
    ['another page', encodePageToken(3, ['a', 'b'], 'L'), 4, 2],
    ['another list', encodePageToken(3, ['a', 'b'], 'M'), 3, 2],
    ['another key length', encodePageToken(3, ['a'], 'L'), 3, 2],
    ['not base64url', 'a+b/c', 3, 2],
    ['not JSON', Buffer.from('{').toString('base64url'), 3, 2],
    ['the former unbound format', Buffer.from('{"p":3,"k":["a","b"]}').toString('base64url'), 3, 2],
  ])('refuse %s with 400 at query pageToken', (_label, token, page, length) => {
    expect(violationOf(() => decodePageToken(token, page, length, 'L'))).toMatchObject({
      location: 'query',
      path: ['pageToken'],
      code: 'INVALID_VALUE',
    });
  });

  it('refuse a (createdAt, id) key that is not one', () => {
    const token = encodePageToken(2, ['2026-03-01', 'x'], L10);
    expect(
      violationOf(() => pageRequest(query({ page: 2, pageToken: token }), CREATED_AT_ID, 'L')),
    ).toMatchObject({
      path: ['pageToken'],
    });
  });
});

describe('pageRequest', () => {
  it('pages by offset without a token', () => {
    expect(pageRequest(query({ page: 3, pageSize: 20 }), CREATED_AT_ID, 'L')).toMatchObject({
      offset: 40,
      limit: 21,
      after: undefined,
    });
  });

  it('pages by key with a token', () => {
    const token = encodePageToken(2, [AT.toISOString(), ID], L10);
    expect(pageRequest(query({ page: 2, pageToken: token }), CREATED_AT_ID, 'L')).toMatchObject({
      after: { createdAt: AT, id: ID },
      pageToken: token,
    });
  });
});

describe('toSlice and pageMeta', () => {
  const rows = [1, 2, 3].map((n) => ({ createdAt: new Date(AT.getTime() + n), id: ID }));

  it('drops the extra row, says more follow and makes the next token from the last item', () => {
    const request = pageRequest(query({ pageSize: 2 }), CREATED_AT_ID, 'L');
    const slice = toSlice(rows, request, CREATED_AT_ID, (r) => r);
    expect(slice.items).toEqual(rows.slice(0, 2));
    expect(slice.hasMore).toBe(true);
    expect(decodePageToken(slice.nextToken ?? '', 2, 2, 'L\npageSize=2')).toEqual([
      rows[1].createdAt.toISOString(),
      ID,
    ]);
  });

  it('builds self, first, prev, next and (with totals) last links, keeping filters', () => {
    const request = pageRequest(query({ page: 2, pageSize: 2, totalRequired: true }), CREATED_AT_ID, 'L');
    const meta = pageMeta('/v1/things', { color: 'red', size: undefined }, request, {
      nextToken: 'tok',
      totalItems: 5,
    });
    expect(meta).toEqual({
      totalItems: 5,
      totalPages: 3,
      links: [
        { rel: 'self', method: 'GET', href: '/v1/things?color=red&page=2&pageSize=2&totalRequired=true' },
        { rel: 'first', method: 'GET', href: '/v1/things?color=red&page=1&pageSize=2&totalRequired=true' },
        { rel: 'prev', method: 'GET', href: '/v1/things?color=red&page=1&pageSize=2&totalRequired=true' },
        {
          rel: 'next',
          method: 'GET',
          href: '/v1/things?color=red&page=3&pageSize=2&totalRequired=true&pageToken=tok',
        },
        { rel: 'last', method: 'GET', href: '/v1/things?color=red&page=3&pageSize=2&totalRequired=true' },
      ],
    });
  });

  it('has no totals or last link without totalRequired, and no last link for an empty list', () => {
    const plain = pageMeta('/v1/things', {}, pageRequest(query({}), CREATED_AT_ID, 'L'), {});
    expect(plain).toEqual({
      links: [expect.objectContaining({ rel: 'self' }), expect.objectContaining({ rel: 'first' })],
    });
    const empty = pageMeta(
      '/v1/things',
      {},
      pageRequest(query({ totalRequired: true }), CREATED_AT_ID, 'L'),
      {
        totalItems: 0,
      },
    );
    expect(empty).toMatchObject({ totalItems: 0, totalPages: 0 });
    expect(empty.links.map((l) => l.rel)).toEqual(['self', 'first']);
  });
});
