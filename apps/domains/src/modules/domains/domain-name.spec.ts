import { enclosingNames, normalizeDomainName, tldOf } from './domain-name';

describe('domain names', () => {
  it.each([
    ['Example.COM', 'example.com'],
    ['example.com.', 'example.com'],
    [' shop.example.co.uk ', 'shop.example.co.uk'],
    ['xn--bcher-kva.de', 'xn--bcher-kva.de'],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`],
  ])('takes %j as %j', (raw, canonical) => {
    expect(normalizeDomainName(raw)).toBe(canonical);
  });

  it.each([
    'com',
    'example',
    '-example.com',
    'example-.com',
    'exa_mple.com',
    'example..com',
    'example.123',
    `${'a'.repeat(64)}.com`,
    `${'a.'.repeat(126)}com`,
    'bücher.de',
    '',
  ])('refuses %j', (raw) => {
    expect(normalizeDomainName(raw)).toBeUndefined();
  });

  it('names the TLD and the enclosing names of a host', () => {
    expect(tldOf('shop.example.com')).toBe('com');
    expect(enclosingNames('a.example.com')).toEqual(['a.example.com', 'example.com', 'com']);
  });
});
