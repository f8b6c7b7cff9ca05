import { contentDigest, contentDigestMatches } from './content-digest';

describe('contentDigest (RFC 9530, as UCP uses it)', () => {
  it('is sha-256 of the raw bytes as a byte sequence', () => {
    // RFC 9530 Appendix B.1: the body {"hello": "world"} and its sha-256 digest.
    expect(contentDigest('{"hello": "world"}')).toBe(
      'sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:',
    );
  });

  it('hashes bytes, not a re-serialized JSON value', () => {
    expect(contentDigest('{"a":1}')).not.toBe(contentDigest('{"a": 1}'));
    expect(contentDigest(Buffer.from('{"a":1}'))).toBe(contentDigest('{"a":1}'));
  });
});

describe('contentDigestMatches', () => {
  const body = '{"hello": "world"}';

  it('accepts the digest of the same bytes', () => {
    expect(contentDigestMatches(contentDigest(body), body)).toBe(true);
  });

  it('refuses the digest of other bytes', () => {
    expect(contentDigestMatches(contentDigest(body), `${body} `)).toBe(false);
  });

  it('checks every member it can compute (sha-512 as well)', () => {
    const sha512 =
      'sha-512=:WZDPaVn/7XgHaAy8pmojAkGWoRx2UFChF41A2svX+TaPm+AbwAgBWnrIiYllu7BNNyealdVLvRwEmTHWXvJwew==:';
    expect(contentDigestMatches(sha512, body)).toBe(true);
    expect(contentDigestMatches(`${contentDigest(body)}, ${sha512}`, body)).toBe(true);
    expect(contentDigestMatches(`${contentDigest('other')}, ${sha512}`, body)).toBe(false);
  });

  it('refuses a field with no algorithm it knows, and a malformed field', () => {
    expect(contentDigestMatches('md5=:AAAA:', body)).toBe(false);
    expect(contentDigestMatches('sha-256=X48E9q', body)).toBe(false);
    expect(contentDigestMatches(undefined, body)).toBe(false);
  });
});
