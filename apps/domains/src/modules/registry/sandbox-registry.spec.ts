import { DEFAULT_RESERVED, DEFAULT_TAKEN_PATTERN } from '../../config/domains.config';
import { TLD_YEARLY_PRICES, standingOf, yearlyPriceOf } from './sandbox-registry';

const settings = { reserved: new Set(DEFAULT_RESERVED), takenPattern: new RegExp(DEFAULT_TAKEN_PATTERN) };

describe('the sandbox registry', () => {
  it.each([
    ['example.com', 11_990_000],
    ['example.net', 13_990_000],
    ['example.org', 9_990_000],
    ['example.io', 39_990_000],
    ['example.dev', 14_990_000],
    ['example.app', 14_990_000],
    ['example.shop', 2_990_000],
    ['shop.example.ai', 79_990_000],
  ])('prices %s at %d USD micro-units a year', (domain, price) => {
    expect(yearlyPriceOf(domain)).toBe(price);
  });

  it('sells exactly eight TLDs', () => {
    expect(Object.keys(TLD_YEARLY_PRICES).sort()).toEqual([
      'ai',
      'app',
      'com',
      'dev',
      'io',
      'net',
      'org',
      'shop',
    ]);
  });

  it.each(['example.de', 'example.co.uk', 'example.constructor', 'example.tostring'])(
    'does not sell %s',
    (domain) => {
      expect(yearlyPriceOf(domain)).toBeUndefined();
    },
  );

  it.each([
    ['my-new-shop.com', false, 'available'],
    ['my-new-shop.com', true, 'registered'],
    ['example.com', false, 'reserved'],
    ['abc.io', false, 'taken-elsewhere'],
    ['taken-anything.dev', false, 'taken-elsewhere'],
    ['abcd.io', false, 'available'],
    ['abc.io', true, 'registered'],
  ] as const)('%s (registered here: %s) is %s', (domain, registered, standing) => {
    expect(standingOf(domain, registered, settings)).toBe(standing);
  });
});
