import { INVALID_PAGE_TOKEN, LogPageTokens, LogQueryBinding } from './log-page-token';

describe('log page tokens', () => {
  const tokens = new LogPageTokens(Buffer.alloc(32, 7));
  const query: LogQueryBinding = {
    appId: 'NODEJS-shop',
    variant: 'PREVIEW',
    since: new Date('2026-03-01T10:00:00.000Z'),
    level: 'WARN',
    pageSize: 100,
  };
  const cursor = { at: new Date('2026-03-01T10:05:00.123Z'), id: '4242' };

  it('keep their documented wire format, `<at ms>.<id>.<mac>` (tokens already handed out stay valid)', () => {
    expect(tokens.encode(query, cursor)).toBe('1772359500123.4242.48-NXIn0P3lQtSB0kWz3RQ');
    expect(tokens.encode({ ...query, source: 'STDERR' }, cursor)).toBe(
      '1772359500123.4242.IA5hYMBD6sM8BqTeJOMDbQ',
    );
    expect(tokens.decode(query, '1772359500123.4242.48-NXIn0P3lQtSB0kWz3RQ')).toEqual(cursor);
  });

  it.each([
    ['another query', tokens.encode({ ...query, pageSize: 99 }, cursor)],
    ['another key', new LogPageTokens(Buffer.alloc(32, 8)).encode(query, cursor)],
    ['a moved position', `1772359500124${tokens.encode(query, cursor).slice(13)}`],
    ['a forged mac', '1772359500123.4242.AAAAAAAAAAAAAAAAAAAAAA'],
    ['unused bits of the mac changed', '1772359500123.4242.48-NXIn0P3lQtSB0kWz3RR'],
    ['a position that is not digits', 'x.4242.48-NXIn0P3lQtSB0kWz3RQ'],
    ['not a token', 'not-a-token'],
  ])('refuse %s with 400 INVALID_PAGE_TOKEN at query pageToken', (_case, token) => {
    const violation = { location: 'query', path: ['pageToken'], code: INVALID_PAGE_TOKEN };
    expect(() => tokens.decode(query, token)).toThrow(
      expect.objectContaining({ violations: [expect.objectContaining(violation)] }),
    );
  });

  it('need SECRETS_ENCRYPTION_KEY', () => {
    expect(() => new LogPageTokens(Buffer.alloc(0))).toThrow('log page tokens need SECRETS_ENCRYPTION_KEY');
  });
});
