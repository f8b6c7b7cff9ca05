import { domainProductId, domainVariantId, parseCatalogId, tldOf } from './platform-catalog.ids';

describe('platform catalog ids', () => {
  it.each([
    ['web-hosting', { kind: 'row', id: 'web-hosting' }],
    ['domain-registration-com', { kind: 'row', id: 'domain-registration-com' }],
    ['domain:example.com', { kind: 'domain', domain: 'example.com' }],
    ['domain:Shop.Example.COM:10y', { kind: 'domain-period', domain: 'shop.example.com', periodYears: 10 }],
    ['domain:xn--bcher-kva.ch:1y', { kind: 'domain-period', domain: 'xn--bcher-kva.ch', periodYears: 1 }],
  ])('reads %s', (id, expected) => {
    expect(parseCatalogId(id)).toEqual(expected);
  });

  it.each([
    '',
    'Web-Hosting',
    '-web',
    'web-',
    'domain:',
    'domain:localhost',
    'domain:example.com:0y',
    'domain:example.com:100y',
    'domain:example.com:2',
    'domain:exa mple.com',
    'domain:bad_name.com',
    `domain:${'a'.repeat(250)}.com`,
    'x'.repeat(65),
  ])('refuses %j', (id) => {
    expect(parseCatalogId(id)).toBeUndefined();
  });

  it('writes what it reads', () => {
    expect(parseCatalogId(domainProductId('example.org'))).toEqual({ kind: 'domain', domain: 'example.org' });
    expect(parseCatalogId(domainVariantId('example.org', 7))).toEqual({
      kind: 'domain-period',
      domain: 'example.org',
      periodYears: 7,
    });
    expect(tldOf('a.b.example.io')).toBe('io');
  });
});
