import { codedEntityTag, entityTagOf, isBufferedAnswer, matchingEntityTag } from './conditional-get';

describe('conditional GETs', () => {
  const tag = entityTagOf(Buffer.from('{"a":1}'));

  it('tags a body with the quoted base64url SHA-256, the same bytes the same tag', () => {
    expect(tag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(entityTagOf(Buffer.from('{"a":1}'))).toBe(tag);
    expect(entityTagOf(Buffer.from('{"a":2}'))).not.toBe(tag);
  });

  it('names the coding of a compressed representation', () => {
    expect(codedEntityTag(tag, 'br')).toBe(`${tag.slice(0, -1)}.br"`);
  });

  it.each([
    ['the tag itself', () => tag, () => tag],
    ['a weak form of it', () => `W/${tag}`, () => tag],
    [
      'its gzip representation, in a list',
      () => `"x", ${codedEntityTag(tag, 'gzip')}`,
      () => codedEntityTag(tag, 'gzip'),
    ],
    ['*', () => '*', () => tag],
  ])('matches If-None-Match naming %s', (_what, header, matched) => {
    expect(matchingEntityTag(header(), tag)).toBe(matched());
  });

  it('matches nothing else', () => {
    expect(matchingEntityTag(undefined, tag)).toBeUndefined();
    expect(matchingEntityTag('"other"', tag)).toBeUndefined();
    expect(matchingEntityTag(entityTagOf(Buffer.from('x')), tag)).toBeUndefined();
  });

  it('reads only answers of known length up to 1 MiB that are not event streams, never to HEAD', () => {
    expect(isBufferedAnswer('GET', { 'content-length': '10', 'content-type': 'application/json' })).toBe(
      true,
    );
    expect(isBufferedAnswer('POST', { 'content-length': '10' })).toBe(true);
    expect(isBufferedAnswer('HEAD', { 'content-length': '10' })).toBe(false);
    expect(isBufferedAnswer('GET', {})).toBe(false);
    expect(isBufferedAnswer('GET', { 'content-length': String(2 * 1024 * 1024) })).toBe(false);
    expect(isBufferedAnswer('GET', { 'content-length': '10', 'content-type': 'text/event-stream' })).toBe(
      false,
    );
  });
});
